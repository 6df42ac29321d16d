import { catalog, countries, type CountryCode } from "./catalog.ts";

export interface PriceInput {
  grip: boolean;
  /** Deck width in inches; 0 = not chosen yet (priced as the base deck). */
  size: number;
  /** Destination; without one, shipping is not yet known. */
  country?: CountryCode | "";
}

export interface PriceLine {
  label: string;
  cents: number;
}

export interface PriceBreakdown {
  lines: PriceLine[];
  subtotalCents: number;
  /** null until a destination country is known. */
  shippingCents: number | null;
  totalCents: number;
  /** The VAT share contained in the total (prices include VAT). */
  vatCents: number;
}

/**
 * The one pricing rule of the shop. The server charges what this returns; the client only displays it.
 */
export function priceOrder({ grip, size, country }: PriceInput): PriceBreakdown {
  const lines: PriceLine[] = [{ label: catalog.product.name, cents: catalog.product.basePriceCents }];
  if (size >= catalog.wideDeck.fromInches) {
    lines.push({ label: catalog.wideDeck.label, cents: catalog.wideDeck.priceCents });
  }
  if (grip) lines.push({ label: catalog.grip.label, cents: catalog.grip.priceCents });

  const subtotalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const shippingCents = country ? catalog.shippingCents[countries[country].zone] : null;
  const totalCents = subtotalCents + (shippingCents ?? 0);
  const vatCents = Math.round((totalCents * catalog.vatRate) / (1 + catalog.vatRate));
  return { lines, subtotalCents, shippingCents, totalCents, vatCents };
}
