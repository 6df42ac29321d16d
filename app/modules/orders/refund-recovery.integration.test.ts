import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "#app/db/client.server.ts";
import { issuedDocuments, mailOutbox, orderEvents, orderRefunds, orders, refundIntents, type OrderRow } from "#app/db/schema.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { sweepExpiredData } from "#app/modules/housekeeping/data-retention.server.ts";
import { createTestPaymentProvider, TEST_CARDS, type PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { walkOrder } from "#tests/support/walk-order.ts";
import { transitionOrder, type TransitionRequest } from "./order-lifecycle.server.ts";
import type { OrderStatus } from "./order-status.ts";
import { partialRefundKey, refundPart, type PartialRefundRequest } from "./partial-refunds.server.ts";
import { placeOrder } from "./place-order.server.ts";
import { recoverRefundIntents } from "./refund-recovery.server.ts";

const OPERATOR = { id: "operator-3", name: "ops@example.com" };
const UNDERWAY = "A refund of this order is under way (asked by ops@example.com)";
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function paidOrder(provider: PaymentProvider, overrides: Partial<OrderSubmission> = {}): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider, submission: orderSubmission(overrides), userId: null, siteUrl: TEST_ORIGIN });
  if (result.status !== "placed") throw new Error(`order not placed: ${JSON.stringify(result)}`);
  return result.order;
}

function move(db: Db, provider: PaymentProvider, order: Pick<OrderRow, "id">, expected: OrderStatus, to: OrderStatus, extra: Partial<TransitionRequest> = {}) {
  return transitionOrder(db, provider, { orderId: order.id, expected, to, actor: OPERATOR, siteUrl: TEST_ORIGIN, ...extra });
}

function refund(db: Db, provider: PaymentProvider, order: Pick<OrderRow, "id">, overrides: Partial<PartialRefundRequest> = {}) {
  return refundPart(db, provider, {
    orderId: order.id,
    amountCents: 1250,
    reason: "Misprint on the tail",
    expectedRefundedCents: 0,
    actor: OPERATOR,
    siteUrl: TEST_ORIGIN,
    requestId: randomUUID(),
    ...overrides,
  });
}

const recover = (provider: PaymentProvider) => recoverRefundIntents({ db: database.db, provider, olderThanMs: 0 });

/**
 * A provider whose refund runs a recovery round after refunding and before answering: the round runs while the
 * request waits for the processor's answer, between its two transactions. `round()` is what that round did.
 */
function recoveringWhileAsked(provider: PaymentProvider) {
  let summary: Awaited<ReturnType<typeof recover>> | undefined;
  const slow: PaymentProvider = {
    ...provider,
    refund: async (request) => {
      const answer = await provider.refund(request);
      summary = await recover(provider);
      return answer;
    },
  };
  return { slow, round: () => summary };
}

/**
 * The database as a request sees it, but its second transaction (the refund's step 3) fails at its end, after writing
 * everything (a lost connection at COMMIT): all of it rolls back.
 */
