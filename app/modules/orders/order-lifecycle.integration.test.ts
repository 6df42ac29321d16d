import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, orders, type OrderRow } from "#app/db/schema.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { deliverDueMail } from "#app/modules/mail/mail-sender.server.ts";
import { createMailTransport } from "#app/modules/mail/mail-transport.server.ts";
import { createTestPaymentProvider, TEST_CARDS, type PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { orderHistory } from "./order-history.server.ts";
import { orderAccessToken } from "./order-link.server.ts";
import { transitionOrder, type Shipment, type TransitionRequest } from "./order-lifecycle.server.ts";
import type { OrderStatus } from "./order-status.ts";
import { placeOrder } from "./place-order.server.ts";
import { recoverRefundIntents } from "./refund-recovery.server.ts";
import { countOrdersByStatus } from "#app/modules/admin/admin-orders.server.ts";

/** The origin the operator works at: the buyer's mails link the order there. */
const siteUrl = "http://shop.test";
const FROM = "Deck Studio <orders@shop.test>";
const OPERATOR = { id: "operator-7", name: "ops@example.com" };
const DHL: Shipment = { carrier: "dhl", trackingNumber: "00340434161234567890" };
/** A Visa test card whose last four ("5556") appear nowhere else in it. */
const CARD = "4000 0566 5566 5556";
/** 8.5″ with grip, to Germany: €75.90, as place-order.integration.test.ts checks. */
const TOTAL_CENTS = 7590;

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const submission = (overrides: Partial<OrderSubmission> = {}) => orderSubmission({ cardNumber: CARD, ...overrides });

/** A real paid order, as a buyer's checkout leaves it (with its "placed" event and confirmation mail). */
async function paidOrder(provider: PaymentProvider, overrides: Partial<OrderSubmission> = {}): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider, submission: submission(overrides), userId: null, siteUrl });
  if (result.status !== "placed") throw new Error(`order not placed: ${JSON.stringify(result)}`);
  expect(result.order.status).toBe("paid");
  return result.order;
}

function move(provider: PaymentProvider, order: Pick<OrderRow, "id">, expected: OrderStatus, to: OrderStatus, extra: Partial<TransitionRequest> = {}) {
  return transitionOrder(database.db, provider, {
    orderId: order.id,
    expected,
    to,
    actor: OPERATOR,
    siteUrl,
    ...(to === "shipped" ? { shipment: DHL } : {}),
    ...extra,
  });
}

/** Moves an order along legal steps, failing the test if any step is refused. */
async function walk(provider: PaymentProvider, order: OrderRow, ...steps: OrderStatus[]): Promise<OrderRow> {
  let current = order;
  for (const to of steps) {
    const result = await move(provider, current, current.status, to);
    if (!result.ok) throw new Error(`could not move ${current.status} → ${to}: ${JSON.stringify(result)}`);
    current = result.order;
  }
  return current;
}

async function orderRow(id: string): Promise<OrderRow> {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function statusEvents(orderId: string) {
  return (await orderHistory(database.db, orderId)).filter((event) => event.kind === "status");
}

/** The order's mails in the outbox, by event key prefix ("order-placed", "order-shipped", "order-cancelled"). */
async function mailsOf(orderId: string) {
  const rows = await database.db.select().from(mailOutbox).where(like(mailOutbox.eventKey, `%:${orderId}`));
  return rows.map((row) => row.eventKey.slice(0, row.eventKey.indexOf(":"))).sort();
}

/** Every message in an error and the errors it wraps (drizzle wraps the driver's error as `cause`). */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(" | ");
}

