import type { RouterContextProvider } from "react-router";
import { CLIENT_ADDRESS_HEADER } from "#app/modules/http/client-address.mjs";
import type { Database } from "#app/db/client.server.ts";
import { sessionMiddleware } from "#app/modules/middleware/root-middleware.server.ts";
import { contextFor, TEST_ORIGIN } from "./test-database.ts";

export { TEST_ORIGIN };

let clients = 0;

/** A client address of its own (from the documentation range), as the server would set it. */
export function newClientAddress(): string {
  return `2001:db8::${(++clients).toString(16)}`;
}

/**
 * A form POST from one of our pages. Each comes from a client address of its own, as from many buyers, unless
 * the test names one (`{ [CLIENT_ADDRESS_HEADER]: address }`) to be one client.
 */
export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: TEST_ORIGIN,
      [CLIENT_ADDRESS_HEADER]: newClientAddress(),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

/** What a route's loader or action answered, as the browser would see it. */
export interface RouteOutcome {
  status: number;
  location: string | null;
  cookie: string | null;
  body: { error?: Record<string, string[] | null>; [key: string]: unknown } | null;
}

type Handler = (args: never) => unknown;

/** A router context as the root middleware leaves it for a visitor with this cookie (or none). */
export async function contextForVisitor(database: Database, cookie: string | null = null): Promise<RouterContextProvider> {
  const context = contextFor(database);
  if (cookie) {
    const request = new Request(TEST_ORIGIN, { headers: { Cookie: cookie } });
    await sessionMiddleware({ request, params: {}, context } as never, async () => new Response());
  }
  return context;
}

/** React Router's `data(value, init)` result. */
function isDataWithInit(value: unknown): value is { data: unknown; init?: { status?: number } } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** What a reader sees of a page: its tags gone, its character references (`&#39;`, `&amp;`) read. */
function textOfHtml(html: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&(\w+);/g, (entity, name: string) => named[name] ?? entity);
}

async function outcomeOf(value: unknown, fallbackStatus: number): Promise<RouteOutcome> {
  if (value instanceof Response) {
    // A page answered whole (a resource route's 404 page) is its text as read; anything else (a redirect, a file) none.
    const page = value.headers.get("Content-Type")?.startsWith("text/html") ? textOfHtml(await value.text()) : null;
    return { status: value.status, location: value.headers.get("Location"), cookie: value.headers.get("Set-Cookie"), body: page as RouteOutcome["body"] };
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? fallbackStatus, location: null, cookie: null, body: value.data as RouteOutcome["body"] };
  }
  return { status: fallbackStatus, location: null, cookie: null, body: value as RouteOutcome["body"] };
}

/**
 * Calls a loader or action as React Router would after the root middleware ran: with a context pointing at the
 * test database and, given a cookie, the visitor's session. A thrown response (a 404, a redirect) is an outcome too.
 */
export async function callRoute(
  handler: Handler,
  request: Request,
  options: { database: Database; cookie?: string | null; context?: RouterContextProvider; params?: Record<string, string> },
): Promise<RouteOutcome> {
  const context = options.context ?? (await contextForVisitor(options.database, options.cookie));
  try {
    const result = await (handler as (args: unknown) => unknown)({ request, params: options.params ?? {}, context, unstable_pattern: "" });
    return outcomeOf(result, 200);
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return outcomeOf(thrown, 500);
    throw thrown;
  }
}