function failingSecondTransaction(): Db {
  let transactions = 0;
  return new Proxy(database.db, {
    get(target, property) {
      if (property === "transaction") {
        return (work: Parameters<Db["transaction"]>[0]) =>
          target.transaction(async (tx) => {
            const result = await work(tx);
            if (++transactions === 2) throw new Error("Connection terminated unexpectedly");
            return result;
          });
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A processor that cannot be reached. */
const unreachable = (provider: PaymentProvider): PaymentProvider => ({ ...provider, refund: () => Promise.reject(new Error("ECONNREFUSED")) });

async function orderRow(id: string): Promise<OrderRow> {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const intentsOf = (orderId: string) => database.db.select().from(refundIntents).where(eq(refundIntents.orderId, orderId));
const eventsOf = (orderId: string) => database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
const creditNotesOf = (orderId: string) =>
  database.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.orderId, orderId), eq(issuedDocuments.kind, "creditNote")));
const processorRefundsOf = (provider: ReturnType<typeof createTestPaymentProvider>, order: Pick<OrderRow, "id">) =>
  [...provider.refunds.keys()].filter((key) => key.includes(order.id));
const mailsOf = async (orderId: string) =>
  (await database.db.select().from(mailOutbox).where(like(mailOutbox.eventKey, `%:${orderId}`))).map((mail) => mail.eventKey.split(":")[0]).sort();

describe(`a cancel's refund that the shop did not record, on ${databaseKind}`, () => {
  it("the processor refunded and the shop's transaction failed: the order is held as it was, and recovery cancels it once", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);

    await expect(move(failingSecondTransaction(), provider, order, "paid", "cancelled")).rejects.toThrow("Connection terminated unexpectedly");

    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundReference: null, creditNoteNumber: null });
    expect(await intentsOf(order.id)).toEqual([
      expect.objectContaining({ idempotencyKey: `refund:${order.id}`, kind: "cancelled", amountCents: order.totalCents, state: "asked", resolvedAt: null }),
    ]);
    expect(processorRefundsOf(provider, order)).toEqual([`refund:${order.id}`]);
    expect(await creditNotesOf(order.id)).toEqual([]);
    expect(await mailsOf(order.id)).toEqual(["order-placed"]);

    expect(await recover(provider)).toEqual({ completed: 1, refused: 0, left: 0 });

    const reference = provider.refunds.get(`refund:${order.id}`)!.refundReference;
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: "cancelled", refundReference: reference });
    expect(after.creditNoteNumber).toMatch(/^\d{4}-\d{6,}$/);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(processorRefundsOf(provider, order)).toHaveLength(1);
    expect(await mailsOf(order.id)).toEqual(["order-cancelled", "order-placed"]);
    const cancelled = (await eventsOf(order.id)).filter((event) => event.toStatus === "cancelled");
    expect(cancelled).toEqual([expect.objectContaining({ kind: "status", fromStatus: "paid", actor: OPERATOR.name, actorId: OPERATOR.id })]);
    expect(cancelled[0]!.details).toMatchObject({ refundReference: reference, creditNoteNumber: after.creditNoteNumber });
    expect(await intentsOf(order.id)).toEqual([expect.objectContaining({ state: "done", refundReference: reference, resolvedAt: expect.any(Date) })]);

    // A second round finds nothing open.
    expect(await recover(provider)).toEqual({ completed: 0, refused: 0, left: 0 });
    expect(processorRefundsOf(provider, order)).toHaveLength(1);
  });

  it("a request and a recovery round at once (the request outlived its grace period) apply the refund once, and both end cancelled", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    const { slow, round } = recoveringWhileAsked(provider);

    const result = await move(database.db, slow, order, "paid", "cancelled");

    expect(round()).toEqual({ completed: 1, refused: 0, left: 0 });
    expect(result).toMatchObject({ ok: true, unmailed: false, order: { status: "cancelled" } });
    expect(processorRefundsOf(provider, order)).toHaveLength(1);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect((await eventsOf(order.id)).filter((event) => event.toStatus === "cancelled")).toHaveLength(1);
    expect(await mailsOf(order.id)).toEqual(["order-cancelled", "order-placed"]);
  });

  it("while the refund is under way, a second cancel, a return, a partial refund and shipping are refused, in the operator's language", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    await walkOrder(database, order, "in_production");
    await expect(move(database.db, unreachable(provider), order, "in_production", "cancelled")).rejects.toThrow("ECONNREFUSED");

    expect(await move(database.db, provider, order, "in_production", "cancelled")).toEqual({
      ok: false,
      reason: "stale",
      current: "in_production",
      message: expect.stringContaining(UNDERWAY),
    });
    const shipping = await move(database.db, provider, order, "in_production", "shipped", {
      shipment: { carrier: "dhl", trackingNumber: "00340434161234567890" },
      locale: "de",
    });
    expect(shipping).toMatchObject({ ok: false, reason: "stale", message: expect.stringContaining("Für diese Bestellung läuft gerade eine Erstattung (veranlasst von ops@example.com)") });
    expect(await refund(database.db, provider, order)).toMatchObject({ ok: false, reason: "stale", message: expect.stringContaining(UNDERWAY) });
    // The chargeback's cancel asks no processor, but is held all the same.
    expect(await move(database.db, provider, order, "in_production", "cancelled", { refundedElsewhere: true })).toMatchObject({ ok: false, reason: "stale" });
    expect(await orderRow(order.id)).toMatchObject({ status: "in_production", partlyRefundedCents: 0, trackingNumber: null });
    expect(processorRefundsOf(provider, order)).toEqual([]);

    // Once recovery has made and applied the refund, the order is cancelled and nothing else went through.
    expect(await recover(provider)).toEqual({ completed: 1, refused: 0, left: 0 });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", trackingNumber: null, partlyRefundedCents: 0 });
    expect(processorRefundsOf(provider, order)).toEqual([`refund:${order.id}`]);
  });

  it("a processor that cannot be reached in the round leaves the intent asked for the next one", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    await walkOrder(database, order, "in_production", "shipped", "delivered");
    await expect(move(database.db, unreachable(provider), order, "delivered", "returned")).rejects.toThrow("ECONNREFUSED");
    expect(await orderRow(order.id)).toMatchObject({ status: "delivered" });

    // Younger than the grace period: its request may still be running, so the round leaves it alone.
    expect(await recoverRefundIntents({ db: database.db, provider, olderThanMs: 60_000 })).toEqual({ completed: 0, refused: 0, left: 0 });
    expect(await recover(unreachable(provider))).toEqual({ completed: 0, refused: 0, left: 1 });
    expect(await intentsOf(order.id)).toEqual([expect.objectContaining({ state: "asked", kind: "returned" })]);
    expect(await orderRow(order.id)).toMatchObject({ status: "delivered" });
    expect(processorRefundsOf(provider, order)).toEqual([]);

    // The processor answers again: the return is made, asked once.
    expect(await recover(provider)).toEqual({ completed: 1, refused: 0, left: 0 });
    expect(await orderRow(order.id)).toMatchObject({ status: "returned" });
    expect(processorRefundsOf(provider, order)).toEqual([`refund:${order.id}`]);
    expect(await mailsOf(order.id)).toEqual(["order-placed", "order-returned", "order-shipped"]);
  });

  it("a refund the processor refuses in the round: the intent is refused, the refusal is in the history, the order as it was", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider, { cardNumber: TEST_CARDS.refundRefused });
    await expect(move(database.db, unreachable(provider), order, "paid", "cancelled")).rejects.toThrow("ECONNREFUSED");
    const before = await orderRow(order.id);

    expect(await recover(provider)).toEqual({ completed: 0, refused: 1, left: 0 });

    expect(await orderRow(order.id)).toEqual(before);
    expect(await intentsOf(order.id)).toEqual([expect.objectContaining({ state: "refused", refundReference: null, resolvedAt: expect.any(Date) })]);
    const refusals = (await eventsOf(order.id)).filter((event) => event.kind === "refund-refused");
    expect(refusals).toEqual([
      expect.objectContaining({ fromStatus: "paid", toStatus: "paid", actor: OPERATOR.name, details: { attempted: "cancelled", reason: "charge_disputed" } }),
    ]);
    expect(await creditNotesOf(order.id)).toEqual([]);
    expect(await mailsOf(order.id)).toEqual(["order-placed"]);

    // No longer held: the cancel may be asked again (refused again, with the reason) or made without the processor.
    expect(await move(database.db, provider, order, "paid", "cancelled")).toMatchObject({ ok: false, reason: "refund-refused", current: "paid" });
    expect(await move(database.db, provider, order, "paid", "cancelled", { refundedElsewhere: true })).toMatchObject({ ok: true, order: { status: "cancelled" } });
  });

  it("retention deletes an order past its ten years with its refund intents", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    await expect(move(database.db, unreachable(provider), order, "paid", "cancelled")).rejects.toThrow("ECONNREFUSED");
    const placedAt = new Date("2015-03-01T12:00:00Z");
    await database.db.update(orders).set({ createdAt: placedAt, invoicedAt: placedAt }).where(eq(orders.id, order.id));

    await sweepExpiredData(database.db, new Date("2026-11-29T12:00:00Z"));

    expect(await database.db.select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
    expect(await intentsOf(order.id)).toEqual([]);
  });
});

