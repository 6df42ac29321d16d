/**
 * VAT by destination, for a seller in Germany selling to consumers (distance sales under the One-Stop-Shop scheme).
 *
 * Catalog amounts are what a buyer in Germany pays, German VAT included, and a buyer anywhere in the EU pays the
 * same: the price includes the VAT of their country, extracted at its rate. Outside the EU the sale is a VAT-free
 * export, charged the net amount (the catalog amount without German VAT). Every amount is integer cents; each line
 * is rounded on its own, so that lines add up to the totals exactly.
 */

/** The standard VAT rates of the 27 member states, in basis points (19 % = 1900), as of the date below. */
export const EU_STANDARD_VAT = {
  validFrom: "2025-08-01",
  source:
    "European Commission, Taxation and Customs Union: VAT rates applied in the Member States of the European Union (situation at 1 July 2025); Romania 21 % from 1 August 2025",
  basisPoints: {
    AT: 2000,
    BE: 2100,
    BG: 2000,
    CY: 1900,
    CZ: 2100,
    DE: 1900,
    DK: 2500,
    EE: 2400,
    ES: 2100,
    FI: 2550,
    FR: 2000,
    GR: 2400,
    HR: 2500,
    HU: 2700,
    IE: 2300,
    IT: 2200,
    LT: 2100,
    LU: 1700,
    LV: 2100,
    MT: 1800,
    NL: 2100,
    PL: 2300,
    PT: 2300,
    RO: 2100,
    SE: 2500,
    SI: 2200,
    SK: 2300,
  },
} as const;

export type EuCountryCode = keyof typeof EU_STANDARD_VAT.basisPoints;

/** The seller's country: catalog amounts include its VAT. */
export const SELLER_COUNTRY = "DE" satisfies EuCountryCode;

export function isEuCountry(country: string): country is EuCountryCode {
  return Object.hasOwn(EU_STANDARD_VAT.basisPoints, country);
}

/** How a sale to a destination is taxed. */
export type TaxRule =
  | { kind: "vat"; country: EuCountryCode; basisPoints: number }
  | { kind: "export"; country: string };

export function taxRuleFor(country: string): TaxRule {
  return isEuCountry(country)
    ? { kind: "vat", country, basisPoints: EU_STANDARD_VAT.basisPoints[country] }
    : { kind: "export", country };
}

/** The rule before the buyer has said where the deck goes: the seller's own country (the default buyer's). */
export const DEFAULT_TAX_RULE = taxRuleFor(SELLER_COUNTRY);

export interface TaxedAmount {
  /** What the buyer pays for the line. */
  grossCents: number;
  netCents: number;
  vatCents: number;
}

/** `numerator / denominator` rounded half up, in integers (no floating-point ties). */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The VAT contained in a gross amount at a rate: gross × rate / (1 + rate), rounded to the cent. */
export function vatContained(grossCents: number, basisPoints: number): number {
  return divideRounded(grossCents * basisPoints, 10_000 + basisPoints);
}

/** One catalog amount (German VAT included) as the destination pays it. */
export function taxAmount(catalogCents: number, rule: TaxRule): TaxedAmount {
  if (rule.kind === "export") {
    const netCents = catalogCents - vatContained(catalogCents, EU_STANDARD_VAT.basisPoints[SELLER_COUNTRY]);
    return { grossCents: netCents, netCents, vatCents: 0 };
  }
  const vatCents = vatContained(catalogCents, rule.basisPoints);
  return { grossCents: catalogCents, netCents: catalogCents - vatCents, vatCents };
}

/** A rate for people: 19 %, 25.5 %. */
export function ratePercent(basisPoints: number): number {
  return basisPoints / 100;
}
