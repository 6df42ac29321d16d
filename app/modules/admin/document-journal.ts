import { invoiceAmounts, invoiceLinesOfOrder } from "#app/modules/orders/invoice.ts";

/**
 * The accountant's journal: one row per document (an invoice, the credit note that cancels it, a credit note for
 * part of the amount), with its own date, net, VAT and gross, each as the document states it. A credit note is
 * booked in the VAT period of its own date (§ 17 UStG), whenever the invoice was; the order export (order-csv.ts)
 * has one row per order, which is what the operator needs, not what a VAT return is made from.
 */

export type JournalDocumentKind = "invoice" | "creditNote" | "partialCreditNote";

export interface JournalOrder {
  number: string;
  name: string;
  country: string;
  taxKind: "vat" | "export";
  vatBasisPoints: number;
  priceLines: readonly { id?: string; label: string; cents: number }[];
  shippingCents: number;
  totalCents: number;
  invoiceNumber: string | null;
  invoicedAt: Date | null;
  createdAt: Date;
  creditNoteNumber: string | null;
  creditNotedAt: Date | null;
}

export interface JournalPartialNote {
  number: string;
  issuedAt: Date;
  grossCents: number;
  vatCents: number;
}

export interface JournalEntry {
  number: string;
  kind: JournalDocumentKind;
  issuedAt: Date;
  order: JournalOrder;
  /** The invoice a credit note corrects; an invoice's own number. */
  invoiceNumber: string;
  /** Basis points of the document's VAT (0 for an export). */
  vatBasisPoints: number;
  /** Signed as the document states them: a credit note's are negative. */
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** A credit note's amount: the negative, and 0 rather than -0 (which a sheet would show as "-0"). */
const negated = (cents: number) => (cents === 0 ? 0 : -cents);

/**
 * An order's documents as journal entries: its invoice, each partial credit note, and the final credit note, which
 * credits only what the partial ones had not (the PDF's rule, invoice-pdf.server.ts). So an order's entries add up
 * to zero once it is cancelled or returned, in net, VAT and gross.
 */
export function journalEntriesOf(order: JournalOrder, partials: readonly JournalPartialNote[]): JournalEntry[] {
  if (!order.invoiceNumber) return [];
  const amounts = invoiceAmounts(
    { taxKind: order.taxKind, vatBasisPoints: order.vatBasisPoints },
    invoiceLinesOfOrder({ priceLines: order.priceLines, shippingCents: order.shippingCents, totalCents: order.totalCents }),
  );
  const withVat = amounts.vatBasisPoints > 0;
  const common = { order, invoiceNumber: order.invoiceNumber, vatBasisPoints: amounts.vatBasisPoints };
  const entries: JournalEntry[] = [
    {
      ...common,
      number: order.invoiceNumber,
      kind: "invoice",
      issuedAt: order.invoicedAt ?? order.createdAt,
      netCents: amounts.netCents,
      vatCents: amounts.vatCents,
      grossCents: amounts.grossCents,
    },
  ];
  let creditedGross = 0;
  let creditedVat = 0;
  for (const note of partials) {
    const vat = withVat ? note.vatCents : 0;
    creditedGross += note.grossCents;
    creditedVat += vat;
    entries.push({ ...common, number: note.number, kind: "partialCreditNote", issuedAt: note.issuedAt, netCents: negated(note.grossCents - vat), vatCents: negated(vat), grossCents: negated(note.grossCents) });
  }
  if (order.creditNoteNumber) {
    const gross = amounts.grossCents - creditedGross;
    const vat = amounts.vatCents - creditedVat;
    entries.push({
      ...common,
      number: order.creditNoteNumber,
      kind: "creditNote",
      issuedAt: order.creditNotedAt ?? order.createdAt,
      netCents: negated(gross - vat),
      vatCents: negated(vat),
      grossCents: negated(gross),
    });
  }
  return entries;
}

/** Whether a day (YYYY-MM-DD on the seller's calendar) is in the export's range, both ends included. */
export function dayInRange(day: string, range: { from: string | null; to: string | null }): boolean {
  return (range.from === null || day >= range.from) && (range.to === null || day <= range.to);
}
