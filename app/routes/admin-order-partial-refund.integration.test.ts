import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { invoiceCounters, orderEvents, orderRefunds, orders, type OrderRow } from "#app/db/schema.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { MAX_FORM_BYTES } from "#app/modules/forms/read-form.server.ts";
import { orderAccessToken } from "#app/modules/orders/order-link.server.ts";
import { orderPathAfterSignIn } from "#app/modules/orders/viewable-order.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider, TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, contextForVisitor, formPost, TEST_ORIGIN, type RouteOutcome } from "#tests/support/route-harness.ts";
import { signInOperator } from "#tests/support/signed-in-operator.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as adminOrder from "./admin-order.tsx";
import * as adminOrders from "./admin-orders.tsx";
import * as adminPartialCreditNote from "./admin-order-partial-credit-note.ts";
import * as orderRoute from "./order.tsx";
import * as orderPartialCreditNote from "./order-partial-credit-note.ts";

/**
 * The back office's "Refund part of the amount" form on the order page (intent `refund-part`), its answers, and the
 * partial refunds' credit notes as the operator and the buyer download them.
 */

let database: Database;
let operator: { email: string; cookie: string };

beforeAll(async () => {
  database = await openTestDatabase();
  operator = await signInOperator(database);
});
afterAll(async () => {
  await database.close();
});

