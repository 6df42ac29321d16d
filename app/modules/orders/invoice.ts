import { catalog } from "#app/modules/catalog/catalog.ts";
import { vatContained } from "#app/modules/catalog/tax.ts";

/**
 * An order's invoice as numbers: its lines (what was bought, as charged) with the net amount and the VAT each
 * contains, and the totals by rate. Pure: the PDF (invoice-pdf.server.ts) only lays this out in the order's
 * language.
 *
 * Each line's gross amount is what the buyer paid for it; its VAT is extracted at the order's rate with
 * catalog/tax.ts's `vatContained`, line by line, exactly as pricing does, so that the invoice and the charge agree
 * by construction and the lines add up to the totals to the cent. An export (outside the EU) carries no VAT.
 */

/** What a line is, so that the invoice can name it in the buyer's language. */
export type InvoiceLineKind = "deck" | "wideDeck" | "grip" | "shipping" | "other";

export interface InvoiceLineInput {
  kind: InvoiceLineKind;
  /** The line's label as the order stored it (English), for a line the invoice has no words of its own for. */
  label: string;
  quantity: number;
  /** What the buyer paid for the line (all units), VAT included where there is VAT. */
  grossCents: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  netCents: number;
  vatCents: number;
}

export interface InvoiceTaxInput {
  taxKind: "vat" | "export";
  /** The order's VAT rate in basis points (19 % = 1900); ignored for an export. */
  vatBasisPoints: number;
}

export interface InvoiceAmounts {
  lines: InvoiceLine[];
  /** The rate the VAT lines were taxed at; 0 for an export. */
  vatBasisPoints: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** Net and VAT of each line and the totals; the totals are the lines' sums, so they always add up. */
export function invoiceAmounts(tax: InvoiceTaxInput, lines: readonly InvoiceLineInput[]): InvoiceAmounts {
  const basisPoints = tax.taxKind === "vat" ? tax.vatBasisPoints : 0;
  const split = lines.map((line): InvoiceLine => {
    const vatCents = basisPoints > 0 ? vatContained(line.grossCents, basisPoints) : 0;
    return { ...line, netCents: line.grossCents - vatCents, vatCents };
  });
  const sum = (pick: (line: InvoiceLine) => number) => split.reduce((total, line) => total + pick(line), 0);
  return {
    lines: split,
    vatBasisPoints: basisPoints,
    netCents: sum((line) => line.netCents),
    vatCents: sum((line) => line.vatCents),
    grossCents: sum((line) => line.grossCents),
  };
}

/** The fields of a stored order the invoice's lines come from. */
export interface InvoiceOrderLines {
  /** As stored: lines priced since VAT by destination also carry their `id` (catalog/pricing.ts). */
  priceLines: readonly { id?: string; label: string; cents: number }[];
  shippingCents: number;
  totalCents: number;
}

const KINDS: readonly InvoiceLineKind[] = ["deck", "wideDeck", "grip", "shipping"];

/** The kind of a stored price line: its id, or for older orders the catalog's label it was priced with. */
function kindOf({ id, label }: { id?: string; label: string }): InvoiceLineKind {
  const known = KINDS.find((kind) => kind === id);
  if (known) return known;
  if (label === catalog.product.name) return "deck";
  if (label === catalog.wideDeck.label) return "wideDeck";
  if (label === catalog.grip.label) return "grip";
  if (/^shipping\b/i.test(label)) return "shipping";
  return "other";
}

/**
 * The invoice's lines of a stored order: its price lines as charged, then shipping (stored apart). Throws if they
 * do not add up to the amount charged: an invoice must state what was paid, never a recomputed price.
 */
export function invoiceLinesOfOrder(order: InvoiceOrderLines): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = order.priceLines.map((line) => ({
    kind: kindOf(line),
    label: line.label,
    quantity: 1,
    grossCents: line.cents,
  }));
  const shippingInLines = lines.some((line) => line.kind === "shipping");
  if (!shippingInLines && order.shippingCents > 0) {
    lines.push({ kind: "shipping", label: "Shipping", quantity: 1, grossCents: order.shippingCents });
  }
  const charged = lines.reduce((total, line) => total + line.grossCents, 0);
  if (charged !== order.totalCents) {
    throw new Error(`the order's lines add up to ${charged} cents, but ${order.totalCents} were charged`);
  }
  return lines;
}
