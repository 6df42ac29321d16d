import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceCounters, orders, type OrderRow } from "#app/db/schema.ts";
import { transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { projectPath } from "#app/project-root.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import type { Database } from "./client.server.ts";

/**
 * Migration 0017's last statement gives the orders cancelled before credit notes existed their credit note. The
 * migration ran on this test database while it was empty; here it runs again over orders as 0016 left them.
 */
const BACKFILL = readFileSync(projectPath("drizzle/0017_credit_notes.sql"), "utf8").split("--> statement-breakpoint").at(-1)!.trim();

const siteUrl = "http://shop.test";
const YEAR = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Berlin" }).format(new Date());
const numberOf = (n: number) => `${YEAR}-${String(n).padStart(6, "0")}`;
const DAY = 24 * 60 * 60 * 1000;

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function place(): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: orderSubmission(), userId: null, siteUrl });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

async function counter(): Promise<number> {
  const [row] = await database.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, YEAR));
  return row?.lastNumber ?? 0;
}

/** An order cancelled before 0017: refunded, but the cancel took no credit note. */
async function cancelledBefore0017(order: OrderRow, at: Date): Promise<void> {
  await database.db.execute(
    sql`update "orders" set "status" = 'cancelled', "refund_reference" = ${`test_re_${order.id}`}, "updated_at" = ${at.toISOString()}::timestamptz where "id" = ${order.id}`,
  );
}

const rowsOf = (ids: string[]) =>
  database.db
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber, creditNoteNumber: orders.creditNoteNumber, creditNotedAt: orders.creditNotedAt })
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(orders.id);

describe(`migration 0017's credit notes for orders cancelled before it, on ${databaseKind}`, () => {
  it("is the statement that numbers them", () => {
    expect(BACKFILL).toMatch(/UPDATE "orders" SET[\s\S]*"credit_note_number" =/);
  });

  it("numbers them on in this year's series, oldest cancel first, dated now; a second run changes nothing", async () => {
    const first = await place();
    const second = await place();
    const stillPaid = await place();
    const notInvoiced = await place();
    // Cancelled since 0017, through the back office: it has its credit note already.
    const cancelledSince = await transitionOrder(database.db, createTestPaymentProvider(), {
      orderId: (await place()).id,
      expected: "paid",
      to: "cancelled",
      actor: { id: "operator-1", name: "ops@example.com" },
      siteUrl,
    });
    if (!cancelledSince.ok) throw new Error("not cancelled");
    expect(cancelledSince.order.creditNoteNumber).toBe(numberOf(6));

    // The second was cancelled before the first: it gets the lower number.
    await cancelledBefore0017(first, new Date(Date.now() - DAY));
    await cancelledBefore0017(second, new Date(Date.now() - 2 * DAY));
    // An order without an invoice (none is, since 0013) has nothing for a credit note to cancel.
    await database.db.update(orders).set({ invoiceNumber: null, invoicedAt: null }).where(eq(orders.id, notInvoiced.id));
    await cancelledBefore0017(notInvoiced, new Date(Date.now() - 3 * DAY));

    const before = await counter();
    expect(before).toBe(6);
    const all = [first.id, second.id, stillPaid.id, notInvoiced.id, cancelledSince.order.id];
    const untouched = (await rowsOf(all)).filter((row) => ![first.id, second.id].includes(row.id));
    expect((await rowsOf([first.id, second.id])).map((row) => row.creditNoteNumber)).toEqual([null, null]);

    const ranAt = Date.now();
    await database.db.execute(sql.raw(BACKFILL));

    const [firstRow] = await rowsOf([first.id]);
    const [secondRow] = await rowsOf([second.id]);
    expect(secondRow!.creditNoteNumber).toBe(numberOf(before + 1));
    expect(firstRow!.creditNoteNumber).toBe(numberOf(before + 2));
    for (const row of [firstRow!, secondRow!]) {
      expect(row.creditNoteNumber).not.toBe(row.invoiceNumber);
      expect(row.creditNotedAt).toBeInstanceOf(Date);
      expect(Math.abs(row.creditNotedAt!.getTime() - ranAt)).toBeLessThan(60_000);
    }
    expect(await counter()).toBe(before + 2);
    expect((await rowsOf(all)).filter((row) => ![first.id, second.id].includes(row.id))).toEqual(untouched);
    expect(untouched.find((row) => row.id === notInvoiced.id)?.creditNoteNumber).toBeNull();
    expect(untouched.find((row) => row.id === stillPaid.id)?.creditNoteNumber).toBeNull();

    // The series stays gapless: the next number taken follows the backfilled ones.
    const next = await place();
    expect(next.invoiceNumber).toBe(numberOf(before + 3));

    const afterFirstRun = await rowsOf(all);
    const counterAfterFirstRun = await counter();
    await database.db.execute(sql.raw(BACKFILL));
    expect(await rowsOf(all)).toEqual(afterFirstRun);
    expect(await counter()).toBe(counterAfterFirstRun);
  });
});