describe(`a partial refund that the shop did not record, on ${databaseKind}`, () => {
  it("the processor refunded and the shop's transaction failed: recovery records it once, with its credit note and mail", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    const requestId = randomUUID();
    const partlyMails = async () => (await database.db.select().from(mailOutbox).where(like(mailOutbox.eventKey, "order-partly-refunded:%"))).length;
    const mailsBefore = await partlyMails();

    await expect(refund(failingSecondTransaction(), provider, order, { requestId })).rejects.toThrow("Connection terminated unexpectedly");

    expect(await orderRow(order.id)).toMatchObject({ partlyRefundedCents: 0 });
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([]);
    expect(await intentsOf(order.id)).toEqual([
      expect.objectContaining({ idempotencyKey: partialRefundKey(order, 1250), kind: "partial-refund", amountCents: 1250, state: "asked" }),
    ]);
    expect(processorRefundsOf(provider, order)).toEqual([partialRefundKey(order, 1250)]);

    expect(await recover(provider)).toEqual({ completed: 1, refused: 0, left: 0 });

    const reference = provider.refunds.get(partialRefundKey(order, 1250))!.refundReference;
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", partlyRefundedCents: 1250 });
    const rows = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows).toEqual([expect.objectContaining({ grossCents: 1250, reason: "Misprint on the tail", refundReference: reference, actor: OPERATOR.name, requestId })]);
    expect(await creditNotesOf(order.id)).toEqual([expect.objectContaining({ number: rows[0]!.creditNoteNumber })]);
    expect(processorRefundsOf(provider, order)).toHaveLength(1);
    expect(await partlyMails()).toBe(mailsBefore + 1);
    expect((await eventsOf(order.id)).filter((event) => event.kind === "partial-refund")).toHaveLength(1);

    // The same form posted again gets the refund recovery recorded, nothing new.
    const again = await refund(database.db, provider, order, { requestId });
    expect(again).toMatchObject({ ok: true, repeated: true, refund: { creditNoteNumber: rows[0]!.creditNoteNumber } });
    expect(processorRefundsOf(provider, order)).toHaveLength(1);
  });

  it("a request and a recovery round at once record the refund once; the request answers with it", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    const { slow, round } = recoveringWhileAsked(provider);

    const result = await refund(database.db, slow, order);

    expect(round()).toEqual({ completed: 1, refused: 0, left: 0 });
    expect(result).toMatchObject({ ok: true, repeated: false, order: { partlyRefundedCents: 1250 }, refund: { grossCents: 1250 } });
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(1);
    expect(processorRefundsOf(provider, order)).toHaveLength(1);
  });

  it("the same form posted again while its refund is under way finishes it (one refund); another refund is refused meanwhile", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    const requestId = randomUUID();
    await expect(refund(database.db, unreachable(provider), order, { requestId })).rejects.toThrow("ECONNREFUSED");

    expect(await refund(database.db, provider, order, { amountCents: 300 })).toMatchObject({ ok: false, reason: "stale", message: expect.stringContaining(UNDERWAY) });
    expect(await move(database.db, provider, order, "paid", "cancelled")).toMatchObject({ ok: false, reason: "stale", message: expect.stringContaining(UNDERWAY) });

    const again = await refund(database.db, provider, order, { requestId });
    expect(again).toMatchObject({ ok: true, repeated: true, order: { partlyRefundedCents: 1250 } });
    expect(processorRefundsOf(provider, order)).toEqual([partialRefundKey(order, 1250)]);
    expect(await intentsOf(order.id)).toEqual([expect.objectContaining({ state: "done" })]);
    expect(await recover(provider)).toEqual({ completed: 0, refused: 0, left: 0 });
  });
});
