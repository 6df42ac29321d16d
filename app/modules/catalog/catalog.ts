/**
 * The shop's catalog: the one product, its options and prices (where we ship: shipping.ts and countries.ts; VAT:
 * tax.ts).
 * Server and client both import this module; an operator replaces the demo deck by editing it.
 * Every amount is in integer cents of `currency`, German VAT included (what a buyer in Germany pays).
 */

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
  /**
   * The seller's clock (Germany): the calendar day of an invoice and its year's number series, and every time a
   * page or mail shows. In UTC, an order placed at half past midnight in Berlin was dated the day before.
   */
  timeZone: "Europe/Berlin",
  locale: "en-IE",
  grip: { label: "Grip tape", priceCents: 900 },
  /** Deck widths in inches. `0` in the order means "not chosen yet". */
  sizes: [7.75, 8, 8.25, 8.5, 8.75] as const,
  wideDeck: { fromInches: 8.5, label: "Wide deck", priceCents: 300 },
  /** Deck length in inches, the same for every width (used by the editor's true-proportion outline). */
  deckLengthInches: 31.875,
  acceptedCardBrands: ["visa", "mastercard", "amex", "discover", "dinersclub", "jcb", "unionpay", "maestro"],
} as const;

export type DeckSize = (typeof catalog.sizes)[number];

export function isDeckSize(value: number): value is DeckSize {
  return (catalog.sizes as readonly number[]).includes(value);
}
