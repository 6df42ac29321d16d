import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import {
  checkoutAttempts,
  emailLinks,
  mailOutbox,
  orderEvents,
  orderPrintFiles,
  issuedDocuments,
  orders,
  orderStatusCounts,
  sessions,
  signInAttempts,
  type OrderRow,
} from "#app/db/schema.ts";
import { initialDesign } from "#app/modules/design/design.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider, TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
import { openTestDatabase } from "#tests/support/test-database.ts";
import { ordersKeptFrom, sweepExpiredData } from "./data-retention.server.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2027-01-02T10:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);

async function orderPlacedAt(createdAt: Date): Promise<OrderRow> {
  const result = await placeOrder({
    db: database.db,
    provider: createTestPaymentProvider(),
    submission: {
      grip: false, size: 8, contact: `old-${randomUUID().slice(0, 8)}@example.com`, name: "Ada Lovelace", address: "1 St James's Square",
      addressextend: "", postalcode: "10115", city: "Berlin", country: "DE", region: "", design: initialDesign, checkoutId: randomUUID(),
      cardNumber: TEST_CARDS.success, cardName: "A Lovelace", cardMonth: "01", cardYear: "2034", cardCvv: "321",
    },
    userId: null,
    siteUrl: "http://shop.test",
  });
  if (result.status !== "placed") throw new Error("not placed");
  await database.db.update(orders).set({ createdAt }).where(eq(orders.id, result.order.id));
  await database.db.insert(orderPrintFiles).values({ orderId: result.order.id, svg: "<svg/>" }).onConflictDoNothing();
  return result.order;
}

const paidCount = async () =>
  (await database.db.select().from(orderStatusCounts).where(eq(orderStatusCounts.status, "paid")))[0]?.count ?? 0;

describe("data retention (D208)", () => {
  it("keeps orders for ten years from the end of the year they were placed in", () => {
    expect(ordersKeptFrom(new Date("2027-01-02T10:00:00Z")).toISOString()).toBe("2017-01-01T00:00:00.000Z");
    expect(ordersKeptFrom(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2016-01-01T00:00:00.000Z");
  });

  it("deletes what aged past its time, with what hangs on it, keeps the rest, and a second sweep finds nothing", async () => {
    const expiredOrders = [await orderPlacedAt(new Date("2015-06-01T12:00:00Z")), await orderPlacedAt(new Date("2016-12-31T23:00:00Z"))];
    // Placed eleven years ago, but its credit note is from 2020: kept ten years from the end of the note's year.
    const creditNotedLater = await orderPlacedAt(new Date("2015-03-01T12:00:00Z"));
    await database.db.update(orders).set({ creditNoteNumber: `2020-${randomUUID().slice(0, 6)}`, creditNotedAt: new Date("2020-05-01T12:00:00Z") }).where(eq(orders.id, creditNotedLater.id));
    const keptOrders = [await orderPlacedAt(new Date("2017-01-01T00:30:00Z")), await orderPlacedAt(ago(3)), creditNotedLater];
    const paidBefore = await paidCount();

    await database.db.insert(sessions).values([
      { id: `gone-${randomUUID()}`, userId: null, expiresAt: ago(1) },
      { id: `live-${randomUUID()}`, userId: null, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await database.db.insert(signInAttempts).values([
      { key: `client:gone-${randomUUID()}`, attempts: 3, windowStartedAt: ago(2) },
      { key: `client:live-${randomUUID()}`, attempts: 3, windowStartedAt: new Date(now.getTime() - 60_000) },
    ]);
    const link = (expiresAt: Date) => ({
      id: randomUUID(), purpose: "password-reset" as const, email: "ada@example.com", codeHash: randomUUID(), expiresAt,
    });
    await database.db.insert(emailLinks).values([link(ago(31)), link(ago(29)), link(new Date(now.getTime() + DAY))]);
    const mail = (status: "pending" | "sent" | "failed", createdAt: Date) => ({
      id: randomUUID(), eventKey: `test:${randomUUID()}`, recipient: "ada@example.com", subject: "s", textBody: "t", htmlBody: "h", status, createdAt,
    });
    const oldSent = mail("sent", ago(91));
    const oldFailed = mail("failed", ago(120));
    const oldPending = mail("pending", ago(120));
    const recentSent = mail("sent", ago(10));
    await database.db.insert(mailOutbox).values([oldSent, oldFailed, oldPending, recentSent]);

    const summary = await sweepExpiredData(database.db, now);
    expect(summary).toEqual({ sessions: 1, signInCounters: 1, links: 1, mails: 2, orders: 2 });

    const remaining = await database.db.select({ id: orders.id }).from(orders);
    const remainingIds = remaining.map((row) => row.id);
    for (const order of expiredOrders) expect(remainingIds).not.toContain(order.id);
    for (const order of keptOrders) expect(remainingIds).toContain(order.id);
    const expiredIds = expiredOrders.map((order) => order.id);
    expect(await database.db.select().from(orderEvents).where(inArray(orderEvents.orderId, expiredIds))).toEqual([]);
    expect(await database.db.select().from(orderPrintFiles).where(inArray(orderPrintFiles.orderId, expiredIds))).toEqual([]);
    expect(await database.db.select().from(issuedDocuments).where(inArray(issuedDocuments.orderId, expiredIds))).toEqual([]);
    expect(await database.db.select().from(issuedDocuments).where(eq(issuedDocuments.orderId, creditNotedLater.id))).toHaveLength(1);
    expect(
      await database.db.select().from(checkoutAttempts).where(inArray(checkoutAttempts.idempotencyKey, expiredOrders.map((order) => order.idempotencyKey))),
    ).toEqual([]);
    // The kept orders keep theirs, and the back office's counts follow the deletion.
    expect(await database.db.select().from(orderEvents).where(inArray(orderEvents.orderId, keptOrders.map((order) => order.id)))).toHaveLength(3);
    expect(await paidCount()).toBe(paidBefore - 2);
    const mailIds = (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((row) => row.id);
    expect(mailIds).toEqual(expect.arrayContaining([oldPending.id, recentSent.id]));
    expect(mailIds).not.toContain(oldSent.id);
    expect(mailIds).not.toContain(oldFailed.id);

    expect(await sweepExpiredData(database.db, now)).toEqual({ sessions: 0, signInCounters: 0, links: 0, mails: 0, orders: 0 });
  });

  it("two servers sweeping at the same moment delete each old order once", async () => {
    const old = await Promise.all(Array.from({ length: 6 }, (_, index) => orderPlacedAt(new Date(Date.UTC(2014, index, 1)))));
    const [a, b] = await Promise.all([sweepExpiredData(database.db, now), sweepExpiredData(database.db, now)]);
    expect(a.orders + b.orders).toBe(old.length);
    const left = await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, old.map((order) => order.id)));
    expect(left).toEqual([]);
  });
});
