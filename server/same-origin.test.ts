import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowedRequest, sameOriginGuard } from "./same-origin.mjs";

const ownOrigin = "https://shop.test";

describe("isAllowedRequest (CSRF)", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get"])("lets every %s through, whatever its origin", (method) => {
    expect(isAllowedRequest({ method, origin: "https://evil.test", ownOrigin })).toBe(true);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("lets a %s from our own page through", (method) => {
    expect(isAllowedRequest({ method, origin: ownOrigin, ownOrigin })).toBe(true);
    expect(isAllowedRequest({ method, referer: `${ownOrigin}/Login?x=1`, ownOrigin })).toBe(true);
  });

  it.each([
    ["another site's origin", { origin: "https://evil.test" }],
    ["another site's referer", { referer: "https://evil.test/form" }],
    ["our host over another scheme", { origin: "http://shop.test" }],
    ["an opaque origin", { origin: "null" }],
    ["neither origin nor referer", {}],
    ["a malformed referer", { referer: "::not a url::" }],
    ["a good referer but a bad origin", { origin: "https://evil.test", referer: `${ownOrigin}/` }],
  ])("refuses a POST with %s", (_, headers) => {
    expect(isAllowedRequest({ method: "POST", ownOrigin, ...headers })).toBe(false);
  });
});

describe("sameOriginGuard (the middleware server.mjs and Vite's dev server mount)", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const guard = sameOriginGuard();
    server = createServer((req, res) => guard(req, res, () => res.end("reached the app")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (headers: Record<string, string>) =>
    fetch(`${base}/Shipping`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: "name=x" });

  it("passes a form posted from our own page on to the app", async () => {
    const response = await post({ Origin: base });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("reached the app");
  });

  it("answers a cross-site post with 403 and a page that says nothing was changed", async () => {
    const response = await post({ Origin: "https://evil.test" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("Nothing was changed.");
  });

  it("says so in the visitor's language: the switcher's cookie, then Accept-Language", async () => {
    const german = await post({ Origin: "https://evil.test", "Accept-Language": "de-AT,de;q=0.9,en;q=0.5" });
    expect(german.headers.get("content-language")).toBe("de");
    const page = await german.text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain("<h1>Formular abgelehnt</h1>");
    expect(page).toContain("Es wurde nichts geändert.");
    const chosen = await post({ Origin: "https://evil.test", "Accept-Language": "de", Cookie: "lang=en" });
    expect(await chosen.text()).toContain("<h1>Form refused</h1>");
  });

  it("lets a GET through from anywhere", async () => {
    const response = await fetch(`${base}/Shipping`, { headers: { Origin: "https://evil.test" } });
    expect(response.status).toBe(200);
  });
});