describe(`moving an order through its lifecycle on ${databaseKind}`, () => {
  it("starting production moves a paid order to in_production and records who did it, with nothing shipped or refunded", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);

    const result = await move(provider, order, "paid", "in_production");

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({ id: order.id, status: "in_production", carrier: null, trackingNumber: null, refundReference: null });
    expect(result.order.updatedAt.getTime()).toBeGreaterThanOrEqual(order.updatedAt.getTime());
    expect(await orderRow(order.id)).toEqual(result.order);
    const history = await orderHistory(database.db, order.id);
    expect(history.map(({ kind, fromStatus, toStatus, actor, actorId, details }) => ({ kind, fromStatus, toStatus, actor, actorId, details }))).toEqual([
      { kind: "placed", fromStatus: null, toStatus: "paid", actor: "buyer", actorId: null, details: {} },
      { kind: "status", fromStatus: "paid", toStatus: "in_production", actor: "ops@example.com", actorId: "operator-7", details: {} },
    ]);
    expect(await mailsOf(order.id)).toEqual(["order-placed"]);
    expect(provider.refunds.size).toBe(0);
  });

  it("shipping stores the carrier and tracking number on the order and in the event, and writes the shipped mail", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), "in_production");

    const result = await move(provider, order, "in_production", "shipped", { shipment: DHL });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({ status: "shipped", carrier: "dhl", trackingNumber: "00340434161234567890", refundReference: null });
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", carrier: "dhl", trackingNumber: "00340434161234567890" });
    const events = await statusEvents(order.id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      fromStatus: "in_production",
      toStatus: "shipped",
      actor: "ops@example.com",
      actorId: "operator-7",
      details: { carrier: "dhl", trackingNumber: "00340434161234567890" },
    });
    expect(await mailsOf(order.id)).toEqual(["order-placed", "order-shipped"]);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-shipped:${order.id}`));
    expect(mail).toMatchObject({ recipient: "ada@example.com", status: "pending", subject: `Your Deck Studio order ${order.number} is on its way` });
    expect(mail!.textBody).toContain("Tracking number: 00340434161234567890");
    expect(mail!.textBody).toContain(`See your order: ${siteUrl}/orders/${order.id}?token=${orderAccessToken(order.id)}`);
  });

  it("delivering moves a shipped order to delivered, keeps its tracking and writes no further mail", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), "in_production", "shipped");

    const result = await move(provider, order, "shipped", "delivered");

    expect(result.ok).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ status: "delivered", carrier: "dhl", trackingNumber: "00340434161234567890", refundReference: null });
    const events = await statusEvents(order.id);
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      ["paid", "in_production"],
      ["in_production", "shipped"],
      ["shipped", "delivered"],
    ]);
    expect(events[2]).toMatchObject({ actor: "ops@example.com", actorId: "operator-7", details: {} });
    expect(await mailsOf(order.id)).toEqual(["order-placed", "order-shipped"]);
  });

  it.each<[string, OrderStatus[]]>([
    ["paid", []],
    ["in_production", ["in_production"]],
  ])("cancelling an order that is %s refunds it, stores the refund reference on the order and in the event, and writes the cancelled mail", async (from, steps) => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), ...steps);

    const result = await move(provider, order, from as OrderStatus, "cancelled");

    expect(result.ok).toBe(true);
    const refund = provider.refunds.get(`refund:${order.id}`);
    expect(refund?.refundReference).toMatch(/^test_re_[0-9a-f]{24}$/);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", refundReference: refund!.refundReference, carrier: null, trackingNumber: null });
    const events = await statusEvents(order.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: from,
      toStatus: "cancelled",
      actor: "ops@example.com",
      actorId: "operator-7",
      details: { refundReference: refund!.refundReference },
    });
    expect(events).toHaveLength(steps.length + 1);
    expect(await mailsOf(order.id)).toEqual(["order-cancelled", "order-placed"]);
  });
});

describe(`refused moves on ${databaseKind}`, () => {
  it("a stale expected status is refused, names the status the order has now, and changes nothing", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), "in_production");
    const before = await orderRow(order.id);

    // Another operator's page still shows "paid".
    const result = await move(provider, order, "paid", "cancelled");

    expect(result).toEqual({
      ok: false,
      reason: "stale",
      current: "in_production",
      message: "This order is in production now: someone changed it meanwhile. Nothing was changed.",
    });
    expect(await orderRow(order.id)).toEqual(before);
    expect(await statusEvents(order.id)).toHaveLength(1);
    expect(provider.refunds.size).toBe(0);
    expect(await mailsOf(order.id)).toEqual(["order-placed"]);
  });

  it.each<[OrderStatus[], OrderStatus, string]>([
    [[], "shipped", "An order that is paid cannot be shipped."],
    [["in_production", "shipped"], "cancelled", "An order that is shipped cannot be cancelled."],
    [["in_production", "shipped", "delivered"], "cancelled", "An order that is delivered cannot be cancelled."],
    [["cancelled"], "in_production", "An order that is cancelled cannot be in production."],
    [["in_production"], "paid", "An order that is in production cannot be paid."],
  ])("an illegal move (after %j, to %s) is refused as not allowed and changes nothing", async (steps, to, message) => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), ...steps);
    const before = await orderRow(order.id);
    const events = await orderHistory(database.db, order.id);
    const mails = await mailsOf(order.id);
    const refunds = provider.refunds.size;

    const result = await move(provider, order, before.status, to);

    expect(result).toEqual({ ok: false, reason: "not-allowed", current: before.status, message });
    expect(await orderRow(order.id)).toEqual(before);
    expect(await orderHistory(database.db, order.id)).toEqual(events);
    expect(await mailsOf(order.id)).toEqual(mails);
    expect(provider.refunds.size).toBe(refunds);
  });

  it("an unknown order is not found", async () => {
    const provider = createTestPaymentProvider();
    expect(await move(provider, { id: randomUUID() }, "paid", "in_production")).toEqual({ ok: false, reason: "not-found" });
    expect(await move(provider, { id: "not-a-uuid" }, "paid", "cancelled")).toEqual({ ok: false, reason: "not-found" });
    expect(provider.refunds.size).toBe(0);
  });

  it("shipping without a carrier and tracking number is a programming error and changes nothing", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), "in_production");
    await expect(
      transitionOrder(database.db, provider, { orderId: order.id, expected: "in_production", to: "shipped", actor: OPERATOR, siteUrl }),
    ).rejects.toThrow("shipping needs a carrier and a tracking number");
    expect((await orderRow(order.id)).status).toBe("in_production");
  });
});

describe(`the refund of a cancelled order on ${databaseKind}`, () => {
  it("goes through the provider once, for the order's charge and total, under the order's key", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);

    expect((await move(provider, order, "paid", "cancelled")).ok).toBe(true);

    expect([...provider.refunds.entries()]).toEqual([
      [
        `refund:${order.id}`,
        {
          reference: order.paymentReference,
          amountCents: TOTAL_CENTS,
          currency: "EUR",
          idempotencyKey: `refund:${order.id}`,
          refundReference: (await orderRow(order.id)).refundReference,
        },
      ],
    ]);
    expect(order.totalCents).toBe(TOTAL_CENTS);
  });

  it("is not made again by a second cancel: that one is stale and changes nothing", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    expect((await move(provider, order, "paid", "cancelled")).ok).toBe(true);
    const cancelled = await orderRow(order.id);

    const again = await move(provider, order, "paid", "cancelled");

    expect(again).toMatchObject({ ok: false, reason: "stale", current: "cancelled" });
    expect(!again.ok && again.reason === "stale" && again.message).toBe(
      "This order is cancelled now: someone changed it meanwhile. Nothing was changed.",
    );
    expect(provider.refunds.size).toBe(1);
    expect(await orderRow(order.id)).toEqual(cancelled);
    expect((await statusEvents(order.id)).map((event) => event.toStatus)).toEqual(["cancelled"]);
  });

  it("refused by the provider: the attempt is in the history; with the money back by a chargeback the operator cancels without a refund", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider, { cardNumber: TEST_CARDS.refundRefused });
    expect(await move(provider, order, "paid", "cancelled", { actor: OPERATOR })).toMatchObject({ ok: false, reason: "refund-refused" });
    const refusals = (await orderHistory(database.db, order.id)).filter((event) => event.kind === "refund-refused");
    expect(refusals).toMatchObject([
      { fromStatus: "paid", toStatus: "paid", actor: OPERATOR.name, details: { attempted: "cancelled", reason: "charge_disputed" } },
    ]);

    const cancelled = await move(provider, order, "paid", "cancelled", { refundedElsewhere: true });
    expect(cancelled).toMatchObject({ ok: true, order: { status: "cancelled", refundReference: null } });
    const row = await orderRow(order.id);
    expect(row.creditNoteNumber).toMatch(/^\d{4}-\d{6}$/); // the invoice is still cancelled by its credit note
    expect(provider.refunds.size).toBe(0); // nothing asked of the processor: the money is back already
    expect((await statusEvents(order.id)).at(-1)).toMatchObject({ toStatus: "cancelled", details: { refundedElsewhere: "chargeback", creditNoteNumber: row.creditNoteNumber } });
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-cancelled:${order.id}`));
    expect(mail!.textBody).toContain("has already gone back to your");
    expect(mail!.textBody).not.toContain("depending on your bank");
  });

  it("refused by the provider leaves the order paid, with no event and no mail, and says it was not cancelled", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider, { cardNumber: TEST_CARDS.refundRefused });
    const before = await orderRow(order.id);

    const result = await move(provider, order, "paid", "cancelled");

    expect(result).toEqual({
      ok: false,
      reason: "refund-refused",
      current: "paid",
      message: "The card processor refused the refund: the charge is disputed. The order was not cancelled.",
    });
    // In a German back office, all of it German (the processor's reason by its code).
    expect(await move(provider, order, "paid", "cancelled", { locale: "de" })).toMatchObject({
      message: "Der Zahlungsdienstleister hat die Erstattung abgelehnt: die Zahlung wird vom Karteninhaber angefochten. Die Bestellung wurde nicht storniert.",
    });
    expect(await orderRow(order.id)).toEqual(before);
    expect(before).toMatchObject({ status: "paid", refundReference: null });
    expect(await statusEvents(order.id)).toEqual([]);
    expect(await mailsOf(order.id)).toEqual(["order-placed"]);
    expect(provider.refunds.size).toBe(0);
  });

  it("failing at the provider (unreachable) rejects and leaves the order unchanged", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), "in_production");
    const before = await orderRow(order.id);
    const unreachable: PaymentProvider = {
      ...provider,
      refund: () => Promise.reject(new Error("ECONNREFUSED")),
    };

    await expect(move(unreachable, order, "in_production", "cancelled")).rejects.toThrow("ECONNREFUSED");

    expect(await orderRow(order.id)).toEqual(before);
    expect(await statusEvents(order.id)).toHaveLength(1);
    expect(await mailsOf(order.id)).toEqual(["order-placed"]);
  });

  it("made but with its answer lost is not made twice: the order is held until recovery finishes the refund with the same key", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    // The processor refunds, but the answer never arrives.
    const lostAnswer: PaymentProvider = {
      ...provider,
      refund: async (request) => {
        await provider.refund(request);
        throw new Error("socket hang up");
      },
    };
    await expect(move(lostAnswer, order, "paid", "cancelled")).rejects.toThrow("socket hang up");
    expect((await orderRow(order.id)).status).toBe("paid");
    const firstReference = provider.refunds.get(`refund:${order.id}`)?.refundReference;
    expect(firstReference).toMatch(/^test_re_/);

    // A retry is refused while the refund is under way; recovery finishes it with the key the request used.
    const retry = await move(provider, order, "paid", "cancelled");
    expect(retry).toMatchObject({ ok: false, reason: "stale", current: "paid", message: expect.stringContaining("A refund of this order is under way") });
    // (The round also finishes the refund left asked by the unreachable processor above.)
    expect(await recoverRefundIntents({ db: database.db, provider, olderThanMs: 0 })).toMatchObject({ refused: 0, left: 0 });

    const { paymentReference } = await orderRow(order.id);
    expect([...provider.refunds.values()].filter((refund) => refund.reference === paymentReference)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", refundReference: firstReference });
  });
});

