import { and, asc, gt, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderRefunds, orders } from "#app/db/schema.ts";
import { documentDatedIn } from "./admin-orders.server.ts";
import { dayInRange, journalEntriesOf, type JournalEntry, type JournalPartialNote } from "./document-journal.ts";
import type { ExportRange } from "./export-range.ts";
import { sellerDay } from "./order-csv.ts";

const journalColumns = {
  id: orders.id,
  number: orders.number,
  name: orders.name,
  country: orders.country,
  taxKind: orders.taxKind,
  vatBasisPoints: orders.vatBasisPoints,
  priceLines: orders.priceLines,
  shippingCents: orders.shippingCents,
  totalCents: orders.totalCents,
  invoiceNumber: orders.invoiceNumber,
  invoicedAt: orders.invoicedAt,
  createdAt: orders.createdAt,
  creditNoteNumber: orders.creditNoteNumber,
  creditNotedAt: orders.creditNotedAt,
};

/**
 * Every document dated in the range (on the seller's calendar), oldest first, then by number: the orders with one
 * are read a thousand at a time with their partial refunds, and each document outside the range is left out (an
 * order invoiced in October and cancelled in November gives November only its credit note).
 */
export async function journalEntries(db: Db, range: ExportRange): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  let after = "";
  for (;;) {
    const rows = await db
      .select(journalColumns)
      .from(orders)
      .where(and(isNotNull(orders.invoiceNumber), gt(orders.id, after), documentDatedIn(range)))
      .orderBy(asc(orders.id))
      .limit(1000);
    if (rows.length === 0) break;
    const refunds = await db
      .select({ orderId: orderRefunds.orderId, number: orderRefunds.creditNoteNumber, issuedAt: orderRefunds.createdAt, grossCents: orderRefunds.grossCents, vatCents: orderRefunds.vatCents })
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, rows.map((row) => row.id)))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.creditNoteNumber));
    const partialsOf = new Map<string, JournalPartialNote[]>();
    for (const refund of refunds) partialsOf.set(refund.orderId, [...(partialsOf.get(refund.orderId) ?? []), refund]);
    for (const row of rows) {
      for (const entry of journalEntriesOf(row, partialsOf.get(row.id) ?? [])) {
        if (dayInRange(sellerDay(entry.issuedAt), range)) entries.push(entry);
      }
    }
    after = rows.at(-1)!.id;
  }
  return entries.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
}

