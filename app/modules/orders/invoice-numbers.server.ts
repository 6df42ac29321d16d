import { sql } from "drizzle-orm";
import { invoiceCounters } from "#app/db/schema.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import type { Tx } from "./checkout-attempts.server.ts";

/**
 * Invoice numbers, "2026-000001": one series per calendar year (the seller's, as the invoice's date is printed), numbered
 * without gaps. The number is taken in the order's own transaction by raising the series' counter row
 * (INSERT … ON CONFLICT DO UPDATE … RETURNING: the first order of a year makes the row). The row stays locked
 * until the order commits, so concurrent orders take consecutive numbers one after the other, and an order that
 * rolls back gives its number back with everything else. A SEQUENCE would not: nextval() is never rolled back.
 */
export async function takeInvoiceNumber(tx: Tx): Promise<string> {
  const [taken] = await tx
    .insert(invoiceCounters)
    .values({ series: sql`to_char(now() at time zone ${catalog.timeZone}, 'YYYY')`, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ series: invoiceCounters.series, lastNumber: invoiceCounters.lastNumber });
  return formatInvoiceNumber(taken!.series, taken!.lastNumber);
}

/** "2026" and 1 → "2026-000001" (more than 999,999 in a year simply gets longer). */
export function formatInvoiceNumber(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, "0")}`;
}
