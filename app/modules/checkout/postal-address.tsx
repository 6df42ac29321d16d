import type { ChangeEvent } from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { SelectField, TextField } from "#app/components/form-fields.tsx";
import {
  addressLayoutOf,
  countriesByName,
  isCountryCode,
  needsRegion,
  POSTAL_CODE_EXAMPLES,
  regionsOf,
  townLines,
  type CountryCode,
} from "#app/modules/catalog/countries.ts";
import { formatCountry } from "#app/modules/catalog/format.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";

export interface PostalAddressFields {
  name: string;
  address: string;
  addressextend: string;
  postalcode: string;
  city: string;
  country: string;
  /** State, province or territory (US, CA, AU); "" or missing elsewhere. */
  region?: string;
}

/** A shipping address as it goes on the parcel, in the order the destination's post reads it. */
export function PostalAddress({ address, testId }: { address: PostalAddressFields; testId?: string }) {
  const locale = useLocale();
  const lines = [address.name, address.address, address.addressextend, ...townLines(address)].filter((line) => line !== "");
  return (
    <address className="address" data-testid={testId}>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
      {isCountryCode(address.country) ? formatCountry(address.country, locale) : address.country}
    </address>
  );
}

export type AddressFieldKey = "name" | "address" | "addressextend" | "postalcode" | "city" | "region" | "country";

/** The address fields' labels in the page's language: the Shipping step and the address book ask the same way. */
export function useAddressFieldLabels(country: string): Record<AddressFieldKey, string> {
  const { t } = useTranslation("checkout");
  return {
    name: t("address.name"),
    address: t("address.address"),
    addressextend: t("address.addressextend"),
    postalcode: t("address.postalcode"),
    city: t("address.city"),
    region: needsRegion(country) ? t(`address.region.${country}`) : "",
    country: t("address.country"),
  };
}

/** The fields an address form shows for a country, in their order (the region only where one is needed). */
export function addressFieldKeys(country: string): AddressFieldKey[] {
  const town: AddressFieldKey[] =
    addressLayoutOf(country) === "town-region-postcode"
      ? ["city", "region", "postalcode"]
      : addressLayoutOf(country) === "town-postcode"
        ? ["city", "postalcode"]
        : ["postalcode", "city"];
  return ["name", "address", "addressextend", ...town, "country"];
}

/** One field's wiring from the form: conform's id, name and errors, and its value (controlled) or default. */
export interface AddressFieldProps {
  id: string;
  name: string;
  errors?: string[];
  value?: string;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

const AUTOCOMPLETE: Record<AddressFieldKey, string> = {
  name: "shipping name",
  address: "shipping address-line1",
  addressextend: "shipping address-line2",
  postalcode: "shipping postal-code",
  city: "shipping address-level2",
  region: "shipping address-level1",
  country: "shipping country",
};

/**
 * The address fields of the Shipping step and the address book, laid out for the chosen country: the postal code
 * before the town (most of Europe), after it (UK, Ireland), or after town and the required state, province or
 * territory (US, Canada, Australia). Countries are listed by their name in the page's language, the seller's first.
 */
export function AddressFields({
  country,
  field,
  onCountryChange,
  sideBySide = true,
}: {
  country: CountryCode;
  /** The town's fields side by side on a row (the Shipping step), or one a line (the address book). */
  sideBySide?: boolean;
  field: (key: AddressFieldKey) => AddressFieldProps;
  onCountryChange: (country: CountryCode) => void;
}) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const labels = useAddressFieldLabels(country);
  const keys = addressFieldKeys(country);
  const render = (key: AddressFieldKey) => {
    const props = { ...field(key), label: labels[key], autoComplete: AUTOCOMPLETE[key] };
    switch (key) {
      case "country":
        return (
          <SelectField
            key={key}
            {...props}
            onChange={(event) => {
              props.onChange?.(event);
              const value = event.currentTarget.value;
              if (isCountryCode(value)) onCountryChange(value);
            }}
          >
            {countriesByName(locale).map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        );
      case "region":
        return (
          <SelectField key={`${key}-${country}`} {...props}>
            <option value="">{t("address.regionChoose")}</option>
            {regionsOf(country).map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        );
      case "postalcode":
        return (
          <TextField
            key={key}
            {...props}
            autoCapitalize="characters"
            hint={t("address.postalcodeHint", { example: POSTAL_CODE_EXAMPLES[country] })}
          />
        );
      case "name":
        return <TextField key={key} {...props} autoCorrect="off" />;
      default:
        return <TextField key={key} {...props} />;
    }
  };
  // The town's fields side by side (a row), the others one a line.
  const townKeys = keys.filter((key) => key === "postalcode" || key === "city" || key === "region");
  const [first, ...rest] = townKeys;
  if (!sideBySide) return <>{keys.map(render)}</>;
  return (
    <>
      {render("name")}
      {render("address")}
      {render("addressextend")}
      {townKeys.length === 2 && first ? (
        <div className="field-row">{townKeys.map(render)}</div>
      ) : (
        <>
          {first ? render(first) : null}
          <div className="field-row">{rest.map(render)}</div>
        </>
      )}
      {render("country")}
    </>
  );
}
