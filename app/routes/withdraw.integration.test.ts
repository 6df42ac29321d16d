import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, orders, type OrderRow } from "#app/db/schema.ts";
import { exportAccountData } from "#app/modules/accounts/data-rights.server.ts";
import { createOperator } from "#app/modules/accounts/operators.server.ts";
import { countOrdersByStatus, listOrders } from "#app/modules/admin/admin-orders.server.ts";
import { formatDate } from "#app/modules/catalog/format.ts";
import { lateWithdrawal, withdrawalPeriodLastDay } from "#app/modules/orders/withdrawal-period.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { initialDesign, type Design } from "#app/modules/design/design.ts";
import { orderAccessToken } from "#app/modules/orders/order-link.server.ts";
import { transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import { orderHistory } from "#app/modules/orders/order-history.server.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider, TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
import { designWith, textLayer } from "#tests/support/design-fixtures.ts";
import { callRoute, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { openTestDatabase } from "#tests/support/test-database.ts";
import * as adminLogin from "./admin-login.tsx";
import * as adminOrder from "./admin-order.tsx";
import * as orderRoute from "./order.tsx";
import * as withdraw from "./withdraw.tsx";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const run = (handler: (args: never) => unknown, request: Request, params: Record<string, string> = {}) =>
  callRoute(handler, request, { database, params });

async function placed(design: Design = initialDesign, userId: string | null = null): Promise<OrderRow> {
  const result = await placeOrder({
    db: database.db,
    provider: createTestPaymentProvider(),
    submission: {
      grip: true, size: 8.25, contact: `Buyer-${randomUUID().slice(0, 8)}@Example.com`, name: "Erika Mustermann",
      address: "Heidestraße 17", addressextend: "", postalcode: "51147", city: "Köln", country: "DE", region: "",
      design, checkoutId: randomUUID(), cardNumber: TEST_CARDS.success, cardName: "E Mustermann", cardMonth: "09",
      cardYear: "2034", cardCvv: "123",
    },
    userId,
    siteUrl: TEST_ORIGIN,
  });
  if (result.status !== "placed") throw new Error("not placed");
  return result.order;
}

const declare = (fields: Record<string, string>) => run(withdraw.action, formPost("/withdraw", fields));
const stored = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const receipts = (order: OrderRow) =>
  database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-withdrawal:${order.id}`));
const orderPage = (order: OrderRow) =>
  run(orderRoute.loader, new Request(`${TEST_ORIGIN}/orders/${order.id}?token=${orderAccessToken(order.id)}`), { orderId: order.id });

describe("the withdrawal function (/withdraw, § 356a BGB)", () => {
  it("records a deck's withdrawal from number and address as a buyer types them, and mails the receipt once", async () => {
    const order = await placed();
    const before = await orderPage(order);
    expect(before.body?.withdrawPath).toBe(`/withdraw?order=${order.number}`);

    // The order page's link fills in the number.
    const form = await run(withdraw.loader, new Request(`${TEST_ORIGIN}${before.body!.withdrawPath as string}`));
    expect(form.body).toEqual({ orderNumber: order.number, email: "" });

    // Lower case, spaces for the hyphen, the address in other capitals: still this order.
    const typed = order.number.toLowerCase().replace("-", " ");
    const answer = await declare({ name: "  Erika Mustermann ", orderNumber: typed, email: order.contact.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "received", orderNumber: order.number, email: order.contact, ownDesign: false, alreadyDeclared: false });

    const row = await stored(order.id);
    expect(row.withdrawalName).toBe("Erika Mustermann");
    expect(row.withdrawalDeclaredAt?.toISOString()).toBe(answer.body!.declaredAt);
    expect(row.status).toBe("paid"); // the operator cancels or takes the deck back: nothing moves by itself

    const [receipt, ...more] = await receipts(order);
    expect(more).toEqual([]);
    expect(receipt!.recipient).toBe(order.contact);
    expect(receipt!.subject).toBe(`Your withdrawal from Deck Studio order ${order.number} has arrived`);
    // The statement's content and the moment it arrived, on a durable medium.
    expect(receipt!.textBody).toContain(`I, Erika Mustermann, withdraw from my contract for order ${order.number}`);
    expect(receipt!.textBody).toMatch(/We received your withdrawal on \d{1,2} \w{3} \d{4}, \d\d:\d\d GMT\+[12]\./);
    expect(receipt!.textBody).toContain("If your deck has not been shipped yet, we cancel the order");

    // The order page now says so, and no longer offers the function.
    const after = await orderPage(order);
    expect(after.body?.withdrawPath).toBeNull();
    expect((after.body?.order as { withdrawalDeclaredAt: string }).withdrawalDeclaredAt).toBe(answer.body!.declaredAt);

    // Sent twice (a reload, a second tab): the first stands, no second receipt.
    const again = await declare({ name: "E. Mustermann", orderNumber: order.number, email: order.contact });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyDeclared: true, declaredAt: answer.body!.declaredAt });
    expect((await stored(order.id)).withdrawalName).toBe("Erika Mustermann");
    expect(await receipts(order)).toHaveLength(1);

    // The order's history has it once, by the buyer, the status unchanged.
    const declared = (await orderHistory(database.db, order.id)).filter((event) => event.kind === "withdrawal");
    expect(declared).toMatchObject([
      { actor: "buyer", fromStatus: "paid", toStatus: "paid", details: { name: "Erika Mustermann" } },
    ]);
  });

  it("takes a declaration for a deck with the buyer's own design, says it has no right of withdrawal, and does not offer it", async () => {
    const order = await placed(designWith(textLayer()));
    expect((await orderPage(order)).body?.withdrawPath).toBeNull();
    const answer = await declare({ name: "Erika Mustermann", orderNumber: order.number, email: order.contact });
    expect(answer.body).toMatchObject({ status: "received", ownDesign: true });
    const [receipt] = await receipts(order);
    expect(receipt!.textBody).toContain("it has no right of withdrawal");
  });

  it("a signed-in buyer finds their address filled in", async () => {
    const email = `signed-${randomUUID().slice(0, 8)}@example.com`;
    const created = await createAccount(database.db, email, "a long passphrase");
    if (!created.ok) throw new Error("no account");
    const { signInSession } = await import("#app/modules/session/auth.server.ts");
    const { contextForVisitor } = await import("#tests/support/route-harness.ts");
    const context = await contextForVisitor(database);
    const setCookie = await signInSession(context, created.account.id);
    const cookie = setCookie.split(";")[0]!;
    const form = await callRoute(withdraw.loader, new Request(`${TEST_ORIGIN}/withdraw`), { database, cookie });
    expect(form.body).toEqual({ orderNumber: "", email });
  });

  it("a number and address that name no order: one message for both, nothing recorded, nothing sent", async () => {
    const order = await placed();
    for (const fields of [
      { name: "Erika Mustermann", orderNumber: order.number, email: "someone.else@example.com" },
      { name: "Erika Mustermann", orderNumber: "DS-00000000", email: order.contact },
    ]) {
      const answer = await declare(fields);
      expect(answer.status).toBe(422);
      expect(answer.body?.error?.[""]).toEqual([
        "We have no order with this number for this e-mail address. Check both against your order confirmation.",
      ]);
    }
    expect((await stored(order.id)).withdrawalDeclaredAt).toBeNull();
    expect(await receipts(order)).toEqual([]);
  });

  it("a cancelled or returned order, already refunded: a message that says so, nothing recorded, no receipt", async () => {
    const cancelled = await placed();
    const returned = await placed();
    const operator = { id: "op", name: "op@example.com" };
    const move = (order: OrderRow, expected: OrderStatus, to: OrderStatus) =>
      transitionOrder(database.db, createTestPaymentProvider(), {
        orderId: order.id, expected, to, actor: operator, siteUrl: TEST_ORIGIN,
        ...(to === "shipped" ? { shipment: { carrier: "dhl" as const, trackingNumber: "00340434161234567890" } } : {}),
      });
    expect((await move(cancelled, "paid", "cancelled")).ok).toBe(true);
    for (const [from, to] of [["paid", "in_production"], ["in_production", "shipped"], ["shipped", "returned"]] as const) {
      expect((await move(returned, from, to)).ok).toBe(true);
    }
    for (const order of [cancelled, returned]) {
      const answer = await declare({ name: "Erika Mustermann", orderNumber: order.number, email: order.contact });
      expect(answer.status).toBe(409);
      expect(answer.body?.error?.[""]).toEqual([
        "This order is already cancelled or returned, and its full amount was refunded to your card: there is nothing left to withdraw from.",
      ]);
      expect((await stored(order.id)).withdrawalDeclaredAt).toBeNull();
      expect(await receipts(order)).toEqual([]);
    }
  });

  it("answers malformed, oversized and hostile input with 400 and field messages, never a 500", async () => {
    const order = await placed();
    const valid = { name: "Erika Mustermann", orderNumber: order.number, email: order.contact };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...valid, name: "" }, "name", "Enter your full name"],
      [{ ...valid, name: "x".repeat(10_000) }, "name", "Use at most 100 characters"],
      [{ ...valid, name: "Erika\u0000<script>" }, "name", "Remove the special characters"],
      [{ ...valid, orderNumber: "" }, "orderNumber", "Enter the order number"],
      [{ ...valid, orderNumber: "12345" }, "orderNumber", "Enter the order number as in your confirmation, like DS-7K3F9Q2A"],
      [{ ...valid, orderNumber: "DS-'; DROP TABLE orders;--" }, "orderNumber", "Enter the order number as in your confirmation, like DS-7K3F9Q2A"],
      [{ ...valid, orderNumber: "D".repeat(5_000) }, "orderNumber", "Enter the order number as in your confirmation, like DS-7K3F9Q2A"],
      [{ ...valid, email: "not an address" }, "email", "Enter an e-mail address like name@example.com"],
      [{ name: valid.name, orderNumber: valid.orderNumber }, "email", "Enter your e-mail address"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await declare(fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(answer.body?.error?.[field]?.[0], field).toMatch(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    }
    // Not a form at all.
    const json = new Request(`${TEST_ORIGIN}/withdraw`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify(valid),
    });
    expect((await run(withdraw.action, json)).status).toBeGreaterThanOrEqual(400);
    expect((await stored(order.id)).withdrawalDeclaredAt).toBeNull();
  });

  it("is in the buyer's data export", async () => {
    const email = `export-${randomUUID().slice(0, 8)}@example.com`;
    const created = await createAccount(database.db, email, "a long passphrase");
    if (!created.ok) throw new Error("no account");
    const order = await placed(initialDesign, created.account.id);
    await declare({ name: "Erika Mustermann", orderNumber: order.number, email: order.contact });
    const exported = await exportAccountData(database.db, created.account.id);
    expect(exported!.orders[0]!.withdrawal).toMatchObject({ name: "Erika Mustermann" });
  });
});

describe("a withdrawal after the 14-day period (§ 355 (2) BGB), on a fake clock", () => {
  const DAY = 86_400_000;
  const operator = { id: "op", name: "op@example.com" };
  const move = (order: OrderRow, expected: OrderStatus, to: OrderStatus) =>
    transitionOrder(database.db, createTestPaymentProvider(), {
      orderId: order.id, expected, to, actor: operator, siteUrl: TEST_ORIGIN,
      ...(to === "shipped" ? { shipment: { carrier: "dhl" as const, trackingNumber: "00340434161234567890" } } : {}),
    });
  async function walked(to: "shipped" | "delivered") {
    const order = await placed();
    const steps = [["paid", "in_production"], ["in_production", "shipped"], ["shipped", "delivered"]] as const;
    for (const [from, next] of steps.slice(0, to === "shipped" ? 2 : 3)) expect((await move(order, from, next)).ok).toBe(true);
    const delivery = (await orderHistory(database.db, order.id)).find((event) => event.kind === "status" && event.toStatus === "delivered");
    return { order, delivered: delivery?.createdAt ?? null };
  }
  const at = (moment: Date) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(moment);
  };
  const refundDue = async (order: OrderRow) =>
    (await listOrders(database.db, { status: "withdrawn", search: order.number, cursor: null })).rows.map((row) => row.id);
  async function operatorCookie() {
    const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
    const password = "operator password";
    await createOperator(database.db, { email, password });
    const signedIn = await run(adminLogin.action, formPost("/admin/login", { email, password }));
    return signedIn.cookie!.split(";")[0]!;
  }
  const adminPage = async (order: OrderRow) =>
    callRoute(adminOrder.loader as never, new Request(`${TEST_ORIGIN}/admin/orders/${order.id}`), {
      database,
      cookie: await operatorCookie(),
      params: { orderId: order.id },
    });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("20 days after delivery: recorded and receipted, but the page and the receipt say it is late and promise an answer, not a refund; not refund due", async () => {
    const { order, delivered } = await walked("delivered");
    const dueBefore = (await countOrdersByStatus(database.db)).withdrawn;
    at(new Date(delivered!.getTime() + 20 * DAY));
    const answer = await declare({ name: "Erika Mustermann", orderNumber: order.number, email: order.contact });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: "received",
      alreadyDeclared: false,
      ownDesign: false,
      late: { daysAfterDelivery: 20, deliveredAt: delivered!.toISOString() },
    });
    // Recorded all the same, at the (fake) moment it arrived: the buyer may dispute the delivery date.
    const row = await stored(order.id);
    expect(row.withdrawalDeclaredAt?.getTime()).toBe(delivered!.getTime() + 20 * DAY);
    expect(row.status).toBe("delivered");
    const [receipt, ...more] = await receipts(order);
    expect(more).toEqual([]);
    expect(receipt!.textBody).toContain(
      `Your withdrawal reached us 20 days after your deck was delivered on ${formatDate(delivered!, "en")}, after the 14-day withdrawal period (§ 355 (2) BGB). We have recorded it; we will check it and answer you by mail.`,
    );
    expect(receipt!.textBody).not.toMatch(/refund/i);
    // Asked again: the same answer, still late, nothing sent again.
    const again = await declare({ name: "Erika Mustermann", orderNumber: order.number, email: order.contact });
    expect(again.body).toMatchObject({ alreadyDeclared: true, late: { daysAfterDelivery: 20 } });
    expect(await receipts(order)).toHaveLength(1);

    // The back office: not in "Withdrawn, refund due" nor its count; the order page says it is late.
    expect(await refundDue(order)).toEqual([]);
    expect((await countOrdersByStatus(database.db)).withdrawn).toBe(dueBefore);
    // The order page finds the delivery in the history it loads (admin-order-late-withdrawal.test.tsx draws it).
    const page = await adminPage(order);
    expect(page.status).toBe(200);
    const history = (page.body as { history: { kind: string; to: string; at: string }[] }).history;
    expect(lateWithdrawal(history.find((event) => event.kind === "status" && event.to === "delivered")?.at, row.withdrawalDeclaredAt)).toEqual({
      daysAfterDelivery: 20,
      deliveredAt: delivered!.toISOString(),
    });
  });

  it("in time on the last day (D + 14 in Berlin): the refund is promised and due; from day D + 15 it is late", async () => {
    const inTime = await walked("delivered");
    at(withdrawalPeriodLastDay(inTime.delivered!)); // noon UTC on day D + 14: afternoon in Berlin
    const answer = await declare({ name: "Erika Mustermann", orderNumber: inTime.order.number, email: inTime.order.contact });
    expect(answer.body).toMatchObject({ status: "received", late: null });
    expect((await receipts(inTime.order))[0]!.textBody).toContain("we refund the price and the standard shipping within 14 days");
    expect(await refundDue(inTime.order)).toEqual([inTime.order.id]);

    vi.useRealTimers();
    const late = await walked("delivered");
    at(new Date(withdrawalPeriodLastDay(late.delivered!).getTime() + 12 * 3_600_000)); // 00:00 UTC on D + 15: 01:00 or 02:00 in Berlin
    const lateAnswer = await declare({ name: "Erika Mustermann", orderNumber: late.order.number, email: late.order.contact });
    expect(lateAnswer.body).toMatchObject({ late: { daysAfterDelivery: 15 } });
    expect(await refundDue(late.order)).toEqual([]);
  });

  it("an order not yet marked delivered is never late, however long it has been on its way", async () => {
    const { order } = await walked("shipped");
    at(new Date(Date.now() + 60 * DAY));
    const answer = await declare({ name: "Erika Mustermann", orderNumber: order.number, email: order.contact });
    expect(answer.body).toMatchObject({ status: "received", late: null });
    expect(await refundDue(order)).toEqual([order.id]);
  });
});
