import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { SIGN_IN_LIMITS } from "#app/modules/accounts/sign-in-limits.server.ts";
import { CLIENT_ADDRESS_HEADER } from "#app/modules/http/client-address.mjs";
import { initialDesign } from "#app/modules/design/design.ts";
import { orderAccessToken, printAccessToken } from "#app/modules/orders/order-link.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider, TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
import { sessionContext } from "#app/request-context.server.ts";
import { callRoute, contextForVisitor, formPost, newClientAddress, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { mailedLink } from "#tests/support/mail.ts";
import * as account from "./account.tsx";
import * as accountConfirm from "./account-confirm.tsx";
import * as login from "./login.tsx";
import * as logout from "./logout.ts";
import * as orderRoute from "./order.tsx";
import * as orderPrint from "./order-print.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Calls a loader or action as the visitor with this session cookie would reach it. */
const run = (handler: (args: never) => unknown, request: Request, cookie: string | null = null, params: Record<string, string> = {}) =>
  callRoute(handler, request, { database, cookie, params });
const post = formPost;
const ORIGIN = TEST_ORIGIN;

const cookiePair = (setCookie: string | null) => setCookie!.split(";")[0]!;
const email = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;

/** Signs up as the Login page does, then opens the mailed link and presses "Create my account". */
async function signUp(address: string, password: string) {
  const requested = await run(login.action, post("/Login", { intent: "signup", email: address, password }));
  expect(requested).toMatchObject({ status: 200, body: { form: "signup", result: { sentTo: address.toLowerCase() } } });
  const { path } = await mailedLink(database, address.toLowerCase(), "/account/confirm");
  return run(accountConfirm.action, post(path, {}));
}

describe(`accounts on ${databaseKind}`, () => {
  it("creates an account once the mailed link is opened, signs the buyer in and goes on to /Shipping", async () => {
    const address = email();
    const created = await signUp(address, "long enough");
    expect(created).toMatchObject({ status: 302, location: "/Shipping" });
    expect(created.cookie).toMatch(/__session=.+; .*HttpOnly/);
    const page = await run(login.loader, new Request(`${ORIGIN}/Login`), cookiePair(created.cookie));
    expect(page.body).toMatchObject({ email: address });
  });

  it("refuses a short password and a taken e-mail with field messages, never echoing the password", async () => {
    const short = await run(login.action, post("/Login", { intent: "signup", email: email(), password: "short" }));
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("Use at least 8 characters");
    expect(JSON.stringify(short.body)).not.toContain('"short"');

    const address = email();
    await signUp(address, "long enough");
    // A taken address is answered like a new one; the mail to the address says it has an account.
    const again = await run(login.action, post("/Login", { intent: "signup", email: address.toUpperCase(), password: "long enough" }));
    expect(again).toMatchObject({ status: 200, body: { result: { sentTo: address } } });
    expect(JSON.stringify(again.body)).not.toContain("long enough");
    expect((await mailedLink(database, address, "/account/reset")).text).toContain("You have one already.");
  });

  it("signs in with the right password, refuses a wrong one with one message for both cases", async () => {
    const address = email();
    await signUp(address, "correct horse");
    const wrong = await run(login.action, post("/Login", { intent: "signin", email: address, password: "wrong horse" }));
    const unknown = await run(login.action, post("/Login", { intent: "signin", email: email(), password: "whatever1" }));
    for (const outcome of [wrong, unknown]) {
      expect(outcome.status).toBe(400);
      expect(JSON.stringify(outcome.body)).toContain("The e-mail address or the password is not right.");
    }
    const right = await run(login.action, post("/Login", { intent: "signin", email: ` ${address.toUpperCase()} `, password: "correct horse" }));
    expect(right).toMatchObject({ status: 302, location: "/Shipping" });
  });

  it(`limits one client to ${SIGN_IN_LIMITS.accountFromClient} tries at an account, then says when to try again`, async () => {
    const address = email();
    const attacker = { [CLIENT_ADDRESS_HEADER]: newClientAddress() };
    await signUp(address, "correct horse");
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromClient; i++) {
      const wrong = await run(login.action, post("/Login", { intent: "signin", email: address, password: `wrong ${i}` }, attacker));
      expect(wrong.status).toBe(400);
    }
    const limited = await run(login.action, post("/Login", { intent: "signin", email: address, password: "correct horse" }, attacker));
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.body)).toMatch(/Too many attempts to sign in. Try again in 1[45] minutes/);
    // The buyer, from their own address, is not locked out by it.
    const buyer = await run(login.action, post("/Login", { intent: "signin", email: address, password: "correct horse" }));
    expect(buyer).toMatchObject({ status: 302, location: "/Shipping" });
  });

  it("signs out: the session ends and the cookie is cleared", async () => {
    const created = await signUp(email(), "long enough");
    const out = await run(logout.action, post("/logout", {}), cookiePair(created.cookie));
    expect(out).toMatchObject({ status: 302, location: "/" });
    expect(out.cookie).toMatch(/Max-Age=0/);
    const context = await contextForVisitor(database, cookiePair(created.cookie));
    expect(context.get(sessionContext)).toBeNull();
  });

  it("only follows a same-site `next` after login", async () => {
    const evil = await run(login.action, post("/Login?next=//evil.test", { intent: "guest", contact: "ada@example.com" }));
    expect(evil.location).toBe("/Shipping");
    const ok = await run(login.action, post("/Login?next=/account", { intent: "guest", contact: "ada@example.com" }));
    expect(ok.location).toBe("/account");
  });

  it("answers a page, a redirect or a 4xx, never 5xx, to arbitrary login forms (property-based)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.oneof(fc.constantFrom("guest", "signin", "signup", "admin", ""), fc.string()),
          email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 })),
          contact: fc.string({ maxLength: 300 }),
          password: fc.string({ maxLength: 2000 }),
        }),
        async (fields) => {
          const { status } = await run(login.action, post("/Login", fields));
          // 200: a well-formed sign-up ("we sent a link", whatever the address), which fast-check generates too.
          expect([200, 302, 400, 429]).toContain(status);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe(`order pages on ${databaseKind}`, () => {
  /** A new account's session cookie and id. */
  async function newAccount() {
    const created = await signUp(email(), "long enough");
    const cookie = cookiePair(created.cookie);
    const userId = (await contextForVisitor(database, cookie)).get(sessionContext)!.userId!;
    return { cookie, userId };
  }

  async function guestOrder(userId: string | null = null) {
    const result = await placeOrder({
      db: database.db,
      provider: createTestPaymentProvider(),
      submission: {
        grip: false, size: 8, contact: "guest@example.com", name: "Grace Hopper", address: "Pier 1", addressextend: "",
        postalcode: "75001", city: "Paris", country: "FR", region: "", design: initialDesign, checkoutId: randomUUID(),
        cardNumber: TEST_CARDS.success, cardName: "G Hopper", cardMonth: "01", cardYear: "2034", cardCvv: "321",
      },
      userId,
      siteUrl: TEST_ORIGIN,
    });
    if (result.status !== "placed") throw new Error("not placed");
    return result.order;
  }

  it("a guest sees their order with the link's token; without it, signed out, the sign-in page", async () => {
    const order = await guestOrder();
    const withToken = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}?token=${orderAccessToken(order.id)}`), null, { orderId: order.id });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toMatchObject({ order: { number: order.number, totalCents: 5900 + 990 }, offerAccount: true });
    expect(JSON.stringify(withToken.body)).not.toContain(order.paymentReference);

    const without = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}`), null, { orderId: order.id });
    expect(without).toMatchObject({ status: 302, location: `/account?next=${encodeURIComponent(`/orders/${order.id}`)}` });
    const forged = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}?token=forged`), null, { orderId: order.id });
    expect(forged.status).toBe(404);
  });

  it("an account's order opened from its mail while signed out: sign in, and back to the order", async () => {
    const address = email();
    const created = await signUp(address, "long enough");
    const cookie = cookiePair(created.cookie);
    const owner = { userId: (await contextForVisitor(database, cookie)).get(sessionContext)!.userId!, cookie };
    const order = await guestOrder(owner.userId);
    const orderPath = `/orders/${order.id}`;
    const signedOut = await run(orderRoute.loader, new Request(`${ORIGIN}${orderPath}`), null, { orderId: order.id });
    const signInPath = `/account?next=${encodeURIComponent(orderPath)}`;
    expect(signedOut).toMatchObject({ status: 302, location: signInPath });
    // The same answer for an order that does not exist: the redirect tells nothing about the id.
    const unknownId = randomUUID();
    const unknown = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${unknownId}`), null, { orderId: unknownId });
    expect(unknown).toMatchObject({ status: 302, location: `/account?next=${encodeURIComponent(`/orders/${unknownId}`)}` });

    const page = await run(account.loader, new Request(`${ORIGIN}${signInPath}`));
    expect(page.body).toMatchObject({ email: null, forOrder: true });
    const signedIn = await run(account.action, formPost(signInPath, { intent: "signin", email: address, password: "long enough" }));
    expect(signedIn).toMatchObject({ status: 302, location: orderPath });
    const view = await run(orderRoute.loader, new Request(`${ORIGIN}${orderPath}`), cookiePair(signedIn.cookie), { orderId: order.id });
    expect(view).toMatchObject({ status: 200, body: { order: { number: order.number } } });
    // Already signed in, the sign-in link goes straight on; a `next` elsewhere is ignored.
    expect(await run(account.loader, new Request(`${ORIGIN}${signInPath}`), owner.cookie)).toMatchObject({ status: 302, location: orderPath });
    for (const next of ["//evil.test/orders/x", "https://evil.test/", "/Shipping", "/orders/x/print"]) {
      const elsewhere = await run(account.action, formPost(`/account?next=${encodeURIComponent(next)}`, { intent: "signin", email: address, password: "long enough" }));
      expect(elsewhere).toMatchObject({ status: 302, location: "/account" });
    }
  });

  it("another buyer cannot read an account's order by its id; a guest link does not open it", async () => {
    const owner = await newAccount();
    const order = await guestOrder(owner.userId);
    const ownerView = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}`), owner.cookie, { orderId: order.id });
    expect(ownerView.status).toBe(200);

    const other = await newAccount();
    const otherView = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}`), other.cookie, { orderId: order.id });
    expect(otherView.status).toBe(404);
    const withToken = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}?token=${orderAccessToken(order.id)}`), null, { orderId: order.id });
    expect(withToken.status).toBe(404);
  });

  it("the account lists only the buyer's own orders; without sign-in it is a sign-in page of its own", async () => {
    const owner = await newAccount();
    const order = await guestOrder(owner.userId);
    await guestOrder((await newAccount()).userId);
    const history = await run(account.loader, new Request(`${ORIGIN}/account`), owner.cookie);
    expect(history.body).toMatchObject({ orders: [{ id: order.id, number: order.number }] });
    const anonymous = await run(account.loader, new Request(`${ORIGIN}/account`));
    expect(anonymous).toMatchObject({ status: 200, body: { email: null, orders: [] } });
  });

  it("signing in on the account page comes back to it, under the sign-in limits and messages", async () => {
    const address = email();
    await signUp(address, "long enough");
    const wrong = await run(account.action, formPost("/account", { intent: "signin", email: address, password: "not it at all" }));
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("The e-mail address or the password is not right.");
    expect(wrong.cookie).toBeNull();
    const right = await run(account.action, formPost("/account", { intent: "signin", email: address, password: "long enough" }));
    expect(right).toMatchObject({ status: 302, location: "/account" });
    expect(right.cookie).toMatch(/^__session=/);
  });

  it("the print files take their own token, which opens nothing else; the page's token does not open them", async () => {
    const order = await guestOrder();
    const page = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}?token=${orderAccessToken(order.id)}`), null, { orderId: order.id });
    const printQuery = (page.body as { printQuery: string }).printQuery;
    expect(printQuery).toBe(`?print=${printAccessToken(order.id)}`);
    const svg = await run(orderPrint.loader, new Request(`${ORIGIN}/orders/${order.id}/print/svg${printQuery}`), null, { orderId: order.id, format: "svg" });
    expect(svg.status).toBe(200);
    const refusals = [
      ["", "svg"],
      ["", "png"],
      [printQuery, "pdf"],
      [`?token=${orderAccessToken(order.id)}`, "svg"],
      [`?print=${orderAccessToken(order.id)}`, "png"],
    ] as const;
    for (const [query, format] of refusals) {
      const refused = await run(orderPrint.loader, new Request(`${ORIGIN}/orders/${order.id}/print/${format}${query}`), null, { orderId: order.id, format });
      expect(refused.status).toBe(404);
    }
    const pageWithPrintToken = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}?token=${printAccessToken(order.id)}`), null, { orderId: order.id });
    expect(pageWithPrintToken.status).toBe(404);
  });
});
