import { countries, isCountryCode } from "#app/modules/catalog/catalog.ts";

export interface PostalAddressFields {
  name: string;
  address: string;
  addressextend: string;
  postalcode: string;
  city: string;
  country: string;
}

/** A shipping address as it goes on the parcel. */
export function PostalAddress({ address, testId }: { address: PostalAddressFields; testId?: string }) {
  return (
    <address className="address" data-testid={testId}>
      {address.name}
      <br />
      {address.address}
      {address.addressextend ? (
        <>
          <br />
          {address.addressextend}
        </>
      ) : null}
      <br />
      {address.postalcode} {address.city}
      <br />
      {isCountryCode(address.country) ? countries[address.country].name : address.country}
    </address>
  );
}
