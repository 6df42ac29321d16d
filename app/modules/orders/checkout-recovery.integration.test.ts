import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { checkoutAttempts, mailOutbox, orderEvents, orderPrintFiles, orders } from "#app/db/schema.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import type { Design } from "#app/modules/design/design.ts";
import { FONT_IDS } from "#app/modules/design/fonts.ts";
import { createTestPaymentProvider, type PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { recoverCheckoutAttempts } from "./checkout-recovery.server.ts";
import { PaymentUnavailableError, placeOrder } from "./place-order.server.ts";

/**
 * A server that dies in the middle of a checkout is played here by a processor that never answers: the request
 * hangs as if its process were gone, with its attempt `processing` and, or not, a charge at the processor.
 * Recovery then resolves it against the processor's records.
 */
const siteUrl = "http://shop.test";
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type TestProvider = ReturnType<typeof createTestPaymentProvider>;

/** Charges at the processor (or not), then hangs for ever: the server died before it heard the answer. */
function dyingServer(provider: TestProvider, { charged }: { charged: boolean }): PaymentProvider {
  return {
    ...provider,
    charge: async (request) => {
      if (charged) await provider.charge(request);
      return new Promise(() => {});
    },
  };
}

const unreachable = (provider: TestProvider): PaymentProvider => ({
  ...provider,
  findCharge: () => Promise.reject(new Error("ECONNREFUSED")),
  voidCharge: () => Promise.reject(new Error("ECONNREFUSED")),
});

async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = performance.now() + 10_000;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function attemptOf(key: string) {
  const [row] = await database.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
  return row;
}

const ordersOf = (key: string) => database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
const mailsOf = (orderId: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-placed:${orderId}`));

/** Starts a checkout whose server dies: returns once the attempt is `processing` (and charged, if `charged`). */
async function checkoutInterrupted(provider: TestProvider, { charged }: { charged: boolean }, submission: OrderSubmission = orderSubmission()) {
  const key = submission.checkoutId;
  void placeOrder({ db: database.db, provider: dyingServer(provider, { charged }), submission, userId: null, siteUrl });
  await until(async () => (await attemptOf(key))?.status === "processing", "the attempt");
  if (charged) await until(async () => provider.charges.has(`${key}:1`), "the charge");
  return submission;
}

const recover = (provider: PaymentProvider, olderThanMs = 0) => recoverCheckoutAttempts({ db: database.db, provider, olderThanMs });

describe(`recovering checkout attempts on ${databaseKind}`, () => {
  it("completes a charged attempt exactly as the request would have: the order, its print file, history and one mail", async () => {
    const provider = createTestPaymentProvider();
    const submission = await checkoutInterrupted(provider, { charged: true });
    const pending = (await attemptOf(submission.checkoutId))!.pending!;

    expect(await recover(provider)).toMatchObject({ completed: 1 });

    const [order, ...others] = await ordersOf(submission.checkoutId);
    expect(others).toEqual([]);
    const charge = provider.charges.get(`${submission.checkoutId}:1`);
    expect(order).toMatchObject({
      id: pending.order.id,
      number: pending.order.number,
      status: "paid",
      totalCents: 7590,
      cardLast4: "4242",
      paymentReference: charge?.status === "succeeded" ? charge.reference : "missing",
    });
    expect(await mailsOf(order!.id)).toHaveLength(1);
    expect(await database.db.select().from(orderPrintFiles).where(eq(orderPrintFiles.orderId, order!.id))).toHaveLength(1);
    expect(await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id))).toHaveLength(1);
    expect(await attemptOf(submission.checkoutId)).toMatchObject({ status: "succeeded", orderId: order!.id, pending: null });

    // A later round finds nothing; the buyer's retry gets the same order, and nothing is charged again.
    expect((await recover(provider)).completed).toBe(0);
    const retry = await placeOrder({ db: database.db, provider, submission, userId: null, siteUrl });
    expect(retry).toMatchObject({ status: "placed", replayed: true, order: { id: order!.id } });
    expect(provider.charges.size).toBe(1);
    expect(provider.refunds.size).toBe(0);
  });

  it("completes an attempt written before orders stored the own-design fact (drizzle/0019) from the design it carries", async () => {
    const provider = createTestPaymentProvider();
    const design: Design = {
      background: "#0d3b66",
      layers: [{ id: "t1", kind: "text", text: "Grace", x: 0, y: 0, rotation: 0, font: FONT_IDS[0], fontSize: 40, color: "#ffffff", align: "center" }],
    };
    const submission = await checkoutInterrupted(provider, { charged: true }, orderSubmission({ design }));
    expect((await attemptOf(submission.checkoutId))!.pending!.order.ownDesign).toBe(true);
    // As an older server wrote it: the pending order without the fact.
    await database.db
      .update(checkoutAttempts)
      .set({ pending: sql`${checkoutAttempts.pending} #- '{order,ownDesign}'` })
      .where(eq(checkoutAttempts.idempotencyKey, submission.checkoutId));
    expect((await attemptOf(submission.checkoutId))!.pending!.order).not.toHaveProperty("ownDesign");

    expect(await recover(provider)).toMatchObject({ completed: 1 });
    const [order] = await ordersOf(submission.checkoutId);
    expect(order?.ownDesign).toBe(true);
  });

  it("releases an attempt that was never charged, and the buyer's retry goes through at once", async () => {
    const provider = createTestPaymentProvider();
    const submission = await checkoutInterrupted(provider, { charged: false });

    expect(await recover(provider)).toMatchObject({ released: 1, completed: 0 });
    expect(await ordersOf(submission.checkoutId)).toEqual([]);
    expect(await attemptOf(submission.checkoutId)).toMatchObject({ status: "released" });

    const retry = await placeOrder({ db: database.db, provider, submission, userId: null, siteUrl });
    expect(retry).toMatchObject({ status: "placed", replayed: false });
    expect([...provider.charges.keys()]).toEqual([`${submission.checkoutId}:2`]);
  });

  it("leaves the attempt as it is while the processor cannot be reached, and resolves it once it answers", async () => {
    const provider = createTestPaymentProvider();
    const submission = await checkoutInterrupted(provider, { charged: true });

    expect(await recover(unreachable(provider))).toMatchObject({ left: 1, completed: 0, voided: 0, released: 0 });
    expect(await attemptOf(submission.checkoutId)).toMatchObject({ status: "processing" });
    expect(await ordersOf(submission.checkoutId)).toEqual([]);

    expect(await recover(provider)).toMatchObject({ completed: 1 });
    expect(await ordersOf(submission.checkoutId)).toHaveLength(1);
  });

  it("leaves a processing attempt younger than the grace period alone: its request may still be running", async () => {
    const provider = createTestPaymentProvider();
    const submission = await checkoutInterrupted(provider, { charged: true });
    expect(await recover(provider, 60_000)).toMatchObject({ completed: 0, left: 0 });
    expect(await attemptOf(submission.checkoutId)).toMatchObject({ status: "processing" });
    await recover(provider);
  });

  it("four recoveries at once (four servers) complete the order once, with one mail", async () => {
    const provider = createTestPaymentProvider();
    const submissions = [];
    for (let i = 0; i < 3; i++) submissions.push(await checkoutInterrupted(provider, { charged: true }));

    const rounds = await Promise.all(Array.from({ length: 4 }, () => recover(provider)));

    expect(rounds.reduce((sum, round) => sum + round.completed, 0)).toBe(3);
    for (const submission of submissions) {
      const placed = await ordersOf(submission.checkoutId);
      expect(placed).toHaveLength(1);
      expect(await mailsOf(placed[0]!.id)).toHaveLength(1);
    }
    expect(provider.refunds.size).toBe(0);
  });

  it("a request that outlives the grace period and its recovery gets the order recovery completed, not a second one", async () => {
    const provider = createTestPaymentProvider();
    const submission = orderSubmission();
    let resume!: () => void;
    const slow: PaymentProvider = {
      ...provider,
      charge: async (request) => {
        const result = await provider.charge(request);
        await new Promise<void>((resolve) => (resume = resolve));
        return result;
      },
    };
    const request = placeOrder({ db: database.db, provider: slow, submission, userId: null, siteUrl });
    await until(async () => provider.charges.size === 1 && resume !== undefined, "the charge");

    expect(await recover(provider)).toMatchObject({ completed: 1 });
    resume();

    const [recovered] = await ordersOf(submission.checkoutId);
    expect(await request).toMatchObject({ status: "placed", replayed: true, order: { id: recovered!.id } });
    expect(await ordersOf(submission.checkoutId)).toHaveLength(1);
    expect(provider.refunds.size).toBe(0);
  });

  it("voids the charge of a failed attempt (the buyer was told it failed) and frees the key for a new charge", async () => {
    const provider = createTestPaymentProvider();
    const submission = orderSubmission();
    // The processor charges, but its answer is lost: the buyer is told the payment service did not answer.
    const lostAnswer: PaymentProvider = {
      ...provider,
      charge: async (request) => {
        await provider.charge(request);
        throw new Error("socket hang up");
      },
    };
    await expect(placeOrder({ db: database.db, provider: lostAnswer, submission, userId: null, siteUrl })).rejects.toBeInstanceOf(
      PaymentUnavailableError,
    );
    expect(await attemptOf(submission.checkoutId)).toMatchObject({ status: "failed" });

    expect(await recover(provider)).toMatchObject({ voided: 1, completed: 0 });
    expect([...provider.refunds.keys()]).toEqual([`void:${submission.checkoutId}:1`]);
    expect(await ordersOf(submission.checkoutId)).toEqual([]);

    const retry = await placeOrder({ db: database.db, provider, submission, userId: null, siteUrl });
    expect(retry).toMatchObject({ status: "placed", replayed: false });
    expect([...provider.charges.keys()]).toEqual([`${submission.checkoutId}:1`, `${submission.checkoutId}:2`]);
    const [order] = await ordersOf(submission.checkoutId);
    const second = provider.charges.get(`${submission.checkoutId}:2`);
    expect(order!.paymentReference).toBe(second?.status === "succeeded" ? second.reference : "missing");
  });

  it("the buyer's retry resolves a failed attempt right then: no waiting for the next round", async () => {
    const provider = createTestPaymentProvider();
    const submission = orderSubmission();
    const down: PaymentProvider = { ...provider, charge: () => Promise.reject(new Error("ECONNREFUSED")) };
    await expect(placeOrder({ db: database.db, provider: down, submission, userId: null, siteUrl })).rejects.toBeInstanceOf(
      PaymentUnavailableError,
    );
    const retry = await placeOrder({ db: database.db, provider, submission, userId: null, siteUrl });
    expect(retry).toMatchObject({ status: "placed", replayed: false });
    expect(await ordersOf(submission.checkoutId)).toHaveLength(1);
  });

  it("the buyer's retry after the grace period completes a charged attempt whose server died", async () => {
    const provider = createTestPaymentProvider();
    const submission = await checkoutInterrupted(provider, { charged: true });
    await database.db
      .update(checkoutAttempts)
      .set({ updatedAt: sql`now() - interval '3 minutes'` })
      .where(eq(checkoutAttempts.idempotencyKey, submission.checkoutId));

    const retry = await placeOrder({ db: database.db, provider, submission, userId: null, siteUrl });

    expect(retry).toMatchObject({ status: "placed", replayed: true });
    expect(await ordersOf(submission.checkoutId)).toHaveLength(1);
    expect(provider.charges.size).toBe(1);
  });

  it("voids the charge when the charged order cannot be written, never leaving a charge without an order", async () => {
    const provider = createTestPaymentProvider();
    const taken = await placeOrder({ db: database.db, provider, submission: orderSubmission(), userId: null, siteUrl });
    if (taken.status !== "placed") throw new Error("not placed");
    const submission = await checkoutInterrupted(provider, { charged: true });
    // Its order number is taken meanwhile (a unique column): the insert fails.
    const row = (await attemptOf(submission.checkoutId))!;
    await database.db
      .update(checkoutAttempts)
      .set({ pending: { ...row.pending!, order: { ...row.pending!.order, number: taken.order.number } } })
      .where(eq(checkoutAttempts.idempotencyKey, submission.checkoutId));

    expect(await recover(provider)).toMatchObject({ voided: 1, completed: 0 });
    expect(await ordersOf(submission.checkoutId)).toEqual([]);
    expect(await attemptOf(submission.checkoutId)).toMatchObject({ status: "released" });
    expect(provider.refunds.has(`void:${submission.checkoutId}:1`)).toBe(true);
  });
});
