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

/** The address fields' labels: the Shipping step's form and the account's address book ask the same way. */
export const addressFieldLabels = {
  name: "Full name",
  address: "Street and house number",
  addressextend: "Apartment, suite, etc. (optional)",
  postalcode: "Postal code",
  city: "Town or city",
  country: "Country",
} as const;
