import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { pageNotFound, withNotFoundPage } from "./not-found.ts";

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://shop.test${path}`, { headers });

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("withNotFoundPage (a resource route's 404)", () => {
  it("answers pageNotFound with the 404 page as HTML, not the JSON string React Router would send", async () => {
    const loader = withNotFoundPage(async ({ request }: { request: Request }) => pageNotFound(request));
    const thrown = await thrownBy(loader({ request: request("/orders/1/invoice") }));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Page Not Found</h1>");
    expect(html).toContain("Page not found: /orders/1/invoice");
    expect(html).toContain('<a href="/">Go to the start page</a>');
    expect(html).toContain('<a href="/GripSize">');
  });

  it("speaks the visitor's language and writes a hostile path as text", async () => {
    const loader = withNotFoundPage(async ({ request }: { request: Request }) => pageNotFound(request));
    const hostile = "/orders/'\"><img src=x onerror=alert(1)>/invoice";
    const thrown = (await thrownBy(loader({ request: request(hostile, { "Accept-Language": "de-DE,de;q=0.9" }) }))) as Response;
    const html = await thrown.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("<h1>Seite nicht gefunden</h1>");
    expect(thrown.headers.get("Content-Language")).toBe("de");
    // The address arrives percent-encoded but for the quote, which is written as a reference.
    expect(html).toContain("/orders/&#39;%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E/invoice");
    expect(html).not.toContain("<img");
  });

  it("passes every other answer through: the file itself, a redirect, a 400, an error", async () => {
    const file = new Response("%PDF", { headers: { "Content-Type": "application/pdf" } });
    expect(await withNotFoundPage(async () => file)({ request: request("/x") })).toBe(file);
    const redirect = new Response(null, { status: 302, headers: { Location: "/Login" } });
    expect(await thrownBy(withNotFoundPage(async () => Promise.reject(redirect))({ request: request("/x") }))).toBe(redirect);
    const refused = data("bad", { status: 400 });
    expect(await thrownBy(withNotFoundPage(async () => Promise.reject(refused))({ request: request("/x") }))).toBe(refused);
    const failure = new Error("database away");
    expect(await thrownBy(withNotFoundPage(async () => Promise.reject(failure))({ request: request("/x") }))).toBe(failure);
  });
});
