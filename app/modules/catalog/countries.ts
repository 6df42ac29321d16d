import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { nameSortKey } from "./country-names.ts";
import { formatCountry } from "./format.ts";
import { SHIPPING_ZONES, type ShippingZoneId } from "./shipping.ts";
import { SELLER_COUNTRY } from "./tax.ts";

/**
 * The countries we ship to (the destinations of shipping.ts's zones) and how their addresses are written: the
 * postal code's format (checked with the maintained `postcode-validator` library, which covers every one of them),
 * an example for the buyer, a required state, province or territory where the post needs one, and where the
 * postal code goes on the parcel. Country names come from country-names.ts (CLDR's, in the page's language).
 */

export type CountryCode = (typeof SHIPPING_ZONES)[ShippingZoneId]["countries"][number];

/** Every destination, by code (A–Z). */
export const countryCodes = Object.values(SHIPPING_ZONES)
  .flatMap((zone) => zone.countries as readonly CountryCode[])
  .sort() as [CountryCode, ...CountryCode[]];

export function isCountryCode(value: string): value is CountryCode {
  return (countryCodes as readonly string[]).includes(value);
}

/** The seller's country: first in the list, the default destination before the buyer chooses. */
export const HOME_COUNTRY: CountryCode = SELLER_COUNTRY;

/** A postal code as the country's post writes it, shown as the field's hint and in its message. */
export const POSTAL_CODE_EXAMPLES = {
  AT: "1010",
  AU: "2000",
  BE: "1000",
  BG: "1000",
  CA: "K1A 0B1",
  CH: "8001",
  CY: "1010",
  CZ: "110 00",
  DE: "10115",
  DK: "2100",
  EE: "10111",
  ES: "28001",
  FI: "00100",
  FR: "75001",
  GB: "SW1A 1AA",
  GR: "105 57",
  HR: "10000",
  HU: "1051",
  IE: "D02 X285",
  IT: "00118",
  JP: "100-0001",
  LT: "01100",
  LU: "1009",
  LV: "LV-1050",
  MT: "VLT 1117",
  NL: "1011 AB",
  NO: "0150",
  PL: "00-950",
  PT: "1100-148",
  RO: "010011",
  SE: "114 55",
  SI: "1000",
  SK: "811 01",
  US: "94103",
} as const satisfies Record<CountryCode, string>;

/**
 * Formats for a country the library does not cover. It covers all of ours (postcode-validator 3.10.22); a
 * destination added later without library support gets its pattern here, or the schema refuses every code.
 */
const FALLBACK_POSTAL_CODE_PATTERNS: Partial<Record<CountryCode, RegExp>> = {};

const threeTwo: [RegExp, string] = [/^(\d{3}) ?(\d{2})$/, "$1 $2"];

/** Codes typed without (or with) the post's space or hyphen, and how the post writes them. */
const POSTAL_CODE_LAYOUTS: Partial<Record<CountryCode, [RegExp, string]>> = {
  CA: [/^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/, "$1 $2"],
  CZ: threeTwo,
  GB: [/^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/, "$1 $2"],
  GR: threeTwo,
  IE: [/^([A-Z]\d[\dW]) ?([A-Z\d]{4})$/, "$1 $2"],
  JP: [/^(\d{3})-?(\d{4})$/, "$1-$2"],
  LV: [/^(?:LV-?)?(\d{4})$/, "LV-$1"],
  MT: [/^([A-Z]{3}) ?(\d{4})$/, "$1 $2"],
  NL: [/^(\d{4}) ?([A-Z]{2})$/, "$1 $2"],
  PL: [/^(\d{2})-?(\d{3})$/, "$1-$2"],
  PT: [/^(\d{4})-?(\d{3})$/, "$1-$2"],
  SE: threeTwo,
  SK: threeTwo,
};

/**
 * A postal code (trimmed, upper-cased) as the country's post writes it: "00950" is "00-950" in Poland, "1000001"
 * "100-0001" in Japan, "K1A0B1" "K1A 0B1" in Canada. A code that does not fit the country's layout is returned as
 * it is, for the format check to refuse.
 */
export function canonicalPostalCode(country: CountryCode, postalCode: string): string {
  const compact = postalCode.replace(/\s+/g, " ");
  const layout = POSTAL_CODE_LAYOUTS[country];
  return layout && layout[0].test(compact) ? compact.replace(layout[0], layout[1]) : compact;
}

