/**
 * The shop's catalog: the one product, its options, prices and where we ship.
 * Server and client both import this module; an operator replaces the demo deck by editing it.
 * Every amount is in integer cents of `currency`, VAT included.
 */

export type CountryCode = keyof typeof countries;
export type ShippingZone = "home" | "eu" | "world";

export interface Country {
  name: string;
  zone: ShippingZone;
  /** Postal code format, matched against the trimmed, upper-cased input. */
  postalCode: RegExp;
  /** An example shown in the error message, so the buyer sees the expected shape. */
  postalCodeExample: string;
}

export const countries = {
  DE: { name: "Germany", zone: "home", postalCode: /^\d{5}$/, postalCodeExample: "10115" },
  AT: { name: "Austria", zone: "eu", postalCode: /^\d{4}$/, postalCodeExample: "1010" },
  BE: { name: "Belgium", zone: "eu", postalCode: /^\d{4}$/, postalCodeExample: "1000" },
  DK: { name: "Denmark", zone: "eu", postalCode: /^\d{4}$/, postalCodeExample: "2100" },
  ES: { name: "Spain", zone: "eu", postalCode: /^\d{5}$/, postalCodeExample: "28001" },
  FR: { name: "France", zone: "eu", postalCode: /^\d{5}$/, postalCodeExample: "75001" },
  IE: {
    name: "Ireland",
    zone: "eu",
    postalCode: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/,
    postalCodeExample: "D02 X285",
  },
  IT: { name: "Italy", zone: "eu", postalCode: /^\d{5}$/, postalCodeExample: "00118" },
  NL: { name: "Netherlands", zone: "eu", postalCode: /^\d{4} ?[A-Z]{2}$/, postalCodeExample: "1011 AB" },
  PL: { name: "Poland", zone: "eu", postalCode: /^\d{2}-\d{3}$/, postalCodeExample: "00-950" },
  SE: { name: "Sweden", zone: "eu", postalCode: /^\d{3} ?\d{2}$/, postalCodeExample: "114 55" },
  CH: { name: "Switzerland", zone: "world", postalCode: /^\d{4}$/, postalCodeExample: "8001" },
  GB: {
    name: "United Kingdom",
    zone: "world",
    postalCode: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
    postalCodeExample: "SW1A 1AA",
  },
  US: { name: "United States", zone: "world", postalCode: /^\d{5}(-\d{4})?$/, postalCodeExample: "94103" },
  CA: { name: "Canada", zone: "world", postalCode: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, postalCodeExample: "K1A 0B1" },
  AU: { name: "Australia", zone: "world", postalCode: /^\d{4}$/, postalCodeExample: "2000" },
  JP: { name: "Japan", zone: "world", postalCode: /^\d{3}-?\d{4}$/, postalCodeExample: "100-0001" },
} satisfies Record<string, Country>;

export const countryCodes = Object.keys(countries) as [CountryCode, ...CountryCode[]];

export const catalog = {
  shopName: "Deck Studio",
  product: {
    name: "Custom skateboard deck",
    description: "7-ply Canadian maple, printed with your own graphic.",
    basePriceCents: 5900,
  },
  currency: "EUR",
  locale: "en-IE",
  /** VAT rate of the home country; prices include it. */
  vatRate: 0.19,
  homeCountry: "DE" satisfies CountryCode as CountryCode,
  grip: { label: "Grip tape", priceCents: 900 },
  /** Deck widths in inches. `0` in the order means "not chosen yet". */
  sizes: [7.75, 8, 8.25, 8.5, 8.75] as const,
  wideDeck: { fromInches: 8.5, label: "Wide deck", priceCents: 300 },
  /** Deck length in inches, the same for every width (used by the editor's true-proportion outline). */
  deckLengthInches: 31.875,
  shippingCents: { home: 490, eu: 990, world: 1990 } satisfies Record<ShippingZone, number>,
  acceptedCardBrands: ["visa", "mastercard", "amex", "discover", "dinersclub", "jcb", "unionpay", "maestro"],
} as const;

export type DeckSize = (typeof catalog.sizes)[number];

export function isDeckSize(value: number): value is DeckSize {
  return (catalog.sizes as readonly number[]).includes(value);
}

export function isCountryCode(value: string): value is CountryCode {
  return Object.hasOwn(countries, value);
}
