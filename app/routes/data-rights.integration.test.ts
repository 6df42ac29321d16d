import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { addresses, checkoutAttempts, emailLinks, mailOutbox, orderPrintFiles, orders, sessions, users } from "#app/db/schema.ts";
import { createAccount, signIn } from "#app/modules/accounts/accounts.server.ts";
import { rememberCheckoutAddress } from "#app/modules/accounts/address-book.server.ts";
import { DATA_EXPORT_FORMAT, type AccountDataExport } from "#app/modules/accounts/data-rights.server.ts";
import { orderAccessToken } from "#app/modules/orders/order-link.server.ts";
import { formatDate } from "#app/modules/catalog/format.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { orderHistory } from "#app/modules/orders/order-history.server.ts";
import { transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { withdrawalPeriodLastDay } from "#app/modules/orders/withdrawal-period.ts";
import { declareWithdrawal } from "#app/modules/orders/withdrawals.server.ts";
import { localeContext } from "#app/request-context.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { createSession } from "#app/modules/session/session.server.ts";
import { designWith, textLayer } from "#tests/support/design-fixtures.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, contextForVisitor, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as account from "./account.tsx";
import * as accountData from "./account-data.ts";
import * as accountDelete from "./account-delete.tsx";
import * as order from "./order.tsx";

let database: Database;
const provider = createTestPaymentProvider();
const PASSWORD = "a long passphrase";

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A buyer with an account, signed in, with an address in the book and two orders in the account. */
async function buyerWithOrders() {
  const email = `rights-${randomUUID().slice(0, 8)}@example.com`;
  const created = await createAccount(database.db, email, PASSWORD);
  if (!created.ok) throw new Error("account not created");
  const id = created.account.id;
  const session = await createSession(database.db, { userId: id });
  const placed = [];
  for (const name of ["Ada Lovelace", "Ada King"]) {
    const submission = orderSubmission({ contact: email, name, design: designWith(textLayer({ text: "ADA RULES" })) });
    const result = await placeOrder({ db: database.db, provider, submission, userId: id, siteUrl: TEST_ORIGIN });
    if (result.status !== "placed") throw new Error("order not placed");
    placed.push(result.order);
  }
  await rememberCheckoutAddress(database.db, id, {
    name: "Ada Lovelace",
    address: "Main Street 1",
    addressextend: "",
    postalcode: "10115",
    city: "Berlin",
    country: "DE",
    region: "",
  } as never);
  return { id, email, cookie: session.setCookie.split(";")[0]!, orders: placed };
}

const shipAll = (orderIds: string[]) =>
  database.db.update(orders).set({ status: "shipped", carrier: "dhl", trackingNumber: "00340434161094042557" }).where(inArray(orders.id, orderIds));

const download = (cookie: string | null) =>
  callRoute(accountData.loader as never, new Request(`${TEST_ORIGIN}/account/data`), { database, cookie });

async function downloadResponse(cookie: string | null): Promise<Response> {
  const context = await contextForVisitor(database, cookie);
  return (await (accountData.loader as (args: unknown) => Promise<Response>)({
    request: new Request(`${TEST_ORIGIN}/account/data`),
    params: {},
    context,
  })) as Response;
}

const deleteWith = (cookie: string, fields: Record<string, string>) =>
  callRoute(accountDelete.action as never, formPost("/account/delete", fields), { database, cookie });

describe(`downloading one's data on ${databaseKind}`, () => {
  it("gives the signed-in owner a JSON file with the account, addresses and orders, and no secrets", async () => {
    const buyer = await buyerWithOrders();
    const response = await downloadResponse(buyer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="deck-studio-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text) as AccountDataExport;

    expect(data.format).toBe(DATA_EXPORT_FORMAT);
    expect(data.account).toMatchObject({ email: buyer.email, role: "buyer" });
    expect(data.addresses).toMatchObject([{ name: "Ada Lovelace", postalcode: "10115", isDefault: true }]);
    expect(data.orders.map((entry) => entry.number).sort()).toEqual(buyer.orders.map((entry) => entry.number).sort());
    const first = data.orders.find((entry) => entry.number === buyer.orders[0]!.number)!;
    expect(first).toMatchObject({
      status: "paid",
      contact: buyer.email,
      shippingAddress: { name: "Ada Lovelace", city: "Berlin", country: "DE" },
      deck: { size: 8.5, grip: true },
      price: { totalCents: buyer.orders[0]!.totalCents, currency: "EUR" },
      card: { brand: "visa", last4: "4242" },
      history: [{ status: "paid" }],
    });
    expect(JSON.stringify(first.deck.design)).toContain("ADA RULES");

    // Nothing that would let anyone act as the buyer or their card: no hash, session, processor reference, key.
    const [user] = await database.db.select().from(users).where(eq(users.id, buyer.id));
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, buyer.id));
    for (const secret of [user!.passwordHash, session!.id, buyer.orders[0]!.paymentReference, buyer.orders[0]!.idempotencyKey, buyer.id]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password|4242 ?4242|"cvv"|cardExp|paymentReference|idempotency/i);
  });

  it("answers a visitor who is not signed in with 401, and another buyer with only their own data", async () => {
    const owner = await buyerWithOrders();
    const stranger = await buyerWithOrders();

    const anonymous = await download(null);
    expect(anonymous.status).toBe(401);

    const theirs = JSON.parse(await (await downloadResponse(stranger.cookie)).text()) as AccountDataExport;
    expect(theirs.account.email).toBe(stranger.email);
    const text = JSON.stringify(theirs);
    expect(text).not.toContain(owner.email);
    for (const placed of owner.orders) expect(text).not.toContain(placed.number);
  });
});

