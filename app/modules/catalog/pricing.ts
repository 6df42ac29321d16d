import { catalog } from "./catalog.ts";
import { shippingRateOf } from "./shipping.ts";
import { DEFAULT_TAX_RULE, taxAmount, taxRuleFor, type TaxRule } from "./tax.ts";

export interface PriceInput {
  grip: boolean;
  /** Deck width in inches; 0 = not chosen yet (priced as the base deck). */
  size: number;
  /** Destination; without one, shipping is not yet known and the seller's country (Germany) is assumed. */
  country?: string;
}

/** What a line is: pages name it in their language by this. */
export type PriceLineId = "deck" | "wideDeck" | "grip" | "shipping";

/** One line of the price, taxed by destination, in integer cents: `cents` is what the buyer pays (gross). */
export interface PriceLine {
  id: PriceLineId;
  /** The catalog's English name, kept with a placed order as it was charged. */
  label: string;
  /** Gross: what the buyer pays for the line (VAT included inside the EU; the net amount for an export). */
  cents: number;
  netCents: number;
  vatCents: number;
}

/** A placed order's line as stored: orders before VAT by destination (migration 0013) kept label and gross only. */
export type StoredPriceLine = Pick<PriceLine, "label" | "cents"> & Partial<Omit<PriceLine, "label" | "cents">>;

/** How the order is taxed: destination VAT at a rate (basis points, 19 % = 1900), or a VAT-free export (rate 0). */
export interface AppliedTax {
  kind: TaxRule["kind"];
  basisPoints: number;
  /** The destination the rule is for: the seller's country while the buyer has not said. */
  country: string;
}

export interface PriceBreakdown {
  /** The deck and its options (without shipping). */
  lines: PriceLine[];
  /** The lines' gross amounts added up. */
  subtotalCents: number;
  /** The shipping line; null until a destination country is known ("not yet known"). */
  shipping: PriceLine | null;
  /** `shipping.cents`, or null. */
  shippingCents: number | null;
  /** Every line's gross added up, shipping included: what is charged. */
  totalCents: number;
  netCents: number;
  /** The VAT contained in the total: the lines' VAT added up (0 for an export). */
  vatCents: number;
  tax: AppliedTax;
  /** Whether the buyer chose the destination (false: priced for the seller's country, shipping not yet known). */
  countryKnown: boolean;
}

function appliedTax(rule: TaxRule): AppliedTax {
  return { kind: rule.kind, basisPoints: rule.kind === "vat" ? rule.basisPoints : 0, country: rule.country };
}

function line(id: PriceLineId, label: string, catalogCents: number, rule: TaxRule): PriceLine {
  const { grossCents, netCents, vatCents } = taxAmount(catalogCents, rule);
  return { id, label, cents: grossCents, netCents, vatCents };
}

function sum(lines: readonly PriceLine[], pick: (line: PriceLine) => number): number {
  return lines.reduce((total, entry) => total + pick(entry), 0);
}

/**
 * The one pricing rule of the shop. The server charges what this returns; the client only displays it.
 *
 * Each catalog amount (German VAT included) is taxed by the destination's rule (tax.ts) on its own line, rounded to
 * the cent there; the totals are the lines added up, so gross = net + VAT holds for every line and for the total.
 * A destination we do not ship to (or none yet) is priced as the seller's country, with shipping not yet known.
 */
export function priceOrder({ grip, size, country }: PriceInput): PriceBreakdown {
  const shippingRate = country ? shippingRateOf(country) : undefined;
  const countryKnown = shippingRate !== undefined;
  const rule = countryKnown && country ? taxRuleFor(country) : DEFAULT_TAX_RULE;

  const lines: PriceLine[] = [line("deck", catalog.product.name, catalog.product.basePriceCents, rule)];
  if (size >= catalog.wideDeck.fromInches) {
    lines.push(line("wideDeck", catalog.wideDeck.label, catalog.wideDeck.priceCents, rule));
  }
  if (grip) lines.push(line("grip", catalog.grip.label, catalog.grip.priceCents, rule));
  const shipping = shippingRate === undefined ? null : line("shipping", "Shipping", shippingRate, rule);

  const all = shipping ? [...lines, shipping] : lines;
  return {
    lines,
    subtotalCents: sum(lines, (entry) => entry.cents),
    shipping,
    shippingCents: shipping?.cents ?? null,
    totalCents: sum(all, (entry) => entry.cents),
    netCents: sum(all, (entry) => entry.netCents),
    vatCents: sum(all, (entry) => entry.vatCents),
    tax: appliedTax(rule),
    countryKnown,
  };
}

/** A catalog amount (an option's surcharge, the base price) as a destination pays it: for "+ €9.00" and "from". */
export function priceForDestination(catalogCents: number, country?: string): number {
  const rule = country && shippingRateOf(country) !== undefined ? taxRuleFor(country) : DEFAULT_TAX_RULE;
  return taxAmount(catalogCents, rule).grossCents;
}

/**
 * A placed order's shipping line: its gross is stored, its VAT is what the total's VAT holds beyond the deck's
 * lines (exact, since the totals are the lines added up). Orders stored before the lines carried VAT give null.
 */
export function storedShippingLine(order: {
  priceLines: readonly StoredPriceLine[];
  shippingCents: number;
  vatCents: number;
}): { cents: number; netCents: number; vatCents: number } | null {
  if (order.priceLines.some((entry) => entry.vatCents === undefined)) return null;
  const vatCents = order.vatCents - order.priceLines.reduce((total, entry) => total + (entry.vatCents ?? 0), 0);
  return { cents: order.shippingCents, netCents: order.shippingCents - vatCents, vatCents };
}

/**
 * How a placed order was taxed, from its stored rule. Orders placed before VAT by destination (their lines carry no
 * VAT) were charged German VAT whatever the destination.
 */
export function storedTax(order: {
  taxKind: AppliedTax["kind"];
  vatBasisPoints: number;
  country: string;
  priceLines: readonly StoredPriceLine[];
}): AppliedTax {
  if (order.taxKind === "export") return { kind: "export", basisPoints: 0, country: order.country };
  const before = order.priceLines.some((entry) => entry.vatCents === undefined);
  return { kind: "vat", basisPoints: order.vatBasisPoints, country: before ? DEFAULT_TAX_RULE.country : order.country };
}
