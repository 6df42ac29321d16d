import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { orders, type OrderRow } from "#app/db/schema.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { createOperator } from "#app/modules/accounts/operators.server.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import { orderAccessToken, printAccessToken } from "#app/modules/orders/order-link.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, contextForVisitor, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as account from "./account.tsx";
import * as adminLogin from "./admin-login.tsx";
import * as adminOrderInvoice from "./admin-order-invoice.ts";
import * as login from "./login.tsx";
import * as orderRoute from "./order.tsx";
import * as orderCreditNote from "./order-credit-note.ts";
import * as orderInvoice from "./order-invoice.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Handler = (args: never) => unknown;
const cookiePair = (setCookie: string | null) => setCookie!.split(";")[0]!;
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function place(overrides: Partial<OrderSubmission> = {}, userId: string | null = null): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: orderSubmission(overrides), userId, siteUrl: TEST_ORIGIN });
  if (result.status !== "placed") throw new Error(`order not placed: ${JSON.stringify(result)}`);
  return result.order;
}

async function signedInBuyer() {
  const email = uniqueEmail("buyer");
  const password = "buyer password";
  const created = await createAccount(database.db, email, password);
  if (!created.ok) throw new Error("account not created");
  const signedIn = await callRoute(login.action, formPost("/Login", { intent: "signin", email, password }), { database });
  expect(signedIn).toMatchObject({ status: 302 });
  return { id: created.account.id, email, cookie: cookiePair(signedIn.cookie) };
}

async function signedInOperator() {
  const email = uniqueEmail("ops");
  const password = "operator password";
  await createOperator(database.db, { email, password });
  const signedIn = await callRoute(adminLogin.action, formPost("/admin/login", { email, password }), { database });
  expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
  return { cookie: cookiePair(signedIn.cookie) };
}

/** What a loader answered or threw, as the browser gets it: a Response with its headers and body. */
async function fetchRoute(handler: Handler, path: string, cookie: string | null, params: Record<string, string>): Promise<Response> {
  const context = await contextForVisitor(database, cookie);
  let value: unknown;
  try {
    value = await (handler as (args: unknown) => unknown)({ request: new Request(`${TEST_ORIGIN}${path}`), params, context, unstable_pattern: "" });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return value;
  // The 404 page is thrown as React Router's data() with a status.
  const status = (value as { init?: { status?: number } }).init?.status;
  return new Response(null, { status: status ?? 500 });
}

/** Where a redirect to the account page's sign-in goes, or the status when the answer is something else. */
function signInRedirect(response: Response): string | number {
  return response.status === 302 ? response.headers.get("Location")! : response.status;
}

async function expectInvoice(response: Response, order: OrderRow, fileName = `invoice-${order.invoiceNumber}.pdf`) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${fileName}"`);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(Number(response.headers.get("Content-Length"))).toBe(body.byteLength);
}

