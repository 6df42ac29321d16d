import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, orderClaims, orders, type OrderRow } from "#app/db/schema.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { initialDesign } from "#app/modules/design/design.ts";
import { CLAIM_LINKS_PER_HOUR } from "#app/modules/orders/order-claims.server.ts";
import { orderAccessToken, printAccessToken } from "#app/modules/orders/order-link.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider, TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
import { sessionContext } from "#app/request-context.server.ts";
import { callRoute, contextForVisitor, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as login from "./login.tsx";
import * as orderRoute from "./order.tsx";
import * as claimRoute from "./order-claim.tsx";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const run = (handler: (args: never) => unknown, request: Request, cookie: string | null = null, params: Record<string, string> = {}) =>
  callRoute(handler, request, { database, cookie, params });
const cookiePair = (setCookie: string | null) => setCookie!.split(";")[0]!;

async function guestOrder(contact = `buyer-${randomUUID().slice(0, 8)}@example.com`): Promise<OrderRow> {
  const result = await placeOrder({
    db: database.db,
    provider: createTestPaymentProvider(),
    submission: {
      grip: false, size: 8, contact, name: "Grace Hopper", address: "Pier 1", addressextend: "", postalcode: "75001",
      city: "Paris", country: "FR", region: "", design: initialDesign, checkoutId: randomUUID(), cardNumber: TEST_CARDS.success,
      cardName: "G Hopper", cardMonth: "01", cardYear: "2034", cardCvv: "321",
    },
    userId: null,
    siteUrl: TEST_ORIGIN,
  });
  if (result.status !== "placed") throw new Error("not placed");
  return result.order;
}

const orderPagePath = (order: OrderRow) => `/orders/${order.id}?token=${orderAccessToken(order.id)}`;
const ownerOf = async (orderId: string) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.userId;

/** Asks for a claim link from the order page, as its guest does, and reads the link from the mail sent. */
async function claimLinkFor(order: OrderRow): Promise<{ path: string; code: string }> {
  const sent = await run(orderRoute.action, formPost(orderPagePath(order), { intent: "claim-link" }), null, { orderId: order.id });
  expect(sent.status).toBe(200);
  const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, order.contact));
  const link = mails.flatMap((mail) => /https?:\/\/\S+\/claim\?code=[\w-]+/.exec(mail.textBody) ?? []).at(-1);
  if (!link) throw new Error("no claim link was mailed");
  const url = new URL(link);
  return { path: `${url.pathname}${url.search}`, code: url.searchParams.get("code")! };
}

describe(`taking over a guest order by its link on ${databaseKind} (the red-team probe)`, () => {
  it("is refused: the link's holder posting an account of their own moves nothing, and the buyer's link still works", async () => {
    const order = await guestOrder();
    const attacker = { email: `attacker-${randomUUID().slice(0, 8)}@evil.test`, password: "attacker's password" };
    for (const fields of [attacker, { ...attacker, intent: "signup" }, { ...attacker, intent: "create" }]) {
      const attempt = await run(orderRoute.action, formPost(orderPagePath(order), fields), null, { orderId: order.id });
      expect(attempt.status).toBe(400);
      expect(attempt.cookie).toBeNull();
    }
    // Asking for a link sends it to the order's address, never to one the holder names.
    const asked = await run(orderRoute.action, formPost(orderPagePath(order), { intent: "claim-link", ...attacker }), null, { orderId: order.id });
    expect(asked.body).toMatchObject({ sentTo: order.contact });
    const mails = await database.db.select().from(mailOutbox);
    expect(mails.some((mail) => mail.recipient === attacker.email)).toBe(false);

    expect(await ownerOf(order.id)).toBeNull();
    const buyersLink = await run(orderRoute.loader, new Request(`${TEST_ORIGIN}${orderPagePath(order)}`), null, { orderId: order.id });
    expect(buyersLink.status).toBe(200);
  });

  it("the page's token or the print token in place of the mailed code claims nothing", async () => {
    const order = await guestOrder();
    await claimLinkFor(order);
    for (const code of [orderAccessToken(order.id), printAccessToken(order.id), "", "x".repeat(43)]) {
      const path = `/orders/${order.id}/claim?code=${code}`;
      expect((await run(claimRoute.loader, new Request(`${TEST_ORIGIN}${path}`), null, { orderId: order.id })).status).toBe(404);
      const post = await run(claimRoute.action, formPost(path, { intent: "create", email: "x@evil.test", password: "long enough" }), null, { orderId: order.id });
      expect(post.status).toBe(404);
    }
    expect(await ownerOf(order.id)).toBeNull();
  });
});

