import { randomUUID } from "node:crypto";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { createCookie, type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, orderEvents, orders, sessions, users, type OrderRow } from "#app/db/schema.ts";
import { createAccount, findAccountByEmail } from "#app/modules/accounts/accounts.server.ts";
import { createOperator } from "#app/modules/accounts/operators.server.ts";
import { SIGN_IN_LIMITS } from "#app/modules/accounts/sign-in-limits.server.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { initialDesign } from "#app/modules/design/design.ts";
import { CLIENT_ADDRESS_HEADER } from "#app/modules/http/client-address.mjs";
import { transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider, TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
import { sessionContext } from "#app/request-context.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, contextForVisitor, formPost, newClientAddress, TEST_ORIGIN, type RouteOutcome } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as adminLayout from "./admin-layout.tsx";
import * as adminLogin from "./admin-login.tsx";
import * as adminOrder from "./admin-order.tsx";
import * as adminOrderCreditNote from "./admin-order-credit-note.ts";
import * as adminOrderPrint from "./admin-order-print.ts";
import * as adminOrders from "./admin-orders.tsx";
import * as adminOrdersCsv from "./admin-orders-csv.ts";
import * as login from "./login.tsx";
import { inEnglish as english } from "#tests/support/form-messages.ts";

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

type Handler = (args: never) => unknown;

/** A database of its own for the describe block that calls this, so that its lists and counts are exact. */
function ownDatabase(): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => database!;
}