/** Whether a postal code (trimmed, upper-cased) is one of the country's. */
export function isPostalCodeOf(country: CountryCode, postalCode: string): boolean {
  const fallback = FALLBACK_POSTAL_CODE_PATTERNS[country];
  if (fallback) return fallback.test(postalCode);
  return postcodeValidatorExistsForCountry(country) && postcodeValidator(postalCode, country);
}

export interface Region {
  /** The post's abbreviation, as it goes on the parcel: "CA", "ON", "NSW". */
  code: string;
  name: string;
}

/**
 * The states, provinces and territories of the countries whose addresses need one. US: the 50 states and the
 * District of Columbia (the post's codes; overseas territories and military addresses are not served); Canada: 10
 * provinces and 3 territories; Australia: 6 states and 2 mainland territories. Proper names, the same in both
 * languages, as they are written on a parcel.
 */
export const REGIONS = {
  US: [
    ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
    ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"],
    ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"], ["IA", "Iowa"],
    ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"], ["MD", "Maryland"],
    ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"],
    ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"],
    ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"],
    ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"],
    ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"],
    ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
  ],
  CA: [
    ["AB", "Alberta"], ["BC", "British Columbia"], ["MB", "Manitoba"], ["NB", "New Brunswick"],
    ["NL", "Newfoundland and Labrador"], ["NS", "Nova Scotia"], ["NT", "Northwest Territories"], ["NU", "Nunavut"],
    ["ON", "Ontario"], ["PE", "Prince Edward Island"], ["QC", "Quebec"], ["SK", "Saskatchewan"], ["YT", "Yukon"],
  ],
  AU: [
    ["ACT", "Australian Capital Territory"], ["NSW", "New South Wales"], ["NT", "Northern Territory"],
    ["QLD", "Queensland"], ["SA", "South Australia"], ["TAS", "Tasmania"], ["VIC", "Victoria"],
    ["WA", "Western Australia"],
  ],
} as const satisfies Partial<Record<CountryCode, readonly (readonly [string, string])[]>>;

export type RegionCountry = keyof typeof REGIONS;

/** Whether an address in the country needs a state, province or territory. */
export function needsRegion(country: string): country is RegionCountry {
  return Object.hasOwn(REGIONS, country);
}

/** The country's regions to choose from; none where the address has no such line. */
export function regionsOf(country: string): Region[] {
  return needsRegion(country) ? REGIONS[country].map(([code, name]) => ({ code, name })) : [];
}

export function isRegionOf(country: string, region: string): boolean {
  return regionsOf(country).some((entry) => entry.code === region);
}

/**
 * Where the postal code goes on the parcel (and in the form): before the town in most of Europe ("10115 Berlin"),
 * on its own line after the town in the UK and Ireland, after town and state in North America and Australia
 * ("San Francisco CA 94103").
 */
export type AddressLayout = "postcode-town" | "town-postcode" | "town-region-postcode";

export function addressLayoutOf(country: string): AddressLayout {
  if (needsRegion(country)) return "town-region-postcode";
  if (country === "GB" || country === "IE") return "town-postcode";
  return "postcode-town";
}

/** The town's line(s) of an address as on the parcel: "10115 Berlin"; "London", "SW1A 1AA"; "Austin TX 78701". */
export function townLines({ postalcode, city, country, region = "" }: { postalcode: string; city: string; country: string; region?: string }): string[] {
  switch (addressLayoutOf(country)) {
    case "town-postcode":
      return [city, postalcode];
    case "town-region-postcode":
      return [[city, region, postalcode].filter(Boolean).join(" ")];
    case "postcode-town":
      return [`${postalcode} ${city}`.trim()];
  }
}


type NamedCountry = { readonly code: CountryCode; readonly name: string };
const listsByLocale = new Map<Locale, readonly NamedCountry[]>();

/**
 * The destinations as a country select lists them: the seller's country first, then A–Z by the shown name. Made
 * once per language: naming and sorting them took 1.4 % of a checkout page's server CPU when made per render.
 */
export function countriesByName(locale: Locale): readonly NamedCountry[] {
  const known = listsByLocale.get(locale);
  if (known) return known;
  const named = countryCodes.map((code) => Object.freeze({ code, name: formatCountry(code, locale) }));
  const home = named.filter((entry) => entry.code === HOME_COUNTRY);
  // Sorted by a key, not by Intl.Collator, which would load the browser's ICU data during hydration (country-names.ts).
  const keys = new Map(named.map((entry) => [entry, nameSortKey(entry.name)]));
  const rest = named.filter((entry) => entry.code !== HOME_COUNTRY).sort((a, b) => (keys.get(a)! < keys.get(b)! ? -1 : 1));
  const list = Object.freeze([...home, ...rest]);
  listsByLocale.set(locale, list);
  return list;
}