describe(`keeping a guest order in an account on ${databaseKind}`, () => {
  it("the mailed link lets its reader choose a password: the account has the order's address, the order is theirs", async () => {
    const order = await guestOrder();
    const { path } = await claimLinkFor(order);
    const page = await run(claimRoute.loader, new Request(`${TEST_ORIGIN}${path}`), null, { orderId: order.id });
    expect(page).toMatchObject({ status: 200, body: { state: "ready", email: order.contact, hasAccount: false, orderNumber: order.number } });

    // The address in the form is ignored: the account is the order's address.
    const claimed = await run(claimRoute.action, formPost(path, { intent: "create", email: "someone@else.test", password: "long enough" }), null, { orderId: order.id });
    expect(claimed).toMatchObject({ status: 302, location: `/orders/${order.id}?account=created` });
    const session = (await contextForVisitor(database, cookiePair(claimed.cookie))).get(sessionContext);
    expect(await ownerOf(order.id)).toBe(session?.userId);
    const signIn = await run(login.action, formPost("/Login", { intent: "signin", email: order.contact, password: "long enough" }));
    expect(signIn.status).toBe(302);

    // Where the offer was, the order page now says the account was made: to the account's owner only.
    const createdPath = `/orders/${order.id}?account=created`;
    const owned = await run(orderRoute.loader, new Request(`${TEST_ORIGIN}${createdPath}`), cookiePair(claimed.cookie), { orderId: order.id });
    expect(owned.body).toMatchObject({ accountOutcome: "created", offerAccount: false });
    const token = `&token=${orderAccessToken(order.id)}`;
    const stranger = await run(orderRoute.loader, new Request(`${TEST_ORIGIN}${createdPath}${token}`), null, { orderId: order.id });
    expect(stranger.body ?? {}).not.toMatchObject({ accountOutcome: "created" });

    // The link worked once.
    const again = await run(claimRoute.loader, new Request(`${TEST_ORIGIN}${path}`), null, { orderId: order.id });
    expect(again.status).toBe(410);
  });

  it("with an account at the order's address, its owner signs in to add the order; a wrong password adds nothing", async () => {
    const contact = `returning-${randomUUID().slice(0, 8)}@example.com`;
    await createAccount(database.db, contact, "my own password");
    const order = await guestOrder(contact);
    const { path } = await claimLinkFor(order);
    expect((await run(claimRoute.loader, new Request(`${TEST_ORIGIN}${path}`), null, { orderId: order.id })).body).toMatchObject({ hasAccount: true });

    const wrong = await run(claimRoute.action, formPost(path, { intent: "signin", email: contact, password: "a guess" }), null, { orderId: order.id });
    expect(wrong.status).toBe(400);
    expect(await ownerOf(order.id)).toBeNull();
    const created = await run(claimRoute.action, formPost(path, { intent: "create", email: contact, password: "another password" }), null, { orderId: order.id });
    expect(created.status).toBe(409);

    const right = await run(claimRoute.action, formPost(path, { intent: "signin", email: contact, password: "my own password" }), null, { orderId: order.id });
    expect(right).toMatchObject({ status: 302, location: `/orders/${order.id}?account=kept` });
    expect(await ownerOf(order.id)).not.toBeNull();
  });

  it("an expired link says so (410) and claims nothing", async () => {
    const order = await guestOrder();
    const { path } = await claimLinkFor(order);
    await database.db.update(orderClaims).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orderClaims.orderId, order.id));
    const page = await run(claimRoute.loader, new Request(`${TEST_ORIGIN}${path}`), null, { orderId: order.id });
    expect(page.status).toBe(410);
    expect(JSON.stringify(page.body)).toContain("This link has expired");
    const post = await run(claimRoute.action, formPost(path, { intent: "create", email: order.contact, password: "long enough" }), null, { orderId: order.id });
    expect(post.status).toBe(410);
    expect(await ownerOf(order.id)).toBeNull();
  });

  it(`sends at most ${CLAIM_LINKS_PER_HOUR} links an hour for one order, answering the same to every request`, async () => {
    const order = await guestOrder();
    for (let i = 0; i < CLAIM_LINKS_PER_HOUR + 3; i++) {
      const sent = await run(orderRoute.action, formPost(orderPagePath(order), { intent: "claim-link" }), null, { orderId: order.id });
      expect(sent).toMatchObject({ status: 200, body: { sentTo: order.contact } });
    }
    const links = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, order.contact));
    expect(links.filter((mail) => mail.eventKey.startsWith("order-claim:"))).toHaveLength(CLAIM_LINKS_PER_HOUR);
  });

  it("two tabs using one link at once: the order goes to one account", async () => {
    const order = await guestOrder();
    const { path } = await claimLinkFor(order);
    const results = await Promise.all(
      [1, 2].map(() => run(claimRoute.action, formPost(path, { intent: "create", email: order.contact, password: "long enough" }), null, { orderId: order.id })),
    );
    expect(results.filter((result) => result.status === 302)).toHaveLength(1);
    expect(await ownerOf(order.id)).not.toBeNull();
  });

  it("answers 4xx, never 5xx, to arbitrary forms on the order page and the claim page (property-based)", async () => {
    const order = await guestOrder();
    const { path } = await claimLinkFor(order);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.oneof(fc.constantFrom("claim-link", "create", "signin", ""), fc.string({ maxLength: 50 })),
          email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 })),
          password: fc.oneof(fc.constant("seven77"), fc.string({ maxLength: 2000 })),
        }),
        async (fields) => {
          // Once a run has claimed the order, its guest link answers 404 like any order one may not see.
          const onPage = await run(orderRoute.action, formPost(orderPagePath(order), fields), null, { orderId: order.id });
          expect([200, 400, 404]).toContain(onPage.status);
          const onClaim = await run(claimRoute.action, formPost(path, fields), null, { orderId: order.id });
          expect([302, 400, 409, 410, 429]).toContain(onClaim.status);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe(`a signed-in buyer's own guest order on ${databaseKind}`, () => {
  /** A buyer with an account for `email`, signed in: the session cookie. */
  async function signedIn(email: string): Promise<string> {
    const created = await createAccount(database.db, email, "long enough");
    if (!created.ok) throw new Error("no account");
    const signIn = await run(login.action, formPost("/Login", { intent: "signin", email, password: "long enough" }));
    expect(signIn.status).toBe(302);
    return cookiePair(signIn.cookie);
  }

  it("goes into the account with one click when the order has the account's address, and a second click finds it kept", async () => {
    const email = `own-${randomUUID().slice(0, 8)}@example.com`;
    const order = await guestOrder(email.toUpperCase());
    const cookie = await signedIn(email);
    const page = await run(orderRoute.loader, new Request(`${TEST_ORIGIN}${orderPagePath(order)}`), cookie, { orderId: order.id });
    expect(page.body).toMatchObject({ offerKeep: true, offerAccount: false });

    for (let click = 0; click < 2; click++) {
      const kept = await run(orderRoute.action, formPost(orderPagePath(order), { intent: "keep" }), cookie, { orderId: order.id });
      expect(kept).toMatchObject({ status: 302, location: `/orders/${order.id}?account=kept` });
    }
    const session = (await contextForVisitor(database, cookie)).get(sessionContext);
    expect(await ownerOf(order.id)).toBe(session?.userId);
    const after = await run(orderRoute.loader, new Request(`${TEST_ORIGIN}/orders/${order.id}?account=kept`), cookie, { orderId: order.id });
    expect(after.body).toMatchObject({ offerKeep: false, accountOutcome: "kept" });
  });

  it("is refused to a buyer signed in with another address, and to a visitor: the order stays a guest's", async () => {
    const order = await guestOrder();
    const other = await signedIn(`other-${randomUUID().slice(0, 8)}@example.com`);
    const page = await run(orderRoute.loader, new Request(`${TEST_ORIGIN}${orderPagePath(order)}`), other, { orderId: order.id });
    expect(page.body).toMatchObject({ offerKeep: false });
    for (const cookie of [other, null]) {
      const refused = await run(orderRoute.action, formPost(orderPagePath(order), { intent: "keep" }), cookie, { orderId: order.id });
      expect(refused.status).toBe(403);
    }
    expect(await ownerOf(order.id)).toBeNull();
  });
});
