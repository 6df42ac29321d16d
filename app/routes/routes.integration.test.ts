import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { databaseContext, sessionContext } from "~/request-context.server";
import { routeMiddleware } from "~/modules/middleware/route-middleware.server";
import { sessionMiddleware } from "~/modules/middleware/root-middleware.server";
import { createSession } from "~/modules/session/session.server";
import { contextFor, databaseKind, openTestDatabase } from "~/test/test-database";
import * as gripSize from "./grip-size";
import * as healthz from "./healthz";
import * as login from "./login";
import * as notFound from "./not-found";
import * as shipping from "./shipping";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const ORIGIN = "http://shop.test";

function formRequest(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields),
  });
}

type ActionModule = { action: (args: never) => Promise<unknown> };

/** Runs a route action as React Router would and returns its HTTP status and body. */
async function runAction(module: ActionModule, request: Request) {
  const args = { request, params: {}, context: contextFor(database), unstable_pattern: "" };
  const result = await (module.action as (args: unknown) => Promise<unknown>)(args);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null };
  const { data, init } = result as { data: { error?: Record<string, string[]>; form?: string; result?: unknown }; init?: { status?: number } };
  return { status: init?.status ?? 200, location: null, body: data };
}

const validShipping = {
  contact: "ada@example.com",
  name: "Ada Lovelace",
  address: "Main Street 1",
  addressextend: "",
  postalcode: "10115",
  city: "Berlin",
  country: "DE",
};

describe(`checkout step actions on ${databaseKind}`, () => {
  it("GripSize: a catalog width goes on to /Login", async () => {
    const result = await runAction(gripSize, formRequest("/GripSize", { size: "8.5", grip: "on" }));
    expect(result).toMatchObject({ status: 302, location: "/Login" });
  });

  it("GripSize: no width answers 400 with the field message", async () => {
    const result = await runAction(gripSize, formRequest("/GripSize", { grip: "on" }));
    expect(result.status).toBe(400);
    expect(result.body?.error?.size).toEqual(["Choose a deck width"]);
  });

  it("Login: a guest e-mail goes on to /Shipping; a bad one answers 400 with the message", async () => {
    expect(await runAction(login, formRequest("/Login", { intent: "guest", contact: "ada@example.com" }))).toMatchObject({
      status: 302,
      location: "/Shipping",
    });
    const bad = await runAction(login, formRequest("/Login", { intent: "guest", contact: "not-an-email" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      form: "guest",
      result: { error: { contact: ["Enter an e-mail address like name@example.com"] } },
    });
  });

  it("Shipping: a complete address goes on to /Payment", async () => {
    expect(await runAction(shipping, formRequest("/Shipping", validShipping))).toMatchObject({
      status: 302,
      location: "/Payment",
    });
  });

  it("Shipping: every wrong field is reported at once and the input is echoed back", async () => {
    const result = await runAction(
      shipping,
      formRequest("/Shipping", { ...validShipping, name: "", postalcode: "ABC", country: "DE" }),
    );
    expect(result.status).toBe(400);
    expect(result.body?.error).toMatchObject({
      name: ["Enter your full name"],
      postalcode: ["Enter a Germany postal code, like 10115"],
    });
    expect(JSON.stringify(result.body)).toContain("Main Street 1"); // kept for the form
  });

  it("answers 415 to a body that is not a form", async () => {
    const request = new Request(`${ORIGIN}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify(validShipping),
    });
    const result = await runAction(shipping, request);
    expect(result.status).toBe(415);
    expect(result.body?.error?.[""]).toEqual(["Send this form from the page."]);
  });

  it("answers 413 to a 1 MB body, declared or not", async () => {
    const huge = "x".repeat(1024 * 1024);
    expect((await runAction(shipping, formRequest("/Shipping", { ...validShipping, name: huge }))).status).toBe(413);
    const undeclared = new Request(`${ORIGIN}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`name=${huge}`));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect((await runAction(shipping, undeclared)).status).toBe(413);
  });

  it("answers 400 to a malformed multipart body", async () => {
    const request = new Request(`${ORIGIN}/Login`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: ORIGIN },
      body: "--y\r\nnonsense",
    });
    expect((await runAction(login, request)).status).toBe(400);
  });

  it("never answers 5xx to arbitrary form fields (property-based)", async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom("<script>alert(1)</script>", "' OR 1=1 --", "\u0000\u001b[2J", "😀".repeat(80), "%00", "DE\nUS"),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...Object.keys(validShipping), "size", "grip", "x"), hostile), async (fields) => {
        for (const module of [gripSize, login, shipping]) {
          const { status } = await runAction(module, formRequest("/", fields));
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
        run({ request: new Request(`${ORIGIN}/no/such/page`), params: {}, context: contextFor(database) } as never);
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ init: { status: 404 }, data: "Page not found: /no/such/page" });
      }
    }
  });
});

describe(`/healthz on ${databaseKind}`, () => {
  it("answers 200 when the database answers", async () => {
    const response = await healthz.loader({ request: new Request(`${ORIGIN}/healthz`), params: {}, context: contextFor(database) } as never);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("answers 503 when the database does not", async () => {
    const context = contextFor(database);
    context.set(databaseContext, () => Promise.reject(new Error("connection refused")));
    const response = await healthz.loader({ request: new Request(`${ORIGIN}/healthz`), params: {}, context } as never);
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("middleware", () => {
  const next = async () => new Response("page");

  it("guest: lets a visitor without a session through", async () => {
    const [guest] = routeMiddleware("guest");
    const response = await guest!({ request: new Request(`${ORIGIN}/Example`), params: {}, context: contextFor(database) } as never, next);
    expect(await (response as Response).text()).toBe("page");
  });

  it("guest: sends a signed-in visitor to /", async () => {
    const [guest] = routeMiddleware("guest");
    const context = contextFor(database);
    context.set(sessionContext, { id: "s", userId: "user-1", expiresAt: new Date(Date.now() + 60_000) });
    await expect(
      Promise.resolve().then(() => guest!({ request: new Request(`${ORIGIN}/Example`), params: {}, context } as never, next)),
    ).rejects.toSatisfy((thrown: Response) => thrown.status === 302 && thrown.headers.get("Location") === "/");
  });

  it("an unknown middleware name throws when it is declared", () => {
    expect(() => routeMiddleware("guest", "admin")).toThrow('Unknown route middleware "admin"');
  });

  it("session: reads the visitor's session from the cookie, so the guest rule sees it", async () => {
    const { setCookie } = await createSession(database.db, { userId: "user-9" });
    const context = contextFor(database);
    const request = new Request(`${ORIGIN}/Example`, { headers: { Cookie: setCookie.split(";")[0]! } });
    await sessionMiddleware({ request, params: {}, context } as never, next);
    expect(context.get(sessionContext)?.userId).toBe("user-9");
  });

  it("session: a database outage leaves the visitor anonymous instead of failing the page", async () => {
    const context = contextFor(database);
    context.set(databaseContext, () => Promise.reject(new Error("down")));
    const request = new Request(`${ORIGIN}/`, { headers: { Cookie: "__session=abc" } });
    const response = await sessionMiddleware({ request, params: {}, context } as never, next);
    expect((response as Response).status).toBe(200);
    expect(context.get(sessionContext)).toBeNull();
  });
});
