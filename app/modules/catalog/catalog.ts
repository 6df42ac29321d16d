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
  /** The code as the message names it, with its article: "a German postal code", "a UK postcode". */
  postalCodeName: string;
}

export const countries = {
  DE: { name: "Germany", zone: "home", postalCode: /^\d{5}$/, postalCodeExample: "10115", postalCodeName: "a German postal code" },
  AT: { name: "Austria", zone: "eu", postalCode: /^\d{4}$/, postalCodeExample: "1010", postalCodeName: "an Austrian postal code" },
  BE: { name: "Belgium", zone: "eu", postalCode: /^\d{4}$/, postalCodeExample: "1000", postalCodeName: "a Belgian postal code" },
  DK: { name: "Denmark", zone: "eu", postalCode: /^\d{4}$/, postalCodeExample: "2100", postalCodeName: "a Danish postal code" },
  ES: { name: "Spain", zone: "eu", postalCode: /^\d{5}$/, postalCodeExample: "28001", postalCodeName: "a Spanish postal code" },
  FR: { name: "France", zone: "eu", postalCode: /^\d{5}$/, postalCodeExample: "75001", postalCodeName: "a French postal code" },
  IE: {
    name: "Ireland",
    zone: "eu",
    postalCode: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/,
    postalCodeExample: "D02 X285",
    postalCodeName: "an Irish Eircode",
  },
  IT: { name: "Italy", zone: "eu", postalCode: /^\d{5}$/, postalCodeExample: "00118", postalCodeName: "an Italian postal code" },
  NL: { name: "Netherlands", zone: "eu", postalCode: /^\d{4} ?[A-Z]{2}$/, postalCodeExample: "1011 AB", postalCodeName: "a Dutch postal code" },
  PL: { name: "Poland", zone: "eu", postalCode: /^\d{2}-\d{3}$/, postalCodeExample: "00-950", postalCodeName: "a Polish postal code" },
  SE: { name: "Sweden", zone: "eu", postalCode: /^\d{3} ?\d{2}$/, postalCodeExample: "114 55", postalCodeName: "a Swedish postal code" },
  CH: { name: "Switzerland", zone: "world", postalCode: /^\d{4}$/, postalCodeExample: "8001", postalCodeName: "a Swiss postal code" },
  GB: {
    name: "United Kingdom",
    zone: "world",
    postalCode: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
    postalCodeExample: "SW1A 1AA",
    postalCodeName: "a UK postcode",
  },
  US: { name: "United States", zone: "world", postalCode: /^\d{5}(-\d{4})?$/, postalCodeExample: "94103", postalCodeName: "a US ZIP code" },
  CA: { name: "Canada", zone: "world", postalCode: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, postalCodeExample: "K1A 0B1", postalCodeName: "a Canadian postal code" },
  AU: { name: "Australia", zone: "world", postalCode: /^\d{4}$/, postalCodeExample: "2000", postalCodeName: "an Australian postcode" },
  JP: { name: "Japan", zone: "world", postalCode: /^\d{3}-?\d{4}$/, postalCodeExample: "100-0001", postalCodeName: "a Japanese postal code" },
} satisfies Record<string, Country>;

export const countryCodes = Object.keys(countries) as [CountryCode, ...CountryCode[]];

export const catalog = {
  shopName: "Deck Studio",
  product: {
    /** The English name (orders, mails); pages show it, its description and what it is made of from common:product.* (D170). */
    name: "Custom skateboard deck",
    basePriceCents: 5900,
    /** Each deck is printed for its buyer: the working days until it leaves the workshop. */
    madeToOrderWorkingDays: 5,
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