const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`);
const cookiePair = (setCookie: string | null) => setCookie!.split(";")[0]!;
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
/** The 404 page's words: the root's error page gets them as its data, a resource route's plain page holds them. */
/** A day on the seller's clock as the export writes it (YYYY-MM-DD). */
const sellerDayOf = (moment: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(moment);

const notFoundBody = (path: string) => expect.stringContaining(`Page not found: ${path}`);

function run(database: Database, handler: Handler, request: Request, cookie: string | null = null, params: Record<string, string> = {}) {
  return callRoute(handler, request, { database, cookie, params });
}

/**
 * Calls a loader or action and hands back exactly what it returned or threw (a Response with its headers and body,
 * or React Router's `data()` value with its init), for the tests that read headers and bodies.
 */
async function callRaw(database: Database, handler: Handler, request: Request, cookie: string | null = null, params: Record<string, string> = {}) {
  const context: RouterContextProvider = await contextForVisitor(database, cookie);
  try {
    return await (handler as (args: unknown) => unknown)({ request, params, context, unstable_pattern: "" });
  } catch (thrown) {
    return thrown;
  }
}

async function rawResponse(database: Database, handler: Handler, request: Request, cookie: string | null, params: Record<string, string> = {}) {
  const value = await callRaw(database, handler, request, cookie, params);
  if (!(value instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  return value;
}

const submission = orderSubmission;

/** A real paid order as a buyer's checkout leaves it (its "placed" event, print file and mail included). */
async function placePaidOrder(database: Database, overrides: Partial<OrderSubmission> = {}, userId: string | null = null): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: submission(overrides), userId, siteUrl: TEST_ORIGIN });
  if (result.status !== "placed") throw new Error(`order not placed: ${JSON.stringify(result)}`);
  return result.order;
}

const SETUP_OPERATOR = { id: "setup-operator", name: "setup@example.com" };
const DHL_NUMBER = "00340434161234567890";

/** Moves an order along legal steps directly (test setup), failing if a step is refused. */
async function walk(database: Database, order: OrderRow, ...steps: OrderStatus[]) {
  let current: OrderStatus = order.status;
  for (const to of steps) {
    const result = await transitionOrder(database.db, createTestPaymentProvider(), {
      orderId: order.id,
      expected: current,
      to,
      actor: SETUP_OPERATOR,
      siteUrl: TEST_ORIGIN,
      ...(to === "shipped" ? { shipment: { carrier: "dhl" as const, trackingNumber: DHL_NUMBER } } : {}),
    });
    if (!result.ok) throw new Error(`step to ${to} refused: ${JSON.stringify(result)}`);
    current = to;
  }
}

async function orderRow(database: Database, orderId: string): Promise<OrderRow> {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function eventsOf(database: Database, orderId: string) {
  return database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** An operator made with createOperator and signed in through POST /admin/login: their session cookie. */
async function signedInOperator(database: Database) {
  const email = uniqueEmail("ops");
  const password = "operator password";
  const made = await createOperator(database.db, { email, password });
  expect(made).toEqual({ ok: true, status: "created", email });
  const signedIn = await run(database, adminLogin.action, formPost("/admin/login", { email, password }));
  expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
  return { email, password, cookie: cookiePair(signedIn.cookie) };
}

/** A buyer made with createAccount and signed in through the buyers' Login page: their session cookie. */
async function signedInBuyer(database: Database) {
  const email = uniqueEmail("buyer");
  const password = "buyer password";
  const created = await createAccount(database.db, email, password);
  if (!created.ok) throw new Error("account not created");
  const signedIn = await run(database, login.action, formPost("/Login", { intent: "signin", email, password }));
  expect(signedIn).toMatchObject({ status: 302, location: "/Shipping" });
  return { email, password, id: created.account.id, cookie: cookiePair(signedIn.cookie) };
}

interface ListBody {
  query: { status: OrderStatus | null; search: string; paged: boolean };
  counts: Record<OrderStatus | "all", number>;
  nextCursor: string | null;
  orders: { id: string; number: string; name: string; contact: string; status: OrderStatus; totalCents: number; createdAt: string }[];
}

async function list(database: Database, cookie: string, query = ""): Promise<ListBody> {
  const outcome = await run(database, adminOrders.loader, get(`/admin${query}`), cookie);
  expect(outcome.status).toBe(200);
  return outcome.body as unknown as ListBody;
}

const ids = (body: ListBody) => body.orders.map((order) => order.id);

/** RFC 4180 parsing, enough for the export: quoted fields, doubled quotes, CRLF row ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += char;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The export's bytes and its text with the byte-order mark kept (Response.text() would drop it). */
async function readCsv(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { bytes, text, rows: parseCsv(text.replace(/^\uFEFF/, "")) };
}

const CSV_HEADER = [
  "Order",
  "Date (UTC)",
  "Status",
  "Name",
  "E-mail",
  "Street",
  "Address line 2",
  "Postal code",
  "City",
  "Country",
  "Region",
  "Width (in)",
  "Grip tape",
  "Subtotal (EUR)",
  "Shipping (EUR)",
  "VAT (EUR)",
  "Total (EUR)",
  "Net (EUR)",
  "Tax",
  "VAT rate (%)",
  "Charge reference",
  "Refund reference",
  "Carrier",
  "Tracking number",
  "Invoice",
  "Credit note",
  "Refunded (EUR)",
  "Invoice date",
  "Credit note date",
  "Partial credit notes",
];

/**
 * Writes `count` orders straight into the table, cloned from a real one: ids `${prefix}-000`…, numbers of their
 * own, and timestamps shared by three rows at a time, groups one microsecond or one millisecond apart, all before
 * 2025 (so older than any order placed now). Row i is older than row i+1.
 */
async function insertOrders(database: Database, template: OrderRow, count: number, prefix: string, status: OrderStatus = "paid") {
  const rows = Array.from({ length: count }, (_, i) => {
    const group = Math.floor(i / 3);
    const micros = Math.floor(group / 2) * 1000 + (group % 2);
    const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = template;
    return {
      ...rest,
      id: `${prefix}-${String(i).padStart(4, "0")}`,
      // Invoice numbers are unique and taken only by placing an order: these clones have none.
      invoiceNumber: null,
      invoicedAt: null,
      creditNoteNumber: null,
      creditNotedAt: null,
      number: `DS-${prefix.toUpperCase()}${String(i).padStart(4, "0")}`,
      idempotencyKey: randomUUID(),
      status,
      createdAt: sql`timestamptz '2024-03-01 12:00:00+00' + ${micros} * interval '1 microsecond'` as unknown as Date,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await database.db.insert(orders).values(rows.slice(start, start + 500));
  }
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Access
// ---------------------------------------------------------------------------------------------------------------

describe(`back-office access on ${databaseKind}`, () => {
  const db = ownDatabase();
  let order: OrderRow;
  let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;

  beforeAll(async () => {
    buyer = await signedInBuyer(db());
    operator = await signedInOperator(db());
    // The buyer's own order: owning it opens nothing in the back office.
    order = await placePaidOrder(db(), { contact: buyer.email }, buyer.id);
  });

  /** Every back-office loader and action, each as its route would call it, with the path it answers at. */
  function doors(target: OrderRow) {
    const orderPath = `/admin/orders/${target.id}`;
    return [
      { name: "admin-layout loader", path: "/admin", call: (cookie: string | null) => run(db(), adminLayout.loader, get("/admin"), cookie) },
      { name: "admin-orders loader", path: "/admin", call: (cookie: string | null) => run(db(), adminOrders.loader, get("/admin"), cookie) },
      {
        name: "admin-order loader",
        path: orderPath,
        call: (cookie: string | null) => run(db(), adminOrder.loader, get(orderPath), cookie, { orderId: target.id }),
      },
      {
        name: "admin-order action (start production)",
        path: orderPath,
        call: (cookie: string | null) =>
          run(db(), adminOrder.action, formPost(orderPath, { expected: "paid", to: "in_production" }), cookie, { orderId: target.id }),
      },
      {
        name: "admin-order action (cancel and refund)",
        path: orderPath,
        call: (cookie: string | null) =>
          run(db(), adminOrder.action, formPost(orderPath, { expected: "paid", to: "cancelled", confirm: "on" }), cookie, { orderId: target.id }),
      },
      ...(["svg", "png"] as const).map((format) => ({
        name: `admin-order-print loader (${format})`,
        path: `${orderPath}/print/${format}`,
        call: (cookie: string | null) =>
          run(db(), adminOrderPrint.loader, get(`${orderPath}/print/${format}`), cookie, { orderId: target.id, format }),
      })),
      {
        name: "admin-orders-csv loader",
        path: "/admin/orders.csv",
        call: (cookie: string | null) => run(db(), adminOrdersCsv.loader, get("/admin/orders.csv"), cookie),
      },
    ];
  }

  async function expectEveryDoorShut(cookie: string | null) {
    for (const door of doors(order)) {
      const outcome: RouteOutcome = await door.call(cookie);
      expect({ door: door.name, status: outcome.status, body: outcome.body, cookie: outcome.cookie }).toEqual({
        door: door.name,
        status: 404,
        body: notFoundBody(door.path),
        cookie: null,
      });
    }
    // The actions changed nothing: still paid, not refunded, and the history holds only its "placed" event.
    const row = await orderRow(db(), order.id);
    expect({ status: row.status, refundReference: row.refundReference }).toEqual({ status: "paid", refundReference: null });
    const events = await eventsOf(db(), order.id);
    expect(events.map((event) => event.kind)).toEqual(["placed"]);
  }

  it("a signed-out visitor gets the 404 page from every back-office loader and action, and the actions change nothing", async () => {
    await expectEveryDoorShut(null);
  });

  it("a signed-in buyer gets the same 404 page everywhere, even for their own order, and the actions change nothing", async () => {
    // The buyer's cookie is a real, live session.
    expect((await contextForVisitor(db(), buyer.cookie)).get(sessionContext)?.userId).toBe(buyer.id);
    await expectEveryDoorShut(buyer.cookie);
  });

  it("forged and garbage session cookies get the 404 page everywhere, and the actions change nothing", async () => {
    const operatorSessionId = (await contextForVisitor(db(), operator.cookie)).get(sessionContext)!.id;
    const [name, value] = operator.cookie.split("=") as [string, string];
    const forgeries = [
      "__session=garbage",
      "__session=",
      `__session=${"A".repeat(5000)}`,
      // The operator's real session id, but unsigned, or signed with a secret that is not the server's.
      cookiePair(await createCookie("__session").serialize(operatorSessionId)),
      cookiePair(await createCookie("__session", { secrets: ["not-the-server-secret-but-long-enough"] }).serialize(operatorSessionId)),
      // The operator's cookie with its signature altered.
      `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`,
      // The operator's session id as the cookie's raw value.
      `__session=${operatorSessionId}`,
    ];
    for (const cookie of forgeries) {
      expect((await contextForVisitor(db(), cookie)).get(sessionContext)).toBeNull();
      await expectEveryDoorShut(cookie);
    }
  });

  it("an operator signed in through /admin/login gets 200 from every back-office loader and action", async () => {
    const target = await placePaidOrder(db(), { name: "Operator Target", contact: uniqueEmail("target") });
    const orderPath = `/admin/orders/${target.id}`;

    expect(await run(db(), adminLayout.loader, get("/admin"), operator.cookie)).toMatchObject({ status: 200, body: { email: operator.email } });

    const listed = await list(db(), operator.cookie);
    expect(ids(listed)).toEqual([target.id, order.id]);

    const detail = await run(db(), adminOrder.loader, get(orderPath), operator.cookie, { orderId: target.id });
    expect(detail).toMatchObject({ status: 200, body: { order: { id: target.id, number: target.number, status: "paid" } } });

    const moved = await run(db(), adminOrder.action, formPost(orderPath, { expected: "paid", to: "in_production" }), operator.cookie, {
      orderId: target.id,
    });
    expect(moved).toMatchObject({ status: 200, body: { done: "The order is in production now." } });
    expect((await orderRow(db(), target.id)).status).toBe("in_production");

    const svg = await rawResponse(db(), adminOrderPrint.loader, get(`${orderPath}/print/svg`), operator.cookie, { orderId: target.id, format: "svg" });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);

    const png = await rawResponse(db(), adminOrderPrint.loader, get(`${orderPath}/print/png`), operator.cookie, { orderId: target.id, format: "png" });
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const csv = await rawResponse(db(), adminOrdersCsv.loader, get("/admin/orders.csv"), operator.cookie);
    expect(csv.status).toBe(200);
    const { rows } = await readCsv(csv);
    expect(rows.map((row) => row[0])).toEqual(["Order", target.number, order.number]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 2. Operator sign-in
// ---------------------------------------------------------------------------------------------------------------

describe(`operator sign-in (POST /admin/login) on ${databaseKind}`, () => {
  const db = ownDatabase();
  const NOT_RIGHT = "The e-mail address or the password is not right.";

  async function newOperator(password = "operator password") {
    const email = uniqueEmail("ops");
    expect(await createOperator(db().db, { email, password })).toMatchObject({ ok: true, status: "created" });
    return { email, password };
  }

  it("the operator's right password redirects to /admin with a session cookie that opens the back office", async () => {
    const { email, password } = await newOperator();
    const signedIn = await run(db(), adminLogin.action, formPost("/admin/login", { email: ` ${email.toUpperCase()} `, password }));
    expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
    expect(signedIn.cookie).toMatch(/^__session=[^;]+;.*HttpOnly/);
    const layout = await run(db(), adminLayout.loader, get("/admin"), cookiePair(signedIn.cookie));
    expect(layout).toMatchObject({ status: 200, body: { email } });
  });

  it("an operator's session lasts 12 hours, on either sign-in page; a buyer's 30 days", async () => {
    const expiryOf = (setCookie: string | null) => new Date(/Expires=([^;]+)/i.exec(setCookie ?? "")![1]!).getTime();
    const hours = (ms: number) => Math.round((ms - Date.now()) / 3_600_000);
    const { email, password } = await newOperator();
    const viaAdmin = await run(db(), adminLogin.action, formPost("/admin/login", { email, password }));
    expect(hours(expiryOf(viaAdmin.cookie))).toBe(12);
    const viaShop = await run(db(), login.action, formPost("/Login", { intent: "signin", email, password }));
    expect(hours(expiryOf(viaShop.cookie))).toBe(12);
    // The server's record ends with the cookie: a copied cookie is refused after 12 hours too.
    const [session] = await db().db.select().from(sessions).where(eq(sessions.userId, (await findAccountByEmail(db().db, email))!.id)).orderBy(desc(sessions.expiresAt)).limit(1);
    expect(hours(session!.expiresAt.getTime())).toBe(12);

    const buyer = uniqueEmail("buyer-session");
    await createAccount(db().db, buyer, "buyer password");
    const buyerSignIn = await run(db(), login.action, formPost("/Login", { intent: "signin", email: buyer, password: "buyer password" }));
    expect(hours(expiryOf(buyerSignIn.cookie))).toBe(30 * 24);
  });

  it("a buyer's right password reads as a wrong one: 400 with the one message, and no cookie", async () => {
    const email = uniqueEmail("buyer");
    await createAccount(db().db, email, "buyer password");
    const attempt = await run(db(), adminLogin.action, formPost("/admin/login", { email, password: "buyer password" }));
    expect(attempt).toMatchObject({ status: 400, cookie: null, location: null });
    expect(attempt.body?.error?.[""]).toEqual([NOT_RIGHT]);
    // The same password is right on the buyers' page, so the refusal above is the role's, not the password's.
    expect((await run(db(), login.action, formPost("/Login", { intent: "signin", email, password: "buyer password" }))).status).toBe(302);
  });

  it("a wrong password and an unknown address get the same 400, no cookie and no echo of the password", async () => {
    const { email } = await newOperator();
    const wrong = await run(db(), adminLogin.action, formPost("/admin/login", { email, password: "not the password" }));
    const unknown = await run(db(), adminLogin.action, formPost("/admin/login", { email: uniqueEmail("nobody"), password: "operator password" }));
    for (const outcome of [wrong, unknown]) {
      expect(outcome).toMatchObject({ status: 400, cookie: null });
      expect(outcome.body?.error?.[""]).toEqual([NOT_RIGHT]);
    }
    expect(JSON.stringify(wrong.body)).not.toContain("not the password");
  });

  it("answers 4xx, never 5xx and never a cookie, to malformed sign-in posts", async () => {
    const { email } = await newOperator();
    const post = (body: BodyInit, type: string) =>
      new Request(`${TEST_ORIGIN}/admin/login`, {
        method: "POST",
        headers: { "Content-Type": type, Origin: TEST_ORIGIN, [CLIENT_ADDRESS_HEADER]: newClientAddress() },
        body,
      });
    const cases: { name: string; request: Request; status: number; message?: [string, string] }[] = [
      { name: "no fields", request: formPost("/admin/login", {}), status: 400, message: ["email", "Enter your e-mail address"] },
      { name: "no password", request: formPost("/admin/login", { email }), status: 400, message: ["password", "Enter your password"] },
      { name: "no e-mail", request: formPost("/admin/login", { password: "operator password" }), status: 400, message: ["email", "Enter your e-mail address"] },
      {
        name: "a 2000-character password",
        request: formPost("/admin/login", { email, password: "p".repeat(2000) }),
        status: 400,
        message: ["password", "Use at most 1000 characters"],
      },
      {
        name: "a malformed address",
        request: formPost("/admin/login", { email: "not-an-email", password: "operator password" }),
        status: 400,
        message: ["email", "Enter an e-mail address like name@example.com"],
      },
      {
        name: "an address holding a NUL character",
        request: formPost("/admin/login", { email: `ops\u0000${email}`, password: "operator password" }),
        status: 400,
        message: ["email", "Enter an e-mail address like name@example.com"],
      },
      { name: "a JSON body", request: post(JSON.stringify({ email, password: "operator password" }), "application/json"), status: 415 },
      { name: "a text body", request: post(`email=${email}&password=x`, "text/plain"), status: 415 },
      { name: "a broken multipart body", request: post("garbage", "multipart/form-data; boundary=xyz"), status: 400 },
      { name: "a body over 64 KB", request: formPost("/admin/login", { email, password: "p".repeat(70_000) }), status: 413 },
    ];
    for (const { name, request, status, message } of cases) {
      const outcome = await run(db(), adminLogin.action, request);
      expect({ name, status: outcome.status, cookie: outcome.cookie }).toEqual({ name, status, cookie: null });
      if (message) {
        const errors = (outcome.body?.error?.[message[0]] as string[] | undefined)?.map(english);
        expect({ name, errors }).toEqual({ name, errors: [message[1]] });
      }
    }
  });

  it("answers 400 or 429, never 5xx, to arbitrary sign-in forms (property-based)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 })), password: fc.string({ maxLength: 2000 }), next: fc.string() }),
        async ({ email, password, next }) => {
          const outcome = await run(db(), adminLogin.action, formPost(`/admin/login?next=${encodeURIComponent(next)}`, { email, password }));
          expect([400, 429]).toContain(outcome.status);
          expect(outcome.cookie).toBeNull();
        },
      ),
      { numRuns: 30 },
    );
  });

  it("`next` leads only to back-office pages: //evil.test and other sites stay on /admin", async () => {
    const { email, password } = await newOperator();
    const destinations: [string, string][] = [
      ["//evil.test", "/admin"],
      ["https://evil.test/admin", "/admin"],
      ["/\\evil.test", "/admin"],
      ["/admin@evil.test", "/admin"],
      ["/administrator", "/admin"],
      ["/account", "/admin"],
      ["/admin/orders/abc", "/admin/orders/abc"],
      ["/admin?status=shipped", "/admin?status=shipped"],
    ];
    for (const [next, location] of destinations) {
      const signedIn = await run(db(), adminLogin.action, formPost(`/admin/login?next=${encodeURIComponent(next)}`, { email, password }));
      expect({ next, status: signedIn.status, location: signedIn.location }).toEqual({ next, status: 302, location });
    }
  });

  it(`after ${SIGN_IN_LIMITS.accountFromClient} wrong passwords from one client, its next try answers 429, even with the right password`, async () => {
    const { email, password } = await newOperator();
    const attacker = { [CLIENT_ADDRESS_HEADER]: newClientAddress() };
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromClient; i++) {
      const wrong = await run(db(), adminLogin.action, formPost("/admin/login", { email, password: `wrong password ${i}` }, attacker));
      expect(wrong.status).toBe(400);
    }
    const limited = await run(db(), adminLogin.action, formPost("/admin/login", { email, password }, attacker));
    expect(limited).toMatchObject({ status: 429, cookie: null });
    expect(limited.body?.error?.[""]?.[0]).toMatch(/^Too many attempts to sign in\. Try again in 1[45] minutes\.$/);
    // The operator, from their own address, still gets in.
    const own = await run(db(), adminLogin.action, formPost("/admin/login", { email, password }));
    expect(own).toMatchObject({ status: 302, location: "/admin" });
  });

  it(`after ${SIGN_IN_LIMITS.account} wrong passwords from many clients, the account's next try answers 429`, async () => {
    const { email, password } = await newOperator();
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++) {
      const wrong = await run(db(), adminLogin.action, formPost("/admin/login", { email, password: `spread guess ${i}` }));
      expect(wrong.status).toBe(400);
    }
    const limited = await run(db(), adminLogin.action, formPost("/admin/login", { email, password }));
    expect(limited).toMatchObject({ status: 429, cookie: null });
    expect(limited.body?.error?.[""]?.[0]).toMatch(/^Too many attempts to sign in\. Try again in 1[45] minutes\.$/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 3. createOperator
// ---------------------------------------------------------------------------------------------------------------

describe(`createOperator on ${databaseKind}`, () => {
  const db = ownDatabase();
  const roleOf = async (email: string) => (await db().db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

  it("creates a new account with the operator role and a normalised address", async () => {
    const email = uniqueEmail("new-ops");
    const made = await createOperator(db().db, { email: ` ${email.toUpperCase()} `, password: "operator password" });
    expect(made).toEqual({ ok: true, status: "created", email });
    expect(await roleOf(email)).toBe("operator");
    const signedIn = await run(db(), adminLogin.action, formPost("/admin/login", { email, password: "operator password" }));
    expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
  });

  it("promotes an existing buyer: the role becomes operator, the new password works and the old one does not", async () => {
    const email = uniqueEmail("promoted");
    const created = await createAccount(db().db, email, "old buyer password");
    expect(created.ok).toBe(true);
    expect(await roleOf(email)).toBe("buyer");

    const made = await createOperator(db().db, { email, password: "new operator password" });
    expect(made).toEqual({ ok: true, status: "promoted", email });
    expect(await roleOf(email)).toBe("operator");
    const [row] = await db().db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(row?.id).toBe(created.ok ? created.account.id : null);

    const old = await run(db(), adminLogin.action, formPost("/admin/login", { email, password: "old buyer password" }));
    expect(old.status).toBe(400);
    const signedIn = await run(db(), adminLogin.action, formPost("/admin/login", { email, password: "new operator password" }));
    expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
  });

  it("refuses a short password and a malformed address with messages, and creates nothing", async () => {
    const email = uniqueEmail("short");
    expect(await createOperator(db().db, { email, password: "short" })).toEqual({ ok: false, errors: ["Use at least 8 characters"] });
    expect(await roleOf(email)).toBeUndefined();
    expect(await createOperator(db().db, { email: "not-an-email", password: "long enough" })).toEqual({
      ok: false,
      errors: ["Enter an e-mail address like name@example.com"],
    });
    const empty = await createOperator(db().db, { email: "", password: "" });
    expect(empty.ok).toBe(false);
    expect(empty.ok ? [] : empty.errors).toEqual(expect.arrayContaining(["Enter your e-mail address", "Enter your password"]));
    expect(await roleOf("not-an-email")).toBeUndefined();
    expect(await roleOf("")).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 4. Orders list
// ---------------------------------------------------------------------------------------------------------------

describe(`the orders list on ${databaseKind}`, () => {
  const db = ownDatabase();
  let cookie: string;
  /** Placed oldest first: ada, erika, grace, anna, max, hans. */
  const placed: Record<"ada" | "erika" | "grace" | "anna" | "max" | "hans", OrderRow> = {} as never;

  beforeAll(async () => {
    cookie = (await signedInOperator(db())).cookie;
    const buyers = [
      ["ada", "Ada Lovelace", "ada@example.com"],
      ["erika", "Erika Mustermann", "Kontakt-EM@Example.COM"],
      ["grace", "Grace Hopper", "grace@example.org"],
      ["anna", "Anna Gruenmuster", "anna@example.net"],
      ["max", "Max Muster", "max@example.com"],
      ["hans", "Hans Meier", "hans@example.de"],
    ] as const;
    for (const [key, name, contact] of buyers) placed[key] = await placePaidOrder(db(), { name, contact });
    await walk(db(), placed.ada, "in_production");
    await walk(db(), placed.grace, "in_production", "shipped");
    await walk(db(), placed.hans, "in_production", "shipped");
    await walk(db(), placed.anna, "cancelled");
    // Max and Anna declared a withdrawal; Anna's order is refunded (cancelled), Max's is not yet.
    await db().db.update(orders).set({ withdrawalDeclaredAt: new Date() }).where(inArray(orders.id, [placed.max.id, placed.anna.id]));
  });

  const newestFirst = () => [placed.hans, placed.max, placed.anna, placed.grace, placed.erika, placed.ada].map((order) => order.id);

  it("lists every order newest first, with each order's number, buyer, total and status", async () => {
    const body = await list(db(), cookie);
    expect(ids(body)).toEqual(newestFirst());
    expect(body.orders[0]).toMatchObject({ number: placed.hans.number, name: "Hans Meier", contact: "hans@example.de", totalCents: 7590, status: "shipped" });
    expect(body.orders.at(-1)).toMatchObject({ number: placed.ada.number, name: "Ada Lovelace", status: "in_production" });
    expect(body.query).toEqual({ status: null, search: "", paged: false });
    expect(body.nextCursor).toBeNull();
  });

  it("counts the orders of each status and all of them", async () => {
    const body = await list(db(), cookie, "?status=shipped");
    expect(body.counts).toEqual({ paid: 2, in_production: 1, shipped: 2, delivered: 0, cancelled: 1, returned: 0, all: 6, withdrawn: 1 });
  });

  it("the status filter returns only that status's orders; an unknown status shows all", async () => {
    const shipped = await list(db(), cookie, "?status=shipped");
    expect(shipped.query.status).toBe("shipped");
    expect(ids(shipped)).toEqual([placed.hans.id, placed.grace.id]);
    expect(ids(await list(db(), cookie, "?status=cancelled"))).toEqual([placed.anna.id]);
    expect(ids(await list(db(), cookie, "?status=delivered"))).toEqual([]);
    const unknown = await list(db(), cookie, "?status=bogus");
    expect(unknown.query.status).toBeNull();
    expect(ids(unknown)).toEqual(newestFirst());
  });

  it("the refund-due tab lists the declared withdrawals not yet refunded, and the CSV follows it", async () => {
    const due = await list(db(), cookie, "?status=withdrawn");
    expect(due.query.status).toBe("withdrawn");
    expect(ids(due)).toEqual([placed.max.id]);
    const csv = await rawResponse(db(), adminOrdersCsv.loader, get("/admin/orders.csv?status=withdrawn"), cookie);
    expect(csv.status).toBe(200);
    const { rows } = await readCsv(csv);
    expect(rows.slice(1).map((row) => row[0])).toEqual([placed.max.number]);
  });

  it("finds an order by its full number, by the number without DS- (any case), and by a prefix of it", async () => {
    const { number, id } = placed.erika;
    expect(ids(await list(db(), cookie, `?q=${number}`))).toEqual([id]);
    expect(ids(await list(db(), cookie, `?q=${number.slice(3)}`))).toEqual([id]);
    expect(ids(await list(db(), cookie, `?q=${number.slice(3).toLowerCase()}`))).toEqual([id]);
    expect(ids(await list(db(), cookie, `?q=${encodeURIComponent(` ${number} `)}`))).toEqual([id]);
    const prefix = number.slice(0, 6);
    const expected = newestFirst().filter((orderId) => Object.values(placed).find((order) => order.id === orderId)!.number.startsWith(prefix));
    expect(expected).toContain(id);
    expect(ids(await list(db(), cookie, `?q=${prefix}`))).toEqual(expected);
  });

  it("finds an order by its invoice number, written whole or short", async () => {
    const { invoiceNumber, id } = placed.erika;
    expect(invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(ids(await list(db(), cookie, `?q=${invoiceNumber}`))).toEqual([id]);
    const [series, number] = invoiceNumber!.split("-");
    expect(ids(await list(db(), cookie, `?q=${series}-${Number(number)}`))).toEqual([id]);
    expect(ids(await list(db(), cookie, `?q=${series}-${Number(number) + 100_000}`))).toEqual([]);
  });

  it("finds orders by the beginning of the e-mail address, whatever its case", async () => {
    expect(ids(await list(db(), cookie, "?q=KONTAKT-em"))).toEqual([placed.erika.id]);
    expect(ids(await list(db(), cookie, `?q=${encodeURIComponent("kontakt-em@example.com")}`))).toEqual([placed.erika.id]);
    expect(ids(await list(db(), cookie, `?q=${encodeURIComponent("grace@")}`))).toEqual([placed.grace.id]);
    // Only the beginning: the middle of an address finds nothing.
    expect(ids(await list(db(), cookie, "?q=example.org"))).toEqual([]);
  });

  it("finds orders by the beginning of any word of the buyer's name: muster finds Erika Mustermann and Max Muster", async () => {
    const body = await list(db(), cookie, "?q=muster");
    expect(ids(body)).toEqual([placed.max.id, placed.erika.id]);
    expect(body.query.search).toBe("muster");
    expect(ids(await list(db(), cookie, "?q=MUSTERMANN"))).toEqual([placed.erika.id]);
    expect(ids(await list(db(), cookie, `?q=${encodeURIComponent("erika muster")}`))).toEqual([placed.erika.id]);
    expect(ids(await list(db(), cookie, "?q=hop"))).toEqual([placed.grace.id]);
    // Combined with a status.
    expect(ids(await list(db(), cookie, "?status=paid&q=muster"))).toEqual([placed.max.id, placed.erika.id]);
    expect(ids(await list(db(), cookie, "?status=shipped&q=muster"))).toEqual([]);
  });

  it("answers 200 with no matches, never an error, to hostile search text, and the orders are all still there", async () => {
    const hostile = ["%", "_", "%%", "DS-%", "DS-_", "\\", "'", "'; drop table orders;--", ":*&|!", "a:* | b", "!()&|<->", "a".repeat(300), "🛹", "🛹🛹 🎉"];
    for (const text of hostile) {
      const outcome = await run(db(), adminOrders.loader, get(`/admin?q=${encodeURIComponent(text)}`), cookie);
      expect({ text, status: outcome.status, orders: (outcome.body as unknown as ListBody).orders }).toEqual({ text, status: 200, orders: [] });
    }
    const long = await list(db(), cookie, `?q=${"a".repeat(300)}`);
    expect(long.query.search).toBe("a".repeat(200));
    // Emoji beside a name word: the word still finds the order.
    expect(ids(await list(db(), cookie, `?q=${encodeURIComponent("Erika 🛹")}`))).toEqual([placed.erika.id]);
    expect(ids(await list(db(), cookie))).toEqual(newestFirst());
  });

  it("answers 200 with no matches, not a 500, to search text holding a NUL character", async () => {
    for (const text of ["\u0000", "DS-\u0000", "ada\u0000"]) {
      const outcome = await run(db(), adminOrders.loader, get(`/admin?q=${encodeURIComponent(text)}`), cookie).catch((error: Error) => ({
        status: 500,
        body: { error: error.cause instanceof Error ? error.cause.message : error.message },
      }));
      const body = outcome.body as unknown as ListBody;
      expect({ text, status: outcome.status, orders: body.orders ?? body }).toEqual({ text, status: 200, orders: [] });
    }
  });

  it("answers 200, never an error, to arbitrary search text (property-based)", async () => {
    const known = new Set(newestFirst());
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 50 }), fc.string({ unit: "binary", maxLength: 50 })), async (text) => {
        // NUL has a test of its own (above), so that this one tells of any other text that fails.
        const outcome = await run(db(), adminOrders.loader, get(`/admin?q=${encodeURIComponent(text.replaceAll("\u0000", ""))}`), cookie);
        expect(outcome.status).toBe(200);
        for (const orderId of ids(outcome.body as unknown as ListBody)) expect(known.has(orderId)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("says how long the database took in a Server-Timing header (db;dur=)", async () => {
    const value = (await callRaw(db(), adminOrders.loader, get("/admin"), cookie)) as { type: string; init?: ResponseInit };
    expect(value.type).toBe("DataWithResponseInit");
    const timing = new Headers(value.init?.headers).get("Server-Timing");
    expect(timing).toMatch(/^db;dur=\d+\.\d$/);
    // The route hands the loader's headers on to the document response.
    const headers = adminOrders.headers({ loaderHeaders: new Headers(value.init?.headers) } as never) as Headers;
    expect(new Headers(headers).get("Server-Timing")).toBe(timing);
  });
});

describe(`the orders list's pages on ${databaseKind}`, () => {
  const db = ownDatabase();
  let cookie: string;
  let expected: string[];

  beforeAll(async () => {
    cookie = (await signedInOperator(db())).cookie;
    const newest = await placePaidOrder(db(), { name: "Newest Buyer", contact: "newest@example.com" });
    const inserted = await insertOrders(db(), newest, 119, "pg");
    expected = [newest.id, ...inserted.toReversed()];
  });

  it("with 120 orders, following nextCursor visits every order exactly once, newest first; the last page has none", async () => {
    const pages: ListBody[] = [await list(db(), cookie)];
    while (pages.at(-1)!.nextCursor) {
      expect(pages.length).toBeLessThan(10);
      pages.push(await list(db(), cookie, `?after=${encodeURIComponent(pages.at(-1)!.nextCursor!)}`));
    }
    expect(pages.map((page) => page.orders.length)).toEqual([50, 50, 20]);
    expect(pages.map((page) => page.query.paged)).toEqual([false, true, true]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const visited = pages.flatMap(ids);
    expect(visited).toEqual(expected);
    expect(new Set(visited).size).toBe(120);
    expect(pages[0]!.counts.all).toBe(120);
  });

  it("keeps the status filter across pages", async () => {
    // 60 of the orders, spread across every page, are shipped.
    const shippedIds = expected.filter((_, index) => index % 2 === 1);
    await db().db.update(orders).set({ status: "shipped" }).where(inArray(orders.id, shippedIds));
    try {
      const first = await list(db(), cookie, "?status=shipped");
      expect(first.orders).toHaveLength(50);
      expect(first.nextCursor).not.toBeNull();
      const second = await list(db(), cookie, `?status=shipped&after=${encodeURIComponent(first.nextCursor!)}`);
      expect(second.nextCursor).toBeNull();
      expect([...ids(first), ...ids(second)]).toEqual(shippedIds);
    } finally {
      await db().db.update(orders).set({ status: "paid" }).where(inArray(orders.id, shippedIds));
    }
  });

  it("a garbage `after` falls back to the first page", async () => {
    const first = await list(db(), cookie);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const garbage = [
      "garbage",
      "%%%",
      "A".repeat(5000),
      b64(["x", "y"]),
      b64([1, 2]),
      b64(["2024-03-01 12:00:00+00"]),
      b64({ position: "2024-03-01 12:00:00+00", id: "x" }),
      b64(["2024-03-01 12:00:00+00'; drop table orders;--", "x"]),
      b64(["2024-03-01 12:00:00+00", "x".repeat(65)]),
      Buffer.from("not json").toString("base64url"),
    ];
    for (const after of garbage) {
      const outcome = await run(db(), adminOrders.loader, get(`/admin?after=${encodeURIComponent(after)}`), cookie);
      const body = outcome.body as unknown as ListBody;
      expect({ after: after.slice(0, 40), status: outcome.status, ids: ids(body), next: body.nextCursor }).toEqual({
        after: after.slice(0, 40),
        status: 200,
        ids: ids(first),
        next: first.nextCursor,
      });
    }
  });

  it("a hand-edited cursor whose timestamp has the right shape but is no real time falls back to the first page, not a 500", async () => {
    const first = await list(db(), cookie);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const position of ["2024-13-45 99:99:99+00", "2024-02-30 12:00:00+00", "2024-03-01 12:00:00+99"]) {
      const after = b64([position, expected[10]]);
      const outcome = await run(db(), adminOrders.loader, get(`/admin?after=${after}`), cookie).catch((error: Error) => ({
        status: 500,
        body: { error: error.cause instanceof Error ? error.cause.message : error.message },
      }));
      const body = outcome.body as unknown as ListBody;
      expect({ position, status: outcome.status, ids: body.orders ? ids(body) : body }).toEqual({ position, status: 200, ids: ids(first) });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5. Order detail and its moves
// ---------------------------------------------------------------------------------------------------------------

describe(`an order's page in the back office on ${databaseKind}`, () => {
  const db = ownDatabase();
  let operator: Awaited<ReturnType<typeof signedInOperator>>;

  beforeAll(async () => {
    operator = await signedInOperator(db());
  });

  /** A Visa test card whose last four ("5556") appear nowhere else in it. */
  const CARD = "4000 0566 5566 5556";
  const newOrder = () => placePaidOrder(db(), { name: "Erika Mustermann", contact: uniqueEmail("erika"), cardNumber: CARD, addressextend: "Hinterhaus" });
  const pathOf = (order: OrderRow) => `/admin/orders/${order.id}`;
  const load = (order: OrderRow) => run(db(), adminOrder.loader, get(pathOf(order)), operator.cookie, { orderId: order.id });
  const move = (order: OrderRow, fields: Record<string, string> | URLSearchParams) => {
    const request =
      fields instanceof URLSearchParams
        ? new Request(`${TEST_ORIGIN}${pathOf(order)}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN },
            body: fields,
          })
        : formPost(pathOf(order), fields);
    return run(db(), adminOrder.action, request, operator.cookie, { orderId: order.id });
  };
  const errorsOf = (outcome: RouteOutcome) => (outcome.body as { result: { error: Record<string, string[]> } }).result.error;

  it("shows the order's fields, price lines, payment and history with its placing first", async () => {
    const order = await newOrder();
    const page = await load(order);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      order: {
        id: order.id,
        number: order.number,
        status: "paid",
        createdAt: order.createdAt.toISOString(),
        grip: true,
        size: 8.5,
        design: initialDesign,
        ownDesign: false,
        contact: order.contact,
        name: "Erika Mustermann",
        address: "Main Street 1",
        addressextend: "Hinterhaus",
        postalcode: "10115",
        city: "Berlin",
        country: "DE",
        region: "",
        taxKind: "vat",
        vatBasisPoints: 1900,
        priceLines: order.priceLines,
        shippingCents: 490,
        vatCents: 1212,
        totalCents: 7590,
        currency: "EUR",
        cardBrand: "visa",
        cardLast4: "5556",
        cardExpiry: "12/2035",
        paymentProvider: "test",
        paymentReference: order.paymentReference,
        refundReference: null,
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        withdrawalDeclaredAt: null,
        withdrawalName: null,
        creditNoteNumber: null,
        partlyRefundedCents: 0,
        account: "Guest",
      },
      next: ["in_production", "cancelled"],
      // Nothing refunded in part yet; the form with this view's id (admin-order-partial-refund.integration.test.ts).
      partialRefunds: { requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), offered: true, totalCents: 7590, refundedCents: 0, refundableCents: 7590, notes: [] },
      printPath: `/admin/orders/${order.id}/print`,
      history: [{ id: expect.any(String), at: expect.any(String), actor: "buyer", kind: "placed", from: null, to: "paid", details: {} }],
      // The note's and the mail's forms (admin-order-corrections.integration.test.ts): a guest order, not shipped.
      corrections: {
        noteSubmission: expect.stringMatching(/^[0-9a-f-]{36}$/),
        resendSubmission: expect.stringMatching(/^[0-9a-f-]{36}$/),
        shipment: false,
        anonymised: false,
        contactEditable: true,
        mails: ["confirmation"],
        lastMail: "confirmation",
      },
    });
    // Each line with its net and German VAT (19 %), rounded per line; shipping's VAT is the rest of the total's.
    expect(order.priceLines).toEqual([
      { id: "deck", label: expect.any(String), cents: 5900, netCents: 4958, vatCents: 942 },
      { id: "wideDeck", label: expect.any(String), cents: 300, netCents: 252, vatCents: 48 },
      { id: "grip", label: expect.any(String), cents: 900, netCents: 756, vatCents: 144 },
    ]);
    expect(order.paymentReference).toMatch(/^test_ch_[0-9a-f]{24}$/);
    expect(JSON.stringify(page.body)).not.toMatch(/4000 ?0566|400005665566/);
  });

  it("a valid move answers 200 with `done`; the same post again is stale: 409 naming In production, and nothing more changes", async () => {
    const order = await newOrder();
    const moved = await move(order, { expected: "paid", to: "in_production" });
    expect(moved).toMatchObject({ status: 200, body: { to: "in_production", done: "The order is in production now." } });
    expect((await orderRow(db(), order.id)).status).toBe("in_production");

    const again = await move(order, { expected: "paid", to: "in_production" });
    expect(again.status).toBe(409);
    expect(again.body).not.toHaveProperty("done");
    // Shown above the forms, which the page reloads: the form that was sent is gone once the order moved on.
    expect(again.body).toMatchObject({ refused: "This order is in production now: someone changed it meanwhile. Nothing was changed." });
    expect(errorsOf(again)).toBeFalsy();

    const events = await eventsOf(db(), order.id);
    expect(events.map((event) => [event.kind, event.fromStatus, event.toStatus, event.actor])).toEqual([
      ["placed", null, "paid", "buyer"],
      ["status", "paid", "in_production", operator.email],
    ]);
    const page = await load(order);
    expect(page.body).toMatchObject({ order: { status: "in_production" }, next: ["shipped", "cancelled"] });
    expect((page.body as { history: unknown[] }).history).toHaveLength(2);
  });

  it("a move the lifecycle does not allow answers 409 with the reason and changes nothing", async () => {
    const order = await newOrder();
    const skipped = await move(order, { expected: "paid", to: "delivered" });
    expect(skipped.status).toBe(409);
    expect(skipped.body).toMatchObject({ refused: "An order that is paid cannot be delivered." });
    expect((await orderRow(db(), order.id)).status).toBe("paid");
    expect(await eventsOf(db(), order.id)).toHaveLength(1);
  });

  it("an order another tab has shipped is refused as stale, not for the second tab's tracking number", async () => {
    const order = await newOrder();
    await walk(db(), order, "in_production");
    const shipped = await move(order, { expected: "in_production", to: "shipped", carrier: "dhl", trackingNumber: DHL_NUMBER });
    expect(shipped.status).toBe(200);
    const late = await move(order, { expected: "in_production", to: "shipped", carrier: "dpd", trackingNumber: "OTHER123456" });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ refused: "This order is shipped now: someone changed it meanwhile. Nothing was changed." });
    const row = await orderRow(db(), order.id);
    expect({ carrier: row.carrier, trackingNumber: row.trackingNumber }).toEqual({ carrier: "dhl", trackingNumber: DHL_NUMBER });
  });

  it("shipping without carrier and tracking number answers 400 with an error for each field", async () => {
    const order = await newOrder();
    await walk(db(), order, "in_production");
    const outcome = await move(order, { expected: "in_production", to: "shipped" });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({ carrier: ["Choose the carrier"], trackingNumber: ["Enter the tracking number"] });
    expect((await orderRow(db(), order.id)).status).toBe("in_production");
  });

  it("a DHL shipment with tracking number abc answers 400 with a trackingNumber error naming DHL", async () => {
    const order = await newOrder();
    await walk(db(), order, "in_production");
    const outcome = await move(order, { expected: "in_production", to: "shipped", carrier: "dhl", trackingNumber: "abc" });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({ trackingNumber: [`Enter a DHL tracking number like ${DHL_NUMBER}`] });
    const row = await orderRow(db(), order.id);
    expect({ status: row.status, carrier: row.carrier, trackingNumber: row.trackingNumber }).toEqual({ status: "in_production", carrier: null, trackingNumber: null });
  });

  it("ships with a carrier and a tracking number typed with spaces: stored normalised, with the carrier's link and a history entry", async () => {
    const order = await newOrder();
    await walk(db(), order, "in_production");
    const outcome = await move(order, { expected: "in_production", to: "shipped", carrier: "dhl", trackingNumber: "0034 0434 1612 3456 7890" });
    expect(outcome).toMatchObject({ status: 200, body: { done: "The order is shipped now." } });
    const page = await load(order);
    expect(page.body).toMatchObject({
      order: {
        status: "shipped",
        carrier: "dhl",
        trackingNumber: DHL_NUMBER,
        trackingUrl: `https://www.dhl.de/en/privatkunden/pakete-empfangen/verfolgen.html?piececode=${DHL_NUMBER}`,
      },
      next: ["delivered", "returned"],
    });
    expect((page.body as { history: unknown[] }).history.at(-1)).toMatchObject({
      actor: operator.email,
      from: "in_production",
      to: "shipped",
      details: { carrier: "dhl", trackingNumber: DHL_NUMBER },
    });
  });

  it("cancelling without the confirm box answers 400 with a confirm error; with confirm=on it cancels and refunds", async () => {
    const order = await newOrder();
    const unconfirmed = await move(order, { expected: "paid", to: "cancelled" });
    expect(unconfirmed.status).toBe(400);
    expect(errorsOf(unconfirmed)).toEqual({ confirm: ["Confirm the refund to cancel"] });
    expect((await orderRow(db(), order.id)).status).toBe("paid");

    const confirmed = await move(order, { expected: "paid", to: "cancelled", confirm: "on" });
    expect(confirmed).toMatchObject({ status: 200, body: { to: "cancelled", done: "The order is cancelled now." } });
    const row = await orderRow(db(), order.id);
    expect(row.status).toBe("cancelled");
    expect(row.refundReference).toMatch(/^test_re_[0-9a-f]{24}$/);
    const events = await eventsOf(db(), order.id);
    expect(events.at(-1)).toMatchObject({
      kind: "status",
      fromStatus: "paid",
      toStatus: "cancelled",
      actor: operator.email,
      details: { refundReference: row.refundReference, creditNoteNumber: row.creditNoteNumber },
    });
    // The credit note that cancels the invoice: the next number of the invoices' gapless series, dated the refund.
    expect(row.creditNoteNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(row.creditNoteNumber).not.toBe(row.invoiceNumber);
    expect(row.creditNotedAt?.getTime()).toBe(row.updatedAt.getTime());
    const page = await load(order);
    expect(page.body).toMatchObject({
      order: { status: "cancelled", refundReference: row.refundReference, creditNoteNumber: row.creditNoteNumber },
      next: [],
    });
    // The accountant's question about the credit note finds the order in the list's search.
    expect(ids(await list(db(), operator.cookie, `?q=${row.creditNoteNumber}`))).toEqual([order.id]);
  });

  it("a refund the processor refuses (a disputed charge): 502 with the chance to cancel without it, which then cancels with a credit note", async () => {
    const order = await placePaidOrder(db(), { name: "Erika Mustermann", contact: uniqueEmail("disputed"), cardNumber: TEST_CARDS.refundRefused });
    const refused = await move(order, { expected: "paid", to: "cancelled", confirm: "on" });
    expect(refused).toMatchObject({ status: 502, body: { to: "cancelled", refundRefused: true } });
    expect((await orderRow(db(), order.id)).status).toBe("paid");
    expect((await eventsOf(db(), order.id)).at(-1)).toMatchObject({ kind: "refund-refused", actor: operator.email, details: { attempted: "cancelled" } });

    const cancelled = await move(order, { expected: "paid", to: "cancelled", confirm: "on", refundedElsewhere: "on" });
    expect(cancelled).toMatchObject({ status: 200, body: { done: "The order is cancelled now." } });
    const row = await orderRow(db(), order.id);
    expect(row).toMatchObject({ status: "cancelled", refundReference: null });
    expect(row.creditNoteNumber).toMatch(/^\d{4}-\d{6}$/);
    expect((await eventsOf(db(), order.id)).at(-1)).toMatchObject({ kind: "status", toStatus: "cancelled", details: { refundedElsewhere: "chargeback" } });
  });

  it("a shipped or delivered deck that comes back is marked returned: confirmed, refunded once, with a credit note and a mail", async () => {
    const delivered = await newOrder();
    await walk(db(), delivered, "in_production", "shipped", "delivered");
    const unconfirmed = await move(delivered, { expected: "delivered", to: "returned" });
    expect(unconfirmed.status).toBe(400);
    expect(errorsOf(unconfirmed)).toEqual({ confirm: ["Confirm the refund to mark the order returned"] });
    expect((await orderRow(db(), delivered.id)).status).toBe("delivered");

    const confirmed = await move(delivered, { expected: "delivered", to: "returned", confirm: "on" });
    expect(confirmed).toMatchObject({ status: 200, body: { to: "returned", done: "The order is returned now." } });
    const row = await orderRow(db(), delivered.id);
    expect(row).toMatchObject({ status: "returned", refundReference: expect.stringMatching(/^test_re_/), creditNoteNumber: expect.stringMatching(/^\d{4}-\d{6}$/) });
    const again = await move(delivered, { expected: "delivered", to: "returned", confirm: "on" });
    expect(again.status).toBe(409);
    expect((await orderRow(db(), delivered.id)).creditNoteNumber).toBe(row.creditNoteNumber);
    const [mail] = await db().db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-returned:${delivered.id}`));
    expect(mail?.subject).toBe(`Your Deck Studio order ${row.number} is refunded`);
    expect(mail?.textBody).toContain(`Credit note ${row.creditNoteNumber} cancels invoice ${row.invoiceNumber}`);

    const shipped = await newOrder();
    await walk(db(), shipped, "in_production", "shipped");
    expect(await move(shipped, { expected: "shipped", to: "returned", confirm: "on" })).toMatchObject({ status: 200 });
    // Numbers follow on without a gap: the second credit note is the first one's successor.
    const next = Number((await orderRow(db(), shipped.id)).creditNoteNumber!.slice(5));
    expect(next).toBeGreaterThan(Number(row.creditNoteNumber!.slice(5)));

    const credit = await rawResponse(db(), adminOrderCreditNote.loader, get(`/admin/orders/${delivered.id}/credit-note`), operator.cookie, { orderId: delivered.id });
    expect(credit.status).toBe(200);
    expect(credit.headers.get("Content-Type")).toBe("application/pdf");
    expect(credit.headers.get("Content-Disposition")).toBe(`attachment; filename="credit-note-${row.creditNoteNumber}.pdf"`);
    // No refund yet, no credit note: the 404 page, as for an unknown order.
    const paid = await newOrder();
    const none = await run(db(), adminOrderCreditNote.loader, get(`/admin/orders/${paid.id}/credit-note`), operator.cookie, { orderId: paid.id });
    expect(none.status).toBe(404);
  });

  it("answers 400, never 5xx, to garbage `to` and `expected` values, and changes nothing", async () => {
    const order = await newOrder();
    const cases: [Record<string, string> | URLSearchParams, Record<string, string[]>][] = [
      [{ expected: "paid", to: "hacked" }, { to: ["Choose what happens to the order"] }],
      [{ expected: "paid", to: "__proto__" }, { to: ["Choose what happens to the order"] }],
      [{ expected: "paid", to: "IN_PRODUCTION" }, { to: ["Choose what happens to the order"] }],
      [{ expected: "paid" }, { to: ["Choose what happens to the order"] }],
      [{ expected: "bogus", to: "in_production" }, { expected: ["Reload the order: its status is missing"] }],
      [{ expected: "paid'; drop table orders;--", to: "in_production" }, { expected: ["Reload the order: its status is missing"] }],
      [{ to: "in_production" }, { expected: ["Reload the order: its status is missing"] }],
      [{}, { expected: ["Reload the order: its status is missing"], to: ["Choose what happens to the order"] }],
    ];
    for (const [fields, errors] of cases) {
      const outcome = await move(order, fields);
      expect({ fields, status: outcome.status, errors: errorsOf(outcome) }).toEqual({ fields, status: 400, errors });
    }
    const repeated = await move(order, new URLSearchParams([["expected", "paid"], ["to", "in_production"], ["to", "cancelled"]]));
    expect(repeated.status).toBe(400);
    expect(errorsOf(repeated)).toHaveProperty("to");

    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100 }), fc.string({ maxLength: 100 }), async (expected, to) => {
        fc.pre(!["paid", "in_production", "shipped", "delivered", "cancelled", "returned"].includes(to));
        const outcome = await move(order, { expected, to, confirm: "on", carrier: "dhl", trackingNumber: DHL_NUMBER });
        expect(outcome.status).toBe(400);
      }),
      { numRuns: 40 },
    );
    expect((await orderRow(db(), order.id)).status).toBe("paid");
    expect(await eventsOf(db(), order.id)).toHaveLength(1);
  });

  it("an unknown order id is the 404 page for the page, its moves and its print files", async () => {
    for (const unknown of [randomUUID(), "not-an-id", "\u0000", "'; drop table orders;--"]) {
      const path = `/admin/orders/${encodeURIComponent(unknown)}`;
      const page = await run(db(), adminOrder.loader, get(path), operator.cookie, { orderId: unknown });
      expect(page).toMatchObject({ status: 404, body: notFoundBody(path) });
      const moved = await run(db(), adminOrder.action, formPost(path, { expected: "paid", to: "in_production" }), operator.cookie, { orderId: unknown });
      expect(moved).toMatchObject({ status: 404, body: notFoundBody(path) });
      const print = await run(db(), adminOrderPrint.loader, get(`${path}/print/svg`), operator.cookie, { orderId: unknown, format: "svg" });
      expect(print).toMatchObject({ status: 404, body: notFoundBody(`${path}/print/svg`) });
    }
    // A known order's print file in a format that does not exist is the 404 page too.
    const order = await newOrder();
    const pdf = await run(db(), adminOrderPrint.loader, get(`${pathOf(order)}/print/pdf`), operator.cookie, { orderId: order.id, format: "pdf" });
    expect(pdf).toMatchObject({ status: 404, body: notFoundBody(`${pathOf(order)}/print/pdf`) });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 6. CSV export
// ---------------------------------------------------------------------------------------------------------------

describe(`the CSV export on ${databaseKind}`, () => {
  const db = ownDatabase();
  let cookie: string;
  let ada: OrderRow;
  let formulas: { name: string; written: string; order: OrderRow }[];

  beforeAll(async () => {
    cookie = (await signedInOperator(db())).cookie;
    ada = await placePaidOrder(db(), { name: "Ada Lovelace", contact: "ada@example.com" });
    formulas = [];
    for (const [name, written] of [
      ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
      ["+1", "'+1"],
      ["-2", "'-2"],
      ["@x", "'@x"],
    ] as const) {
      formulas.push({ name, written, order: await placePaidOrder(db(), { name, contact: uniqueEmail("formula"), grip: false, size: 8 }) });
    }
    // The HYPERLINK order and the "-2" order are cancelled (refunded).
    await walk(db(), formulas[0]!.order, "cancelled");
    await walk(db(), formulas[2]!.order, "in_production", "cancelled");
  });

  const exportOf = async (query = "") => {
    const response = await rawResponse(db(), adminOrdersCsv.loader, get(`/admin/orders.csv${query}`), cookie);
    expect(response.status).toBe(200);
    return { response, ...(await readCsv(response)) };
  };

  it("starts with a UTF-8 byte-order mark and the header row, and ends every line with CRLF", async () => {
    const { bytes, text, rows } = await exportOf();
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith(`\uFEFF${CSV_HEADER.join(",")}\r\n`)).toBe(true);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "").includes("\n")).toBe(false);
    expect(rows.every((row) => row.length === CSV_HEADER.length)).toBe(true);
  });

  it("writes one line per order, newest first, and only the orders the filter matches", async () => {
    const all = await exportOf();
    expect(all.rows.slice(1).map((row) => row[0])).toEqual([...formulas.map((f) => f.order.number).toReversed(), ada.number]);

    const cancelled = await exportOf("?status=cancelled");
    expect(cancelled.rows).toHaveLength(3);
    expect(cancelled.rows.slice(1).map((row) => [row[0], row[2]])).toEqual([
      [formulas[2]!.order.number, "Cancelled"],
      [formulas[0]!.order.number, "Cancelled"],
    ]);
    for (const row of cancelled.rows.slice(1)) {
      expect(row[21]).toMatch(/^test_re_[0-9a-f]{24}$/);
      // Refunded in full, with the credit note's day beside the invoice's.
      expect(row[26]).toBe(row[16]);
      expect(row[28]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    const searched = await exportOf("?q=ada");
    expect(searched.rows.slice(1).map((row) => row[0])).toEqual([ada.number]);
    const none = await exportOf("?status=delivered");
    expect(none.rows).toEqual([CSV_HEADER]);
  });

  it("writes amounts as plain numbers with a dot decimal, and every other field as stored", async () => {
    const { rows, text } = await exportOf(`?q=${ada.number}`);
    expect(rows[1]).toEqual([
      ada.number,
      ada.createdAt.toISOString(),
      "Paid",
      "Ada Lovelace",
      "ada@example.com",
      "Main Street 1",
      "",
      "10115",
      "Berlin",
      "DE",
      "",
      "8.5",
      "yes",
      "71",
      "4.9",
      "12.12",
      "75.9",
      "63.78",
      "VAT",
      "19",
      ada.paymentReference,
      "",
      "",
      "",
      ada.invoiceNumber,
      "",
      "0",
      sellerDayOf(ada.invoicedAt!),
      "",
      "",
    ]);
    expect(text).toContain(`,DE,,8.5,yes,71,4.9,12.12,75.9,63.78,VAT,19,${ada.paymentReference},,,,${ada.invoiceNumber},,0,${sellerDayOf(ada.invoicedAt!)},,\r\n`);
  });

  it("writes a buyer name that a spreadsheet would run as a formula with a leading apostrophe, quoted where it holds a quote", async () => {
    const { rows, text } = await exportOf();
    for (const { name, written, order } of formulas) {
      const row = rows.find((cells) => cells[0] === order.number)!;
      expect({ name, cell: row[3] }).toEqual({ name, cell: `'${name}` });
      expect(text).toContain(`,${written},${order.contact},`);
    }
  });

  it("answers a search holding a NUL character with a header-only file, not a download that breaks off", async () => {
    const response = await rawResponse(db(), adminOrdersCsv.loader, get("/admin/orders.csv?q=%00"), cookie);
    expect(response.status).toBe(200);
    const read = await readCsv(response).then(
      ({ rows }) => rows,
      (error: Error) => ({ error: error.cause instanceof Error ? error.cause.message : error.message }),
    );
    expect(read).toEqual([CSV_HEADER]);
  });

  it("is sent as text/csv, as an attachment, never cached", async () => {
    const { response } = await exportOf();
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  });
});

describe(`the CSV export of many orders on ${databaseKind}`, () => {
  const db = ownDatabase();

  it("writes each of 2,100 orders exactly once, newest first, across its 1,000-row pages", async () => {
    const { cookie } = await signedInOperator(db());
    const newest = await placePaidOrder(db(), { name: "Newest Buyer", contact: "newest@example.com" });
    const inserted = await insertOrders(db(), newest, 2099, "bulk");
    const numbers = new Map((await db().db.select({ id: orders.id, number: orders.number }).from(orders)).map((row) => [row.id, row.number]));
    const expected = [newest.id, ...inserted.toReversed()].map((id) => numbers.get(id));

    const response = await rawResponse(db(), adminOrdersCsv.loader, get("/admin/orders.csv"), cookie);
    const { rows } = await readCsv(response);
    expect(rows).toHaveLength(2101);
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
  });
});