async function place(overrides: Partial<OrderSubmission> = {}): Promise<OrderRow> {
  const result = await placeOrder({
    db: database.db,
    provider: createTestPaymentProvider(),
    submission: orderSubmission({ contact: `erika-${randomUUID().slice(0, 8)}@example.com`, name: "Erika Mustermann", ...overrides }),
    userId: null,
    siteUrl: TEST_ORIGIN,
  });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

const rowOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (id: string) => database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
const eventsOf = (id: string) => database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
const counter = async () => (await database.db.select().from(invoiceCounters))[0]?.lastNumber ?? 0;
const pathOf = (order: Pick<OrderRow, "id">) => `/admin/orders/${order.id}`;

interface Panel {
  requestId: string;
  offered: boolean;
  totalCents: number;
  refundedCents: number;
  refundableCents: number;
  notes: { number: string; grossCents: number; reason: string; href: string; actor: string }[];
}

async function panelOf(order: Pick<OrderRow, "id">): Promise<Panel> {
  const outcome = await callRoute(adminOrder.loader, new Request(`${TEST_ORIGIN}${pathOf(order)}`), { database, cookie: operator.cookie, params: { orderId: order.id } });
  expect(outcome.status).toBe(200);
  return (outcome.body as unknown as { partialRefunds: Panel }).partialRefunds;
}

const post = (order: Pick<OrderRow, "id">, fields: Record<string, string> | URLSearchParams, cookie: string | null = operator.cookie) => {
  const request =
    fields instanceof URLSearchParams
      ? new Request(`${TEST_ORIGIN}${pathOf(order)}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN }, body: fields })
      : formPost(pathOf(order), fields);
  return callRoute(adminOrder.action, request, { database, cookie, params: { orderId: order.id } });
};

/** The form as the page fills it: the page view's submission id and what it shows as refunded. */
async function refundForm(order: Pick<OrderRow, "id">, fields: Record<string, string>) {
  const panel = await panelOf(order);
  return { intent: "refund-part", requestId: panel.requestId, expectedRefundedCents: String(panel.refundedCents), amount: "12,50", reason: "Misprint on the tail", ...fields };
}

const errorsOf = (outcome: RouteOutcome) => (outcome.body as { result: { error: Record<string, string[]> } }).result.error;

/** A loader's raw answer (a download is a Response; a refused one the 404 page or a redirect). */
async function download(handler: (args: never) => unknown, path: string, params: Record<string, string>, cookie: string | null = null): Promise<Response> {
  const context = await contextForVisitor(database, cookie);
  try {
    return (await (handler as (args: unknown) => Promise<Response>)({ request: new Request(`${TEST_ORIGIN}${path}`), params, context, unstable_pattern: "" })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe(`refunding part of an order's amount in the back office on ${databaseKind}`, () => {
  it("the page offers the form with nothing refunded; a refund of 12,50 € is made once, listed with its credit note, downloadable by operator and buyer", async () => {
    const order = await place();
    const before = await panelOf(order);
    expect(before).toMatchObject({ offered: true, totalCents: 7590, refundedCents: 0, refundableCents: 7590, notes: [] });
    expect(before.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const fields = await refundForm(order, { amount: " 12,50 ", reason: "Misprint on the tail" });
    const done = await post(order, fields);
    expect(done.status).toBe(200);
    const [refund] = await refundsOf(order.id);
    expect(done.body).toMatchObject({ intent: "refund-part", done: `€12.50 refunded to the card; credit note ${refund!.creditNoteNumber} issued and the buyer told by mail.` });
    expect((await rowOf(order.id)).partlyRefundedCents).toBe(1250);
    // The same post again (a double click, the browser's resend): told it was made, nothing twice.
    const again = await post(order, fields);
    expect(again).toMatchObject({ status: 200, body: { done: expect.stringContaining("already made") } });
    expect(await refundsOf(order.id)).toHaveLength(1);

    const after = await panelOf(order);
    expect(after).toMatchObject({ refundedCents: 1250, refundableCents: 6340, notes: [{ number: refund!.creditNoteNumber, grossCents: 1250, reason: "Misprint on the tail", actor: operator.email }] });
    expect(after.requestId).not.toBe(before.requestId);
    expect(after.notes[0]!.href).toBe(`/admin/orders/${order.id}/credit-notes/${refund!.creditNoteNumber}`);
    // The accountant's question comes with the note's number: the list's search finds the order by it, whole or short.
    for (const asked of [refund!.creditNoteNumber, refund!.creditNoteNumber.replace(/-0+/, "-")]) {
      const found = await callRoute(adminOrders.loader, new Request(`${TEST_ORIGIN}/admin?q=${asked}`), { database, cookie: operator.cookie });
      expect((found.body as unknown as { orders: { id: string }[] }).orders.map((row) => row.id)).toEqual([order.id]);
    }

    const params = { orderId: order.id, number: refund!.creditNoteNumber };
    const operatorCopy = await download(adminPartialCreditNote.loader, after.notes[0]!.href, params, operator.cookie);
    expect(operatorCopy.status).toBe(200);
    expect(operatorCopy.headers.get("Content-Type")).toBe("application/pdf");
    expect(operatorCopy.headers.get("Content-Disposition")).toBe(`attachment; filename="credit-note-${refund!.creditNoteNumber}.pdf"`);
    expect(operatorCopy.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await operatorCopy.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Nobody else gets the operator's copy.
    expect((await download(adminPartialCreditNote.loader, after.notes[0]!.href, params, null)).status).toBe(404);

    // The buyer's order page lists it, with the page's token; the download is the same file, kept as issued.
    const token = orderAccessToken(order.id);
    const buyerPage = await callRoute(orderRoute.loader, new Request(`${TEST_ORIGIN}/orders/${order.id}?token=${token}`), { database, params: { orderId: order.id } });
    const buyerPath = `/orders/${order.id}/credit-notes/${refund!.creditNoteNumber}?token=${token}`;
    expect(buyerPage.body).toMatchObject({ partialCreditNotes: [{ number: refund!.creditNoteNumber, grossCents: 1250, href: buyerPath }], order: { partlyRefundedCents: 1250 } });
    const buyerCopy = await download(orderPartialCreditNote.loader, buyerPath, params);
    expect(buyerCopy.status).toBe(200);
    expect(Buffer.from(await buyerCopy.arrayBuffer()).equals(bytes)).toBe(true);
    // Under the invoice's rules: a wrong token, another order's number, the invoice's number: the 404 page.
    expect((await download(orderPartialCreditNote.loader, `/orders/${order.id}/credit-notes/${refund!.creditNoteNumber}?token=x`, params)).status).toBe(404);
    const other = await place();
    expect((await download(orderPartialCreditNote.loader, `/orders/${other.id}/credit-notes/${refund!.creditNoteNumber}?token=${orderAccessToken(other.id)}`, { orderId: other.id, number: refund!.creditNoteNumber })).status).toBe(404);
    expect((await download(orderPartialCreditNote.loader, `/orders/${order.id}/credit-notes/${order.invoiceNumber}?token=${token}`, { orderId: order.id, number: order.invoiceNumber! })).status).toBe(404);
    // Signed out without a token: to the sign-in, and back to this credit note after it.
    const signedOut = await download(orderPartialCreditNote.loader, `/orders/${order.id}/credit-notes/${refund!.creditNoteNumber}`, params);
    expect(signedOut.status).toBe(302);
    expect(orderPathAfterSignIn(`/orders/${order.id}/credit-notes/${refund!.creditNoteNumber}`)).toBe(`/orders/${order.id}/credit-notes/${refund!.creditNoteNumber}`);
    expect(orderPathAfterSignIn(`/orders/${order.id}/credit-notes/..%2F`)).toBeNull();
  });

  it("malformed, oversized or hostile amounts and reasons: 400 with the field's message, nothing refunded, never a 500", async () => {
    const order = await place();
    const numbersBefore = await counter();
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: "" }, "amount", "Enter the amount to refund"],
      [{ amount: "abc" }, "amount", "Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)"],
      [{ amount: "1.234,50" }, "amount", "Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)"],
      [{ amount: "-5" }, "amount", "Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)"],
      [{ amount: "1e3" }, "amount", "Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)"],
      [{ amount: "12,345" }, "amount", "Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)"],
      [{ amount: "9".repeat(400) }, "amount", "Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)"],
      [{ amount: "0,00" }, "amount", "Enter an amount of more than 0,00 €"],
      [{ amount: "75,90" }, "amount", "That is everything still paid (€75.90): cancel the order or mark it returned instead, which refunds the rest and issues the credit note for it."],
      [{ amount: "1000" }, "amount", "At most €75.90 is still paid; a partial refund must be less than that."],
      [{ reason: "" }, "reason", "Enter the reason: it is printed on the credit note"],
      [{ reason: "\u0000\u202e \t" }, "reason", "Enter the reason: it is printed on the credit note"],
      [{ reason: "x".repeat(201) }, "reason", "Shorten the reason to 200 characters"],
      [{ reason: "x".repeat(50_000) }, "reason", "Shorten the reason to 200 characters"],
      [{ reason: "印刷ミス" }, "reason", "Write the reason in Latin, Greek or Cyrillic letters without special characters: the credit note cannot print others"],
      [{ reason: "Misprint 💥" }, "reason", "Write the reason in Latin, Greek or Cyrillic letters without special characters: the credit note cannot print others"],
      [{ requestId: "not-a-uuid" }, "requestId", "This form is out of date. Reload the page and try again."],
      [{ expectedRefundedCents: "-1" }, "expectedRefundedCents", "This form is out of date. Reload the page and try again."],
    ];
    for (const [fields, field, message] of cases) {
      const outcome = await post(order, await refundForm(order, fields));
      expect([outcome.status, field, errorsOf(outcome)[field]]).toEqual([400, field, [message]]);
    }
    // A field twice, a field missing, a body too large: 4xx as well.
    const twice = await refundForm(order, {});
    const repeated = new URLSearchParams(Object.entries(twice));
    repeated.append("amount", "1,00");
    expect((await post(order, repeated)).status).toBe(400);
    const { reason: _reason, ...withoutReason } = await refundForm(order, {});
    expect(errorsOf(await post(order, withoutReason)).reason).toEqual(["Enter the reason: it is printed on the credit note"]);
    expect((await post(order, await refundForm(order, { reason: "z".repeat(MAX_FORM_BYTES + 1) }))).status).toBe(413);
    // Anything at all in the two fields: a refund or a 4xx.
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 250 }), async (amount, reason) => {
        const outcome = await post(order, { intent: "refund-part", requestId: randomUUID(), expectedRefundedCents: String((await rowOf(order.id)).partlyRefundedCents), amount, reason });
        expect([200, 400]).toContain(outcome.status);
      }),
      { numRuns: 80 },
    );
    const refunded = await refundsOf(order.id);
    expect((await rowOf(order.id)).partlyRefundedCents).toBe(refunded.reduce((sum, row) => sum + row.grossCents, 0));
    expect(await counter()).toBe(numbersBefore + refunded.length);
  });

  it("a stale form (another refund since) is 409 with what was refunded meanwhile; a refused refund is 502 with the order unchanged; not for operators' eyes only: 404", async () => {
    const order = await place();
    const stale = await refundForm(order, { amount: "5" });
    expect((await post(order, await refundForm(order, { amount: "10" }))).status).toBe(200);
    const conflict = await post(order, stale);
    expect(conflict).toMatchObject({ status: 409, body: { intent: "refund-part", refused: expect.stringContaining("Another refund was made since this page was loaded: €10.00") } });
    expect((await rowOf(order.id)).partlyRefundedCents).toBe(1000);

    const disputed = await place({ cardNumber: TEST_CARDS.refundRefused });
    const refused = await post(disputed, await refundForm(disputed, { amount: "20" }));
    expect(refused.status).toBe(502);
    expect(errorsOf(refused)[""]).toEqual(["The card processor refused the refund: the charge is disputed. Nothing was refunded and no credit note issued."]);
    expect((await rowOf(disputed.id)).partlyRefundedCents).toBe(0);
    expect((await eventsOf(disputed.id)).at(-1)).toMatchObject({ kind: "refund-refused", actor: operator.email, details: { attempted: "partial-refund", amountCents: "2000" } });

    // A cancelled order offers no form, and a post for it is refused (the page reloads).
    const cancelled = await place();
    await database.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled.id));
    expect(await panelOf(cancelled)).toMatchObject({ offered: false });
    expect(await post(cancelled, { intent: "refund-part", requestId: randomUUID(), expectedRefundedCents: "0", amount: "1", reason: "x" })).toMatchObject({ status: 409 });

    // Signed out: the back office is the 404 page.
    expect((await post(order, await refundForm(order, { amount: "1" }), null)).status).toBe(404);
    expect((await rowOf(order.id)).partlyRefundedCents).toBe(1000);
  });
});
