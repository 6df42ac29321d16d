import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { SIGN_IN_LIMIT } from "~/modules/accounts/accounts.server";
import { initialDesign } from "~/modules/editor/design";
import { orderAccessToken } from "~/modules/orders/order-link.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { createTestPaymentProvider, TEST_CARDS } from "~/modules/payment/payment-provider.server";
import { sessionContext } from "~/request-context.server";
import { callRoute, contextForVisitor, formPost, TEST_ORIGIN } from "~/test/route-harness";
import { databaseKind, openTestDatabase } from "~/test/test-database";
import * as account from "./account";
import * as login from "./login";
import * as logout from "./logout";
import * as orderRoute from "./order";
import * as orderPrint from "./order-print";

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

describe(`accounts on ${databaseKind}`, () => {
  it("creates an account, signs the buyer in and goes on to /Shipping", async () => {
    const address = email();
    const created = await run(login.action, post("/Login", { intent: "signup", email: address, password: "long enough" }));
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
    await run(login.action, post("/Login", { intent: "signup", email: address, password: "long enough" }));
    const again = await run(login.action, post("/Login", { intent: "signup", email: address.toUpperCase(), password: "long enough" }));
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("exists already");
  });

  it("signs in with the right password, refuses a wrong one with one message for both cases", async () => {
    const address = email();
    await run(login.action, post("/Login", { intent: "signup", email: address, password: "correct horse" }));
    const wrong = await run(login.action, post("/Login", { intent: "signin", email: address, password: "wrong horse" }));
    const unknown = await run(login.action, post("/Login", { intent: "signin", email: email(), password: "whatever1" }));
    for (const outcome of [wrong, unknown]) {
      expect(outcome.status).toBe(400);
      expect(JSON.stringify(outcome.body)).toContain("The e-mail address or the password is not right.");
    }
    const right = await run(login.action, post("/Login", { intent: "signin", email: ` ${address.toUpperCase()} `, password: "correct horse" }));
    expect(right).toMatchObject({ status: 302, location: "/Shipping" });
  });

  it(`limits sign-in to ${SIGN_IN_LIMIT.failures} failures per address, then says when to try again`, async () => {
    const address = email();
    await run(login.action, post("/Login", { intent: "signup", email: address, password: "correct horse" }));
    for (let i = 0; i < SIGN_IN_LIMIT.failures; i++) {
      expect((await run(login.action, post("/Login", { intent: "signin", email: address, password: `wrong ${i}` }))).status).toBe(400);
    }
    const limited = await run(login.action, post("/Login", { intent: "signin", email: address, password: "correct horse" }));
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.body)).toMatch(/Too many attempts to sign in. Try again in 1[45] minutes/);
  });

  it("signs out: the session ends and the cookie is cleared", async () => {
    const created = await run(login.action, post("/Login", { intent: "signup", email: email(), password: "long enough" }));
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

  it("answers 4xx, never 5xx, to arbitrary login forms (property-based)", async () => {
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
          expect([302, 400, 429]).toContain(status);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe(`order pages on ${databaseKind}`, () => {
  async function guestOrder() {
    const result = await placeOrder({
      db: database.db,
      provider: createTestPaymentProvider(),
      submission: {
        grip: false, size: 8, contact: "guest@example.com", name: "Grace Hopper", address: "Pier 1", addressextend: "",
        postalcode: "75001", city: "Paris", country: "FR", design: initialDesign, checkoutId: randomUUID(),
        cardNumber: TEST_CARDS.success, cardName: "G Hopper", cardMonth: "01", cardYear: "2034", cardCvv: "321",
      },
      userId: null,
    });
    if (result.status !== "placed") throw new Error("not placed");
    return result.order;
  }

  it("a guest sees their order with the link's token, and 404 without it", async () => {
    const order = await guestOrder();
    const withToken = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}?token=${orderAccessToken(order.id)}`), null, { orderId: order.id });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toMatchObject({ order: { number: order.number, totalCents: 5900 + 990 }, offerAccount: true });
    expect(JSON.stringify(withToken.body)).not.toContain(order.paymentReference);

    const without = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}`), null, { orderId: order.id });
    expect(without.status).toBe(404);
  });

  it("another buyer cannot read an account's order by its id", async () => {
    const order = await guestOrder();
    const owner = await run(orderRoute.action, post(`/orders/${order.id}?token=${orderAccessToken(order.id)}`, { email: email(), password: "long enough" }), null, { orderId: order.id });
    expect(owner.status).toBe(302);
    const ownerView = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}`), cookiePair(owner.cookie), { orderId: order.id });
    expect(ownerView.status).toBe(200);

    const other = await run(login.action, post("/Login", { intent: "signup", email: email(), password: "long enough" }));
    const otherView = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}`), cookiePair(other.cookie), { orderId: order.id });
    expect(otherView.status).toBe(404);
    // The old guest link no longer opens the order once it belongs to an account.
    const oldLink = await run(orderRoute.loader, new Request(`${ORIGIN}/orders/${order.id}?token=${orderAccessToken(order.id)}`), null, { orderId: order.id });
    expect(oldLink.status).toBe(404);
  });

  it("the account lists only the buyer's own orders; without sign-in it sends to /Login", async () => {
    const order = await guestOrder();
    const created = await run(orderRoute.action, post(`/orders/${order.id}?token=${orderAccessToken(order.id)}`, { email: email(), password: "long enough" }), null, { orderId: order.id });
    const history = await run(account.loader, new Request(`${ORIGIN}/account`), cookiePair(created.cookie));
    expect(history.body).toMatchObject({ orders: [{ id: order.id, number: order.number }] });
    const anonymous = await run(account.loader, new Request(`${ORIGIN}/account`));
    expect(anonymous).toMatchObject({ status: 302, location: "/Login?next=/account" });
  });

  it("the print files follow the order's access rules", async () => {
    const order = await guestOrder();
    const token = orderAccessToken(order.id);
    const svg = await run(orderPrint.loader, new Request(`${ORIGIN}/orders/${order.id}/print/svg?token=${token}`), null, { orderId: order.id, format: "svg" });
    expect(svg.status).toBe(200);
    for (const [query, format] of [["", "svg"], ["", "png"], [`?token=${token}`, "pdf"]] as const) {
      const refused = await run(orderPrint.loader, new Request(`${ORIGIN}/orders/${order.id}/print/${format}${query}`), null, { orderId: order.id, format });
      expect(refused.status).toBe(404);
    }
  });

  it("keeping a guest order in a new account answers 4xx, never 5xx, to arbitrary forms (property-based)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 })), password: fc.string({ maxLength: 2000 }) }),
        async (fields) => {
          // A fresh guest order each time: a successful run moves its order into the new account.
          const order = await guestOrder();
          const path = `/orders/${order.id}?token=${orderAccessToken(order.id)}`;
          const { status } = await run(orderRoute.action, post(path, fields), null, { orderId: order.id });
          expect([302, 400]).toContain(status);
        },
      ),
      { numRuns: 25 },
    );
  });
});
