import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouterContextProvider } from "react-router";
import { carriedDraftContext, carriedDraftMiddleware } from "#app/modules/checkout/carried-draft.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { sessionContext } from "#app/request-context.server.ts";
import { routeMiddleware } from "#app/modules/middleware/route-middleware.server.ts";
import { sessionMiddleware } from "#app/modules/middleware/root-middleware.server.ts";
import { createSession } from "#app/modules/session/session.server.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { validAddress } from "#tests/support/fixtures.ts";
import { callRoute, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { contextFor, databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as checkoutRevisit from "./checkout-revisit.ts";
import * as gripSize from "./grip-size.tsx";
import * as language from "./language.ts";
import * as healthz from "./healthz.ts";
import * as login from "./login.tsx";
import * as notFound from "./not-found.tsx";
import * as payment from "./payment.tsx";
import * as shipping from "./shipping.tsx";
import { withEnglishMessages } from "#tests/support/form-messages.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const runAction = (action: (args: never) => unknown, request: Request) => callRoute(action, request, { database });

describe(`checkout step actions on ${databaseKind}`, () => {
  it("GripSize: a catalog width goes on to /Login", async () => {
    const result = await runAction(gripSize.action, formPost("/GripSize", { size: "8.5", grip: "on" }));
    expect(result).toMatchObject({ status: 302, location: "/Login" });
  });

  it("GripSize: a signed-in buyer has done the Login step: the width goes on to /Shipping, and the page says so", async () => {
    const created = await createAccount(database.db, `grip-${Date.now()}@example.com`, "a long passphrase");
    if (!created.ok) throw new Error("no account");
    const { setCookie } = await createSession(database.db, { userId: created.account.id });
    const cookie = setCookie.split(";")[0]!;
    const result = await callRoute(gripSize.action, formPost("/GripSize", { size: "8.5", grip: "on" }), { database, cookie });
    expect(result).toMatchObject({ status: 302, location: "/Shipping" });
    const page = await callRoute(gripSize.loader, new Request(`${TEST_ORIGIN}/GripSize`), { database, cookie });
    expect(page.body).toEqual({ next: "/Shipping" });
    const guestPage = await callRoute(gripSize.loader, new Request(`${TEST_ORIGIN}/GripSize`), { database });
    expect(guestPage.body).toEqual({ next: "/Login" });
  });

  it("GripSize: no width answers 400 with the field message", async () => {
    const result = await runAction(gripSize.action, formPost("/GripSize", { grip: "on" }));
    expect(result.status).toBe(400);
    expect(withEnglishMessages(result.body?.error?.size)).toEqual(["Choose a deck width"]);
  });

  it("Login: a guest e-mail goes on to /Shipping; a bad one answers 400 with the message", async () => {
    expect(await runAction(login.action, formPost("/Login", { intent: "guest", contact: "ada@example.com" }))).toMatchObject({
      status: 302,
      location: "/Shipping",
    });
    const bad = await runAction(login.action, formPost("/Login", { intent: "guest", contact: "not-an-email" }));
    expect(bad.status).toBe(400);
    expect(withEnglishMessages(bad.body)).toMatchObject({
      form: "guest",
      result: { error: { contact: ["Enter an e-mail address like name@example.com"] } },
    });
  });

  it("Shipping: a complete address goes on to /Payment", async () => {
    expect(await runAction(shipping.action, formPost("/Shipping", validAddress))).toMatchObject({
      status: 302,
      location: "/Payment",
    });
  });

  it("Shipping: every wrong field is reported at once and the input is echoed back", async () => {
    const result = await runAction(
      shipping.action,
      formPost("/Shipping", { ...validAddress, name: "", postalcode: "ABC", country: "DE" }),
    );
    expect(result.status).toBe(400);
    expect(withEnglishMessages(result.body?.error)).toMatchObject({
      name: ["Enter your full name"],
      postalcode: ["Enter a German postal code, like 10115"],
    });
    expect(JSON.stringify(result.body)).toContain("Main Street 1"); // kept for the form
  });

  it("Shipping: a name and address in Japanese script answer 400 with the Latin-letters message on each field, and stay in the form", async () => {
    const japan = { ...validAddress, country: "JP", name: "山田 太郎", address: "千代田1-1", postalcode: "100-0001", city: "東京" };
    const result = await runAction(shipping.action, formPost("/Shipping", japan));
    expect(result.status).toBe(400);
    const latin = ["Write this in Latin letters, as for international post"];
    expect(withEnglishMessages(result.body?.error)).toMatchObject({ name: latin, address: latin, city: latin });
    expect(result.body?.error?.postalcode ?? undefined).toBeUndefined();
    expect(result.body).toMatchObject({ initialValue: { name: "山田 太郎", address: "千代田1-1", city: "東京" } });
    // Emoji the same: only a refusal, never "Zoë" without them.
    const emoji = await runAction(shipping.action, formPost("/Shipping", { ...validAddress, name: "Zoë 🎉" }));
    expect(emoji.status).toBe(400);
    expect(withEnglishMessages(emoji.body?.error)).toMatchObject({ name: latin });
    // Written in Latin letters, the same address goes on.
    const romaji = { ...japan, name: "Taro Yamada", address: "Chiyoda 1-1", city: "Tokyo" };
    expect(await runAction(shipping.action, formPost("/Shipping", romaji))).toMatchObject({ status: 302, location: "/Payment" });
  });

  describe("a step the browser posted itself (before the page's scripts ran) carries its fields (D226)", () => {
    const asDocument = { "Sec-Fetch-Mode": "navigate" };
    /** One request through the carrying middleware, the handler run as React Router would after it. */
    async function throughMiddleware(request: Request, handle: (context: RouterContextProvider) => Promise<unknown>) {
      const context = contextFor(database);
      let seen: unknown = null;
      const response = (await carriedDraftMiddleware({ request, context, params: {} } as never, async () => {
        const outcome = await handle(context);
        seen = context.get(carriedDraftContext);
        return outcome instanceof Response ? outcome : new Response(null, { status: 400 });
      })) as Response;
      return { response, seen };
    }

    it("accepted: the next page gets the address once, by a cookie cleared as it is read", async () => {
      const post = formPost("/Shipping", { ...validAddress, contact: "erika@example.com" }, asDocument);
      const sent = await throughMiddleware(post, (context) => shipping.action({ request: post, context, params: {} } as never));
      expect(sent.response.headers.get("Location")).toBe("/Payment");
      const cookie = sent.response.headers.get("Set-Cookie") ?? "";
      expect(cookie).toMatch(/^deck-carry=[^;]+;.*HttpOnly/);
      expect(cookie).not.toContain("Erika"); // encoded, signed: no address in plain text in a header log

      const payment = new Request(`${TEST_ORIGIN}/Payment`, { headers: { Cookie: cookie.split(";")[0]! } });
      const next = await throughMiddleware(payment, async () => new Response("page"));
      expect(next.seen).toMatchObject({ name: validAddress.name, city: validAddress.city, contact: "erika@example.com" });
      expect(next.response.headers.get("Set-Cookie")).toMatch(/^deck-carry=;.*Max-Age=0/);
    });

    it("two steps posted in a row keep the first one's fields: Grip & size's width reaches Shipping with the guest's e-mail", async () => {
      const grip = formPost("/GripSize", { size: "8.5", grip: "on" }, asDocument);
      const first = await throughMiddleware(grip, (context) => gripSize.action({ request: grip, context, params: {} } as never));
      const cookie = (first.response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
      const guest = formPost("/Login", { intent: "guest", contact: "ada@example.com" }, { ...asDocument, Cookie: cookie });
      const second = await throughMiddleware(guest, (context) => login.action({ request: guest, context, params: {} } as never));
      const shippingPage = new Request(`${TEST_ORIGIN}/Shipping`, { headers: { Cookie: (second.response.headers.get("Set-Cookie") ?? "").split(";")[0]! } });
      const third = await throughMiddleware(shippingPage, async () => new Response("page"));
      expect(third.seen).toEqual({ size: 8.5, grip: true, contact: "ada@example.com" });
    });

    it("without scripts, what a step's form passes on hidden goes on: Login's guest form with the width (D235)", async () => {
      // No cookie: the Login page was rendered with the width (its hidden fields), and the browser keeps no draft.
      const guest = formPost("/Login", { intent: "guest", contact: "ada@example.com", size: "8.5", grip: "" }, asDocument);
      const sent = await throughMiddleware(guest, (context) => login.action({ request: guest, context, params: {} } as never));
      const shippingPage = new Request(`${TEST_ORIGIN}/Shipping`, { headers: { Cookie: (sent.response.headers.get("Set-Cookie") ?? "").split(";")[0]! } });
      const next = await throughMiddleware(shippingPage, async () => new Response("page"));
      expect(next.seen).toEqual({ size: 8.5, grip: false, contact: "ada@example.com" });
    });

    it("a refused payment posted by the browser comes back with the order's fields, never the card's (D235)", async () => {
      const post = formPost(
        "/Payment",
        { ...validAddress, contact: "ada@example.com", size: "8.5", grip: "on", cardNumber: "4242", cardName: "A", cardMonth: "13", cardYear: "x", cardCvv: "1" },
        asDocument,
      );
      const sent = await throughMiddleware(post, (context) => payment.action({ request: post, context, params: {} } as never));
      expect(sent.seen).toMatchObject({ name: validAddress.name, city: validAddress.city, contact: "ada@example.com", size: 8.5, grip: true });
      expect(JSON.stringify(sent.seen)).not.toMatch(/4242|cardCvv|cardNumber/);
    });

    it("refused: the same page renders with the fields as sent, and nothing goes to a cookie", async () => {
      const post = formPost("/Shipping", { ...validAddress, address: "" }, asDocument);
      const sent = await throughMiddleware(post, (context) => shipping.action({ request: post, context, params: {} } as never));
      expect(sent.seen).toMatchObject({ name: validAddress.name });
      // An empty field carries nothing: it must not wipe what the tab's draft has (a guest's e-mail, D228).
      expect(sent.seen).not.toHaveProperty("address");
      expect(sent.response.headers.get("Set-Cookie")).toBeNull();
    });

    it("back to an earlier step without scripts: the step bar's form carries what was entered to it (D240)", async () => {
      const fields = { ...validAddress, contact: "ada@example.com", size: "8.5", grip: "on" };
      const back = formPost("/checkout/revisit", { to: "/Shipping", ...fields }, asDocument);
      const sent = await throughMiddleware(back, (context) => checkoutRevisit.action({ request: back, context, params: {} } as never));
      expect(sent.response.status).toBe(303);
      expect(sent.response.headers.get("Location")).toBe("/Shipping");
      const shippingPage = new Request(`${TEST_ORIGIN}/Shipping`, { headers: { Cookie: (sent.response.headers.get("Set-Cookie") ?? "").split(";")[0]! } });
      const next = await throughMiddleware(shippingPage, async () => new Response("page"));
      expect(next.seen).toMatchObject({ name: validAddress.name, city: validAddress.city, contact: "ada@example.com", size: 8.5, grip: true });

      // Only the checkout's steps: never another page or site, and a GET starts the checkout.
      for (const to of ["/admin", "https://evil.example/", "//evil.example", "", "/shipping/../admin"]) {
        const refused = formPost("/checkout/revisit", { to, ...fields }, asDocument);
        const outcome = await callRoute(checkoutRevisit.action, refused, { database });
        expect(outcome.status, to).toBe(400);
        expect(outcome.location, to).toBeNull();
      }
      expect((await callRoute(checkoutRevisit.loader, new Request(`${TEST_ORIGIN}/checkout/revisit`), { database })).location).toBe("/GripSize");
      expect((await callRoute(checkoutRevisit.action, formPost("/checkout/revisit", { to: "/Login", name: "x".repeat(1024 * 1024) }), { database })).status).toBe(413);
    });

    it("switching the language without scripts keeps what the checkout carried to the page (D240)", async () => {
      const post = formPost("/language", { locale: "de", returnTo: "/Payment", ...validAddress, size: "8.5", grip: "" }, asDocument);
      const sent = await throughMiddleware(post, (context) => language.action({ request: post, context, params: {} } as never));
      expect(sent.response.headers.get("Location")).toBe("/Payment");
      const cookies = sent.response.headers.getSetCookie();
      const carried = cookies.find((cookie) => cookie.startsWith("deck-carry="))!;
      const paymentPage = new Request(`${TEST_ORIGIN}/Payment`, { headers: { Cookie: carried.split(";")[0]! } });
      expect((await throughMiddleware(paymentPage, async () => new Response("page"))).seen).toMatchObject({ name: validAddress.name, size: 8.5, grip: false });
    });

    it("the page's own submissions (fetches) and a tampered cookie carry nothing", async () => {
      const fetched = formPost("/Shipping", validAddress, { "Sec-Fetch-Mode": "cors" });
      const sent = await throughMiddleware(fetched, (context) => shipping.action({ request: fetched, context, params: {} } as never));
      expect(sent.response.headers.get("Set-Cookie")).toBeNull();
      const forged = `deck-carry=${btoa(JSON.stringify({ name: "Mallory" }))}`;
      const next = await throughMiddleware(new Request(`${TEST_ORIGIN}/Payment`, { headers: { Cookie: forged } }), async () => new Response());
      expect(next.seen).toBeNull();
    });
  });

  it("answers 415 to a body that is not a form", async () => {
    const request = new Request(`${TEST_ORIGIN}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify(validAddress),
    });
    const result = await runAction(shipping.action, request);
    expect(result.status).toBe(415);
    expect(result.body?.error?.[""]).toEqual(["Send this form from the page."]);
  });

  it("answers 413 to a 1 MB body, declared or not", async () => {
    const huge = "x".repeat(1024 * 1024);
    expect((await runAction(shipping.action, formPost("/Shipping", { ...validAddress, name: huge }))).status).toBe(413);
    const undeclared = new Request(`${TEST_ORIGIN}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`name=${huge}`));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect((await runAction(shipping.action, undeclared)).status).toBe(413);
  });

  it("answers 400 to a malformed multipart body", async () => {
    const request = new Request(`${TEST_ORIGIN}/Login`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: TEST_ORIGIN },
      body: "--y\r\nnonsense",
    });
    expect((await runAction(login.action, request)).status).toBe(400);
  });

  it("never answers 5xx to arbitrary form fields (property-based)", async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom("<script>alert(1)</script>", "' OR 1=1 --", "\u0000\u001b[2J", "😀".repeat(80), "%00", "DE\nUS"),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...Object.keys(validAddress), "size", "grip", "x"), hostile), async (fields) => {
        for (const module of [gripSize, login, shipping]) {
          const { status } = await runAction(module.action, formPost("/", fields));
          expect([302, 400]).toContain(status);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("unknown paths", () => {
  it("throw a 404 with 'Page not found: {path}' from both loader and action", async () => {
    for (const run of [notFound.loader, notFound.action]) {
      try {
        run({ request: new Request(`${TEST_ORIGIN}/no/such/page`), params: {}, context: contextFor(database) } as never);
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ init: { status: 404 }, data: "Page not found: /no/such/page" });
      }
    }
  });
});

describe(`/healthz on ${databaseKind}`, () => {
  it("answers 200 when the database answers", async () => {
    const response = await healthz.loader({ request: new Request(`${TEST_ORIGIN}/healthz`), params: {}, context: contextFor(database) } as never);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("answers 503 when the database does not", async () => {
    const context = contextFor(database, { database: () => Promise.reject(new Error("connection refused")) });
    const response = await healthz.loader({ request: new Request(`${TEST_ORIGIN}/healthz`), params: {}, context } as never);
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("middleware", () => {
  const next = async () => new Response("page");

  it("guest: lets a visitor without a session through", async () => {
    const [guest] = routeMiddleware("guest");
    const response = await guest!({ request: new Request(`${TEST_ORIGIN}/Example`), params: {}, context: contextFor(database) } as never, next);
    expect(await (response as Response).text()).toBe("page");
  });

  it("guest: sends a signed-in visitor to /", async () => {
    const [guest] = routeMiddleware("guest");
    const context = contextFor(database);
    context.set(sessionContext, { id: "s", userId: "user-1", expiresAt: new Date(Date.now() + 60_000) });
    await expect(
      Promise.resolve().then(() => guest!({ request: new Request(`${TEST_ORIGIN}/Example`), params: {}, context } as never, next)),
    ).rejects.toSatisfy((thrown: Response) => thrown.status === 302 && thrown.headers.get("Location") === "/");
  });

  it("an unknown middleware name throws when it is declared", () => {
    expect(() => routeMiddleware("guest", "admin")).toThrow('Unknown route middleware "admin"');
  });

  it("session: reads the visitor's session from the cookie, so the guest rule sees it", async () => {
    const { setCookie } = await createSession(database.db, { userId: "user-9" });
    const context = contextFor(database);
    const request = new Request(`${TEST_ORIGIN}/Example`, { headers: { Cookie: setCookie.split(";")[0]! } });
    await sessionMiddleware({ request, params: {}, context } as never, next);
    expect(context.get(sessionContext)?.userId).toBe("user-9");
  });

  it("session: a database outage leaves the visitor anonymous instead of failing the page", async () => {
    const context = contextFor(database, { database: () => Promise.reject(new Error("down")) });
    const request = new Request(`${TEST_ORIGIN}/`, { headers: { Cookie: "__session=abc" } });
    const response = await sessionMiddleware({ request, params: {}, context } as never, next);
    expect((response as Response).status).toBe(200);
    expect(context.get(sessionContext)).toBeNull();
  });
});
