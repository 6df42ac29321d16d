import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { captureLogs } from "#app/modules/observability/logger.mjs";

/**
 * Runs the production server build through React Router's real request handler, with one route's loader
 * replaced by one that fails the way a database query might. This is what a buyer would see in production.
 * The build must exist (`npm test` builds before it runs Vitest).
 */
const buildFile = path.resolve("build/server/index.js");

let build: ServerBuild;

beforeAll(async () => {
  if (!existsSync(buildFile)) throw new Error("Run `npm run build` first: this test uses the production build");
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
});

// Each test's console spy ends with it: a later test's errors must show.
afterEach(() => {
  vi.restoreAllMocks();
});

/** The build with one route's loader replaced by one that throws `thrown`. */
function withThrowingLoader(routeId: string, thrown: unknown): ServerBuild {
  const route = build.routes[routeId]!;
  const loader = () => {
    throw thrown;
  };
  return { ...build, routes: { ...build.routes, [routeId]: { ...route, module: { ...route.module, loader } } } };
}

describe("an unexpected server error in production", () => {
  it("answers 500 with the generic page and a reference id, and logs the details under that id", async () => {
    const logs = captureLogs();
    onTestFinished(logs.stop);
    const secret = new Error('relation "orders_secret" does not exist (/srv/deck/app/db/orders.server.ts:42)');
    const handler = createRequestHandler(withThrowingLoader("routes/payment", secret), "production");

    const response = await handler(new Request("http://shop.test/Payment"));
    const html = await response.text();
    const reference = response.headers.get("X-Request-Id");

    expect(response.status).toBe(500);
    expect(html).toContain("Internal Server Error");
    expect(html).toContain(">500<");
    expect(reference).toMatch(/^[0-9a-f]{8}$/);
    expect(html).toContain(reference);
    expect(html).not.toContain("orders_secret");
    expect(html).not.toContain("/srv/deck");
    expect(html).not.toMatch(/at \S+ \([^)]*:\d+:\d+\)/); // no stack frames ("at name (file:line:column)")
    const logged = logs.lines.find((line) => line.requestId === reference && line.level === "error");
    expect(JSON.stringify(logged?.err)).toContain("orders_secret");
  });

  it("a database that is away: 503 with the clear page (Retry-After, the reference), logged as a warning", async () => {
    const logs = captureLogs();
    onTestFinished(logs.stop);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const wrapped = new Error("Failed query: select * from orders where id = $1\nparams: secret-order-id", { cause: refused });
    const handler = createRequestHandler(withThrowingLoader("routes/order", wrapped), "production");

    const response = await handler(new Request("http://shop.test/orders/00000000-0000-4000-8000-000000000000"));
    const html = await response.text();
    const reference = response.headers.get("X-Request-Id")!;

    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(html).toContain("The shop is briefly unavailable");
    expect(html).toContain(reference);
    expect(html).not.toMatch(/ECONNREFUSED|Failed query|secret-order-id|at \S+ \([^)]*:\d+:\d+\)/);
    const logged = logs.lines.find((line) => line.requestId === reference && line.level === "warn");
    expect(JSON.stringify(logged?.err)).toContain("ECONNREFUSED");
    expect(JSON.stringify(logs.lines)).not.toContain("secret-order-id");
  });

  it("a thrown response keeps its status and message (description = the error message)", async () => {
    const resting = new Response("The payment service is resting", { status: 503 });
    const handler = createRequestHandler(withThrowingLoader("routes/payment", resting), "production");
    const response = await handler(new Request("http://shop.test/Payment"));
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(html).toContain("The payment service is resting");
    expect(html).toContain("Internal Server Error");
  });

  it("an unknown path answers 404 with the path, also through the production handler", async () => {
    const handler = createRequestHandler(build, "production");
    const response = await handler(new Request("http://shop.test/no/such/page"));
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain("Page Not Found");
    expect(html).toMatch(/Page not found: (<!-- -->)?\/no\/such\/page/);
  });
});