describe(`deleting one's account on ${databaseKind}`, () => {
  it("needs the password, waits for orders still being made, then deletes the account and anonymises its orders", async () => {
    const buyer = await buyerWithOrders();
    const orderIds = buyer.orders.map((entry) => entry.id);
    // A guest order by the same person, never kept in the account: not part of the account, and its link still works.
    const guest = await placeOrder({
      db: database.db,
      provider,
      submission: orderSubmission({ contact: buyer.email }),
      userId: null,
      siteUrl: TEST_ORIGIN,
    });
    if (guest.status !== "placed") throw new Error("guest order not placed");
    await database.db.insert(emailLinks).values({
      id: randomUUID(),
      purpose: "password-reset",
      email: buyer.email,
      codeHash: randomUUID(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    // No password, a wrong one: refused, nothing changes.
    expect(await deleteWith(buyer.cookie, {})).toMatchObject({ status: 400, body: { field: "password", message: "account:dataRights.errors.passwordRequired" } });
    expect(await deleteWith(buyer.cookie, { password: "not my password" })).toMatchObject({
      status: 400,
      body: { field: "password", message: "account:dataRights.errors.wrongPassword" },
    });
    // Both orders are still paid: the decks are being made for this address, so the account stays for now.
    const waiting = await deleteWith(buyer.cookie, { password: PASSWORD });
    expect(waiting.status).toBe(409);
    expect(String(waiting.body?.message)).toContain(buyer.orders[0]!.number);
    expect(await database.db.select().from(users).where(eq(users.id, buyer.id))).toHaveLength(1);

    await shipAll(orderIds);
    const before = await database.db.select().from(orders).where(inArray(orders.id, orderIds));
    const deleted = await deleteWith(buyer.cookie, { password: PASSWORD });
    expect(deleted).toMatchObject({ status: 302, location: "/account/delete?deleted=1" });
    expect(deleted.cookie).toMatch(/__session=;.*Max-Age=0/i);

    // The account, its sessions, addresses, links and mail are gone.
    expect(await database.db.select().from(users).where(eq(users.id, buyer.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, buyer.id))).toEqual([]);
    expect(await database.db.select().from(addresses).where(eq(addresses.userId, buyer.id))).toEqual([]);
    expect(await database.db.select().from(emailLinks).where(eq(emailLinks.email, buyer.email))).toEqual([]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, buyer.email))).toEqual([]);
    expect(await database.db.select().from(orderPrintFiles).where(inArray(orderPrintFiles.orderId, orderIds))).toEqual([]);

    // The orders stay, detached and anonymised, with what the invoice must keep.
    const after = await database.db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(after).toHaveLength(2);
    for (const row of after) {
      const was = before.find((entry) => entry.id === row.id)!;
      expect(row).toMatchObject({ userId: null, contact: "" });
      expect(row.anonymisedAt).toBeInstanceOf(Date);
      expect(row.design).toEqual({ ...(was.design as object), layers: [] });
      const kept = ["number", "name", "address", "postalcode", "city", "country", "priceLines", "subtotalCents", "shippingCents", "vatCents", "totalCents", "cardBrand", "cardLast4", "paymentReference", "invoiceNumber", "createdAt", "status", "trackingNumber"] as const;
      for (const field of kept) expect(row[field]).toEqual(was[field]);
    }

    // Signing in fails; the old cookie is a visitor's; the account page asks to sign in.
    const again = await signIn(database.db, { email: buyer.email, password: PASSWORD, clientAddress: "2001:db8::ff" });
    expect(again).toEqual({ ok: false, reason: "invalid" });
    const page = await callRoute(account.loader as never, new Request(`${TEST_ORIGIN}/account`), { database, cookie: buyer.cookie });
    expect(page.body).toMatchObject({ email: null, orders: [] });
    expect((await download(buyer.cookie)).status).toBe(401);

    // An anonymised order opens for no one, not with a guest link's token either (it answers the 404 page).
    const viaToken = await callRoute(order.loader as never, new Request(`${TEST_ORIGIN}/orders/${orderIds[0]}?token=${orderAccessToken(orderIds[0]!)}`), {
      database,
      params: { orderId: orderIds[0]! },
    });
    expect(viaToken.status).toBe(404);
    // The guest order, never in the account, is untouched and opens with its link as before.
    const guestPage = await callRoute(order.loader as never, new Request(`${TEST_ORIGIN}/orders/${guest.order.id}?token=${orderAccessToken(guest.order.id)}`), {
      database,
      params: { orderId: guest.order.id },
    });
    expect(guestPage.status).toBe(200);
    expect(guestPage.body).toMatchObject({ order: { contact: buyer.email } });

    // After the redirect the page confirms, signed out.
    const confirmation = await callRoute(accountDelete.loader as never, new Request(`${TEST_ORIGIN}/account/delete?deleted=1`), { database });
    expect(confirmation.body).toMatchObject({ deleted: true, email: null, title: "Your account is deleted" });
  });

  it("waits for a payment of the account still in flight", async () => {
    const buyer = await buyerWithOrders();
    await shipAll(buyer.orders.map((entry) => entry.id));
    const pendingOrder = { ...buyer.orders[0]!, id: randomUUID(), number: "DS-INFLIGHT", userId: buyer.id };
    await database.db.insert(checkoutAttempts).values({
      idempotencyKey: randomUUID(),
      status: "processing",
      pending: { order: pendingOrder as never, siteUrl: TEST_ORIGIN },
    });
    const waiting = await deleteWith(buyer.cookie, { password: PASSWORD });
    expect(waiting.status).toBe(409);
    expect(String(waiting.body?.message)).toContain("DS-INFLIGHT");
    expect(await database.db.select().from(users).where(eq(users.id, buyer.id))).toHaveLength(1);
  });

  it("sends a visitor who is not signed in to sign in, and never deletes another buyer", async () => {
    const owner = await buyerWithOrders();
    const other = await buyerWithOrders();
    await shipAll(owner.orders.map((entry) => entry.id));
    const anonymous = await callRoute(accountDelete.action as never, formPost("/account/delete", { password: PASSWORD }), { database });
    expect(anonymous).toMatchObject({ status: 302, location: "/account" });
    // The other buyer's session with the owner's password deletes nothing (it is checked against the session's account).
    const wrong = await deleteWith(other.cookie, { password: "someone else's" });
    expect(wrong.status).toBe(400);
    expect(await database.db.select().from(users).where(inArray(users.id, [owner.id, other.id]))).toHaveLength(2);
  });
});

describe(`deleting one's account while an order can still be withdrawn from (§ 356a BGB), on ${databaseKind} and a fake clock`, () => {
  const DAY = 86_400_000;
  const operator = { id: "op", name: "op@example.com" };
  const move = (orderId: string, expected: OrderStatus, to: OrderStatus) =>
    transitionOrder(database.db, provider, {
      orderId, expected, to, actor: operator, siteUrl: TEST_ORIGIN,
      ...(to === "shipped" ? { shipment: { carrier: "dhl" as const, trackingNumber: "00340434161234567890" } } : {}),
    });
  /** A signed-in buyer with one blank deck (or one with their design) in the account, moved on to `to`. */
  async function buyerWithDeck(to: "shipped" | "delivered", design = orderSubmission().design) {
    const email = `withdrawable-${randomUUID().slice(0, 8)}@example.com`;
    const created = await createAccount(database.db, email, PASSWORD);
    if (!created.ok) throw new Error("account not created");
    const session = await createSession(database.db, { userId: created.account.id });
    const placed = await placeOrder({ db: database.db, provider, submission: orderSubmission({ contact: email, design }), userId: created.account.id, siteUrl: TEST_ORIGIN });
    if (placed.status !== "placed") throw new Error("order not placed");
    const steps = [["paid", "in_production"], ["in_production", "shipped"], ["shipped", "delivered"]] as const;
    for (const [from, next] of steps.slice(0, to === "shipped" ? 2 : 3)) expect((await move(placed.order.id, from, next)).ok).toBe(true);
    const delivery = (await orderHistory(database.db, placed.order.id)).find((event) => event.kind === "status" && event.toStatus === "delivered");
    return { id: created.account.id, email, cookie: session.setCookie.split(";")[0]!, order: placed.order, delivered: delivery?.createdAt ?? null };
  }
  const at = (moment: Date) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(moment);
  };
  const accountExists = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id))).length === 1;
  async function deleteIn(locale: "en" | "de", cookie: string) {
    const context = await contextForVisitor(database, cookie);
    context.set(localeContext, locale);
    const outcome = await callRoute(accountDelete.action as never, formPost("/account/delete", { password: PASSWORD }), { database, context });
    const body = outcome.body as { field?: string; message?: string } | undefined;
    return { ...outcome, text: body?.message ? formMessageIn(locale)(body.message) : null };
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a blank deck on its way keeps the account, and says why, in English and German", async () => {
    const buyer = await buyerWithDeck("shipped");
    const english = await deleteIn("en", buyer.cookie);
    expect(english.status).toBe(409);
    expect(english.text).toBe(
      "Your account stays while you can still withdraw from an order or a withdrawal is being settled: withdrawing online and the refund need the order's e-mail address, which deleting the account removes (§ 356a BGB). " +
        `${buyer.order.number} is on its way: it can be withdrawn from until 14 days after delivery. You can delete your account after that.`,
    );
    const german = await deleteIn("de", buyer.cookie);
    expect(german.status).toBe(409);
    expect(german.text).toContain(`${buyer.order.number} ist unterwegs: Du kannst sie bis 14 Tage nach der Zustellung widerrufen`);
    expect(await accountExists(buyer.id)).toBe(true);
    expect((await database.db.select().from(orders).where(eq(orders.id, buyer.order.id)))[0]!.contact).toBe(buyer.email);
  });

  it("a delivered blank deck keeps the account to the end of day D + 14 (Berlin), then the account can go", async () => {
    const buyer = await buyerWithDeck("delivered");
    const lastDay = withdrawalPeriodLastDay(buyer.delivered!);
    at(lastDay); // noon UTC on day D + 14
    const refused = await deleteIn("en", buyer.cookie);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`${buyer.order.number} can be withdrawn from until the end of ${formatDate(lastDay, "en")}`);
    expect((await deleteIn("de", buyer.cookie)).text).toContain(`${buyer.order.number} kannst du bis zum Ende des ${formatDate(lastDay, "de")} widerrufen`);
    expect(await accountExists(buyer.id)).toBe(true);

    at(new Date(lastDay.getTime() + 12 * 3_600_000)); // 00:00 UTC on day D + 15: past midnight in Berlin
    const deleted = await deleteIn("en", buyer.cookie);
    expect(deleted).toMatchObject({ status: 302, location: "/account/delete?deleted=1" });
    expect(await accountExists(buyer.id)).toBe(false);
  });

  it("a withdrawal declared in time keeps the account until the order is refunded, even after the period", async () => {
    const buyer = await buyerWithDeck("delivered");
    const declared = await declareWithdrawal(database.db, { name: "Erika Mustermann", orderNumber: buyer.order.number, email: buyer.email }, TEST_ORIGIN);
    expect(declared).toMatchObject({ ok: true, late: null });
    at(new Date(buyer.delivered!.getTime() + 25 * DAY)); // past the period (the session lasts longer)
    const refused = await deleteIn("en", buyer.cookie);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`${buyer.order.number}: your withdrawal is being settled, until the order is refunded`);
    vi.useRealTimers();
    expect((await move(buyer.order.id, "delivered", "returned")).ok).toBe(true);
    expect(await deleteIn("en", buyer.cookie)).toMatchObject({ status: 302, location: "/account/delete?deleted=1" });
    expect(await accountExists(buyer.id)).toBe(false);
  });

  it("a deck with the buyer's own design keeps nothing once shipped; nor does a withdrawal declared after the period", async () => {
    const ownDesign = await buyerWithDeck("shipped", designWith(textLayer({ text: "ADA RULES" })));
    expect(await deleteIn("en", ownDesign.cookie)).toMatchObject({ status: 302 });
    expect(await accountExists(ownDesign.id)).toBe(false);

    const lateBuyer = await buyerWithDeck("delivered");
    at(new Date(lateBuyer.delivered!.getTime() + 20 * DAY));
    const declared = await declareWithdrawal(database.db, { name: "Erika Mustermann", orderNumber: lateBuyer.order.number, email: lateBuyer.email }, TEST_ORIGIN);
    expect(declared).toMatchObject({ ok: true, late: { daysAfterDelivery: 20 } });
    expect(await deleteIn("en", lateBuyer.cookie)).toMatchObject({ status: 302 });
    expect(await accountExists(lateBuyer.id)).toBe(false);
  });
});