describe(`moves made at the same moment on ${databaseKind}`, () => {
  it("20 concurrent shipments of one order: one goes through, 19 are stale, one event, one mail", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), "in_production");
    const trackingNumbers = Array.from({ length: 20 }, (_, i) => `0034043416123456${String(i).padStart(4, "0")}`);

    const results = await Promise.all(
      trackingNumbers.map((trackingNumber) => move(provider, order, "in_production", "shipped", { shipment: { carrier: "dhl", trackingNumber } })),
    );

    const won = results.filter((result) => result.ok);
    expect(won).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "stale" && result.current === "shipped")).toHaveLength(19);
    const winner = won[0]!.ok ? won[0]!.order : null;
    expect(trackingNumbers).toContain(winner?.trackingNumber);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "shipped", carrier: "dhl", trackingNumber: winner!.trackingNumber });
    const shipped = (await statusEvents(order.id)).filter((event) => event.toStatus === "shipped");
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.details).toEqual({ carrier: "dhl", trackingNumber: winner!.trackingNumber });
    const mails = await database.db.select().from(mailOutbox).where(like(mailOutbox.eventKey, "order-shipped:%"));
    const ofThisOrder = mails.filter((mail) => mail.eventKey === `order-shipped:${order.id}`);
    expect(ofThisOrder).toHaveLength(1);
    expect(ofThisOrder[0]!.textBody).toContain(`Tracking number: ${winner!.trackingNumber}`);
  });

  it("10 concurrent cancels of one order: one goes through, 9 are stale or told the refund is under way, one refund, one event, one mail", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    let refundCalls = 0;
    const counting: PaymentProvider = {
      ...provider,
      refund: (request) => {
        refundCalls++;
        return provider.refund(request);
      },
    };

    const results = await Promise.all(Array.from({ length: 10 }, () => move(counting, order, "paid", "cancelled")));

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    // Refused once the order is cancelled, or while its refund is under way (the order still paid, and held).
    const refused = results.filter(
      (result) =>
        !result.ok &&
        result.reason === "stale" &&
        (result.current === "cancelled" || (result.current === "paid" && result.message.startsWith("A refund of this order is under way"))),
    );
    expect(refused).toHaveLength(9);
    expect(refundCalls).toBe(1);
    expect(provider.refunds.size).toBe(1);
    const refund = provider.refunds.get(`refund:${order.id}`)!;
    expect(refund).toMatchObject({ reference: order.paymentReference, amountCents: TOTAL_CENTS });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", refundReference: refund.refundReference });
    const cancelled = (await statusEvents(order.id)).filter((event) => event.toStatus === "cancelled");
    expect(cancelled).toHaveLength(1);
    expect(await mailsOf(order.id)).toEqual(["order-cancelled", "order-placed"]);
  });
});

