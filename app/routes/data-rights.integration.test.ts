import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { addresses, checkoutAttempts, emailLinks, mailOutbox, orderPrintFiles, orders, sessions, users } from "#app/db/schema.ts";
import { createAccount, signIn } from "#app/modules/accounts/accounts.server.ts";
import { rememberCheckoutAddress } from "#app/modules/accounts/address-book.server.ts";
import { DATA_EXPORT_FORMAT, type AccountDataExport } from "#app/modules/accounts/data-rights.server.ts";
import { orderAccessToken } from "#app/modules/orders/order-link.server.ts";
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