describe(`the invoice download on ${databaseKind}`, () => {
  let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
  let stranger: Awaited<ReturnType<typeof signedInBuyer>>;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  let owned: OrderRow;
  let guest: OrderRow;

  beforeAll(async () => {
    buyer = await signedInBuyer();
    stranger = await signedInBuyer();
    operator = await signedInOperator();
    owned = await place({ contact: buyer.email }, buyer.id);
    guest = await place();
  });

  const buyerInvoice = (order: OrderRow, query: string, cookie: string | null) =>
    fetchRoute(orderInvoice.loader, `/orders/${order.id}/invoice${query}`, cookie, { orderId: order.id });
  const adminInvoice = (order: OrderRow, cookie: string | null) =>
    fetchRoute(adminOrderInvoice.loader, `/admin/orders/${order.id}/invoice`, cookie, { orderId: order.id });

  it("gives the owner their order's invoice, as a PDF download that no cache keeps", async () => {
    await expectInvoice(await buyerInvoice(owned, "", buyer.cookie), owned);
  });

  it("gives a guest order's invoice to the holder of the order link's token, and to nobody else", async () => {
    await expectInvoice(await buyerInvoice(guest, `?token=${orderAccessToken(guest.id)}`, null), guest);
    for (const [query, cookie] of [
      ["", buyer.cookie],
      [`?token=${printAccessToken(guest.id)}`, null], // the print files' token opens only the print files
      [`?token=${orderAccessToken(owned.id)}`, null], // another order's token
      ["?token=forged", null],
    ] as const) {
      expect((await buyerInvoice(guest, query, cookie)).status).toBe(404);
    }
    // Signed out without a token, any order's invoice leads to the sign-in (nothing said about the order).
    expect(signInRedirect(await buyerInvoice(guest, "", null))).toBe(`/account?next=${encodeURIComponent(`/orders/${guest.id}/invoice`)}`);
  });

  it("is not found for a stranger, signed in or not, nor with the token for an account's order", async () => {
    expect((await buyerInvoice(owned, "", stranger.cookie)).status).toBe(404);
    expect(signInRedirect(await buyerInvoice(owned, "", null))).toBe(`/account?next=${encodeURIComponent(`/orders/${owned.id}/invoice`)}`);
    expect((await buyerInvoice(owned, `?token=${orderAccessToken(owned.id)}`, null)).status).toBe(404);
    const missing = { ...owned, id: randomUUID() };
    expect((await buyerInvoice(missing, "", buyer.cookie)).status).toBe(404);
    expect((await fetchRoute(orderInvoice.loader, "/orders/not-an-id/invoice", buyer.cookie, { orderId: "not-an-id" })).status).toBe(404);
  });

  it("gives operators any order's invoice in the back office, and nobody else", async () => {
    await expectInvoice(await adminInvoice(owned, operator.cookie), owned);
    await expectInvoice(await adminInvoice(guest, operator.cookie), guest);
    expect((await adminInvoice(owned, buyer.cookie)).status).toBe(404);
    expect((await adminInvoice(guest, null)).status).toBe(404);
  });

  it("names the file in the order's language", async () => {
    const [german] = await database.db.update(orders).set({ locale: "de" }).where(eq(orders.id, owned.id)).returning();
    await expectInvoice(await buyerInvoice(german!, "", buyer.cookie), german!, `rechnung-${german!.invoiceNumber}.pdf`);
  });

  it("of an order anonymised with its deleted account: no buyer's link opens it, the back office still has it", async () => {
    const kept = await place();
    const [anonymised] = await database.db.update(orders).set({ anonymisedAt: new Date(), contact: "" }).where(eq(orders.id, kept.id)).returning();
    expect((await buyerInvoice(anonymised!, `?token=${orderAccessToken(kept.id)}`, null)).status).toBe(404);
    await expectInvoice(await adminInvoice(anonymised!, operator.cookie), anonymised!);
  });

  it("is linked from the order page (with a guest's token) and the account's history", async () => {
    const page = await callRoute(orderRoute.loader, new Request(`${TEST_ORIGIN}/orders/${guest.id}?token=${orderAccessToken(guest.id)}`), {
      database,
      params: { orderId: guest.id },
    });
    expect(page.body).toMatchObject({ invoicePath: `/orders/${guest.id}/invoice?token=${orderAccessToken(guest.id)}` });
    const ownPage = await callRoute(orderRoute.loader, new Request(`${TEST_ORIGIN}/orders/${owned.id}`), { database, cookie: buyer.cookie, params: { orderId: owned.id } });
    expect(ownPage.body).toMatchObject({ invoicePath: `/orders/${owned.id}/invoice` });
    const history = await callRoute(account.loader, new Request(`${TEST_ORIGIN}/account`), { database, cookie: buyer.cookie });
    expect((history.body as { orders: { id: string }[] }).orders.map((order) => order.id)).toContain(owned.id);
  });
});