describe(`an order's history on ${databaseKind}`, () => {
  it("is append-only: the database refuses to update or delete an event", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider), "in_production");
    const events = await orderHistory(database.db, order.id);
    expect(events).toHaveLength(2);

    const update = await database.db
      .execute(sql`update order_events set actor = 'someone else', to_status = 'cancelled' where order_id = ${order.id}`)
      .then(() => null, (error: unknown) => error);
    expect(messagesOf(update)).toContain("order_events is append-only");

    const remove = await database.db.execute(sql`delete from order_events where order_id = ${order.id}`).then(() => null, (error: unknown) => error);
    expect(messagesOf(remove)).toContain("order_events is append-only");

    expect(await orderHistory(database.db, order.id)).toEqual(events);
  });
});

/** A received message: its headers (unfolded, lower-cased names) and its decoded text/plain and text/html parts. */
interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

function headersOf(head: string): Record<string, string> {
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return Object.fromEntries(
    unfolded
      .split(/\r?\n/)
      .filter((line) => line.includes(":"))
      .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodePart(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Splits a multipart/alternative message into its text/plain and text/html parts, decoded. */
function parseMessage(raw: string): Pick<Received, "headers" | "text" | "html"> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const boundary = /boundary="?([^";]+)"?/.exec(headers["content-type"] ?? "")?.[1];
  const parts: Record<string, string> = {};
  if (boundary) {
    for (const chunk of raw.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const body = chunk.replace(/^\r?\n/, "");
      const at = body.search(/\r?\n\r?\n/);
      const partHeaders = headersOf(body.slice(0, at));
      const content = body.slice(at).replace(/^\r?\n\r?\n/, "").replace(/\r?\n$/, "");
      const type = (partHeaders["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      parts[type] = decodePart(partHeaders, content).replace(/\r\n/g, "\n");
    }
  }
  return { headers, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
}

describe(`the buyer's mails through an SMTP server on ${databaseKind}`, () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "lifecycle-mail-"));
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            ...parseMessage(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Only this test's mails are due (earlier tests left theirs pending).
    await database.db.delete(mailOutbox);
    received.length = 0;
  });

  function deliver() {
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir });
    return deliverDueMail(database.db, transport, { from: FROM, now: new Date(Date.now() + 1000), log: () => {} });
  }

  function expectNoCardNumber(message: Received) {
    for (const body of [message.raw, message.text, message.html]) {
      expect(body).not.toMatch(/4000[\s=]*0566/);
      expect(body).not.toMatch(/5566[\s=]*5556/);
      expect(body).not.toContain("400005665566");
    }
  }

  it("the shipped mail arrives once, from the shop, with the tracking number, the carrier's link and the order's link", async () => {
    const provider = createTestPaymentProvider();
    const order = await walk(provider, await paidOrder(provider, { contact: "zoe@example.com", name: "Zoë Ünal" }), "in_production");
    const result = await move(provider, order, "in_production", "shipped", { shipment: { carrier: "ups", trackingNumber: "1Z999AA10123456784" } });
    expect(result.ok).toBe(true);

    expect(await deliver()).toEqual({ claimed: 2, sent: 2, failed: 0 });
    const subject = `Your Deck Studio order ${order.number} is on its way`;
    const shipped = received.filter((message) => message.headers["subject"] === subject);
    expect(shipped).toHaveLength(1);
    expect(received.map((message) => message.headers["subject"]).sort()).toEqual([`Your Deck Studio order ${order.number}`, subject].sort());
    const mail = shipped[0]!;
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-shipped:${order.id}`));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });

    expect(mail.envelopeFrom).toBe("orders@shop.test");
    expect(mail.envelopeTo).toEqual(["zoe@example.com"]);
    expect(mail.headers["from"]).toBe(FROM);
    expect(mail.headers["to"]).toBe("zoe@example.com");
    expect(mail.headers["message-id"]).toBe(`<${row!.id}@shop.test>`);
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative; boundary=/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);

    expect(mail.text).toContain("Hello Zoë Ünal,");
    expect(mail.text).toContain(`Your order ${order.number} (Custom skateboard deck, 8.5″ wide, with grip tape) has been handed to UPS.`);
    expect(mail.text).toContain("Tracking number: 1Z999AA10123456784");
    expect(mail.text).toContain("Track your parcel with UPS: https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(mail.text).toContain(`See your order: ${siteUrl}/orders/${order.id}?token=${orderAccessToken(order.id)}`);
    expect(mail.html).toContain("Tracking number: 1Z999AA10123456784");
    expect(mail.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(mail.html).toContain("Hello Zoë Ünal,");
    expectNoCardNumber(mail);

    // Delivered mail is not sent again.
    expect(await deliver()).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it("the cancelled mail tells the buyer the amount refunded to their card, by its last four digits only", async () => {
    const provider = createTestPaymentProvider();
    const order = await paidOrder(provider);
    expect((await move(provider, order, "paid", "cancelled")).ok).toBe(true);

    expect(await deliver()).toEqual({ claimed: 2, sent: 2, failed: 0 });
    const cancelled = received.filter((message) => message.headers["subject"] === `Your Deck Studio order ${order.number} is cancelled`);
    expect(cancelled).toHaveLength(1);
    const mail = cancelled[0]!;
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-cancelled:${order.id}`));
    expect(mail.headers["message-id"]).toBe(`<${row!.id}@shop.test>`);
    expect(mail.headers["from"]).toBe(FROM);
    expect(mail.envelopeTo).toEqual(["ada@example.com"]);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(`We have cancelled your order ${order.number}`);
      expect(body).toContain("The full amount of €75.90 is refunded to your Visa ending in 5556");
    }
    expectNoCardNumber(mail);

    expect(await deliver()).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });
});

describe(`the status counts the back office shows, on ${databaseKind}`, () => {
  it("follow every placement and move, as counting the orders would", async () => {
    const provider = createTestPaymentProvider();
    const placed = [await paidOrder(provider), await paidOrder(provider), await paidOrder(provider), await paidOrder(provider)];
    await walk(provider, placed[0]!, "in_production", "shipped", "delivered");
    await walk(provider, placed[1]!, "in_production");
    await move(provider, placed[2]!, "paid", "cancelled", {});
    // A refused move changes no count.
    await move(provider, placed[3]!, "in_production", "shipped", { shipment: DHL });

    const kept = await countOrdersByStatus(database.db);
    const counted = await database.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from orders group by status`,
    );
    const expected = Object.fromEntries(counted.rows.map((row) => [row.status, Number(row.n)]));
    for (const status of ["paid", "in_production", "shipped", "delivered", "cancelled"] as const) {
      expect(kept[status], status).toBe(expected[status] ?? 0);
    }
    expect(kept.all).toBe(counted.rows.reduce((sum, row) => sum + Number(row.n), 0));
    expect(kept.delivered).toBeGreaterThanOrEqual(1);
    expect(kept.cancelled).toBeGreaterThanOrEqual(1);
  });
});