describe(`the credit note download on ${databaseKind}`, () => {
  let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
  let stranger: Awaited<ReturnType<typeof signedInBuyer>>;
  let owned: OrderRow;
  let guest: OrderRow;
  let german: OrderRow;
  let unrefunded: OrderRow;

  /** Cancels the order as the back office does: refunded, with its credit note. */
  async function cancel(order: OrderRow): Promise<OrderRow> {
    const result = await transitionOrder(database.db, createTestPaymentProvider(), {
      orderId: order.id,
      expected: order.status,
      to: "cancelled",
      actor: { id: "operator-1", name: "ops@example.com" },
      siteUrl: TEST_ORIGIN,
    });
    if (!result.ok) throw new Error(`not cancelled: ${JSON.stringify(result)}`);
    expect(result.order.creditNoteNumber).toMatch(/^\d{4}-\d{6}$/);
    return result.order;
  }

  beforeAll(async () => {
    buyer = await signedInBuyer();
    stranger = await signedInBuyer();
    owned = await cancel(await place({ contact: buyer.email }, buyer.id));
    guest = await cancel(await place());
    const placed = await place();
    await database.db.update(orders).set({ locale: "de" }).where(eq(orders.id, placed.id));
    german = await cancel({ ...placed, locale: "de" });
    unrefunded = await place({ contact: buyer.email }, buyer.id);
  });

  const creditNote = (order: OrderRow, query: string, cookie: string | null) =>
    fetchRoute(orderCreditNote.loader, `/orders/${order.id}/credit-note${query}`, cookie, { orderId: order.id });
  const creditNoteFile = (order: OrderRow) => `credit-note-${order.creditNoteNumber}.pdf`;

  it("gives the owner their refunded order's credit note, as a PDF download that no cache keeps", async () => {
    await expectInvoice(await creditNote(owned, "", buyer.cookie), owned, creditNoteFile(owned));
  });

  it("gives a guest order's credit note to the holder of the order link's token, and to nobody else", async () => {
    await expectInvoice(await creditNote(guest, `?token=${orderAccessToken(guest.id)}`, null), guest, creditNoteFile(guest));
    for (const [query, cookie] of [
      ["", buyer.cookie],
      [`?token=${printAccessToken(guest.id)}`, null],
      [`?token=${orderAccessToken(owned.id)}`, null],
      ["?token=forged", null],
    ] as const) {
      expect((await creditNote(guest, query, cookie)).status).toBe(404);
    }
  });

  it("is not found for a stranger, signed in or not, nor with the token for an account's order", async () => {
    expect((await creditNote(owned, "", stranger.cookie)).status).toBe(404);
    expect(signInRedirect(await creditNote(owned, "", null))).toBe(`/account?next=${encodeURIComponent(`/orders/${owned.id}/credit-note`)}`);
    expect((await creditNote(owned, `?token=${orderAccessToken(owned.id)}`, null)).status).toBe(404);
    expect((await fetchRoute(orderCreditNote.loader, "/orders/not-an-id/credit-note", buyer.cookie, { orderId: "not-an-id" })).status).toBe(404);
  });

  it("is not found for an order that was not refunded, even to its owner (whose invoice is there)", async () => {
    expect((await creditNote(unrefunded, "", buyer.cookie)).status).toBe(404);
    await expectInvoice(await fetchRoute(orderInvoice.loader, `/orders/${unrefunded.id}/invoice`, buyer.cookie, { orderId: unrefunded.id }), unrefunded);
  });

  it("names the file in the order's language", async () => {
    await expectInvoice(await creditNote(german, `?token=${orderAccessToken(german.id)}`, null), german, `stornorechnung-${german.creditNoteNumber}.pdf`);
  });

  it("is linked from the order page once the order is refunded (with a guest's token), not before", async () => {
    const pageOf = (order: OrderRow, query: string, cookie: string | null) =>
      callRoute(orderRoute.loader, new Request(`${TEST_ORIGIN}/orders/${order.id}${query}`), { database, cookie, params: { orderId: order.id } });

    const placed = await place();
    const token = `?token=${orderAccessToken(placed.id)}`;
    expect((await pageOf(placed, token, null)).body).toMatchObject({ creditNotePath: null });
    await cancel(placed);
    expect((await pageOf(placed, token, null)).body).toMatchObject({ creditNotePath: `/orders/${placed.id}/credit-note${token}` });

    expect((await pageOf(unrefunded, "", buyer.cookie)).body).toMatchObject({ creditNotePath: null });
    expect((await pageOf(owned, "", buyer.cookie)).body).toMatchObject({ creditNotePath: `/orders/${owned.id}/credit-note` });
  });
});
