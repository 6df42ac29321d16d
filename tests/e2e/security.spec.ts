import { expect, test, type Page } from "@playwright/test";
import { completeOrder, open, pages, seedOrder } from "./helpers.ts";

test.describe("cross-site form posts", () => {
  test("a POST from another site's page is refused with 403", async ({ request }) => {
    const response = await request.post("/Login", {
      headers: { Origin: "https://attacker.example" },
      form: { contact: "victim@example.com" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("a POST with neither Origin nor Referer is refused with 403", async ({ request }) => {
    const response = await request.post("/Shipping", { form: { name: "Erika" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
  });

  test("the same POST from the shop's own origin goes on to the next step", async ({ request, baseURL }) => {
    const response = await request.post("/Login", {
      headers: { Origin: baseURL! },
      form: { intent: "guest", contact: "buyer@example.com" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/Shipping");
  });
});

test.describe("Content-Security-Policy", () => {
  /** Collects every CSP violation the page reports, from before its first script runs. */
  async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  }

  test("every page sends a policy without 'unsafe-inline' or 'unsafe-eval', for scripts and styles alike", async ({ request }) => {
    for (const { path } of pages) {
      const response = await request.get(path, { maxRedirects: 0 });
      const policy = response.headers()["content-security-policy"] ?? "";
      const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
      expect(scripts, `script-src of ${path}`).toMatch(/^'self'( '(nonce|sha256)-[A-Za-z0-9+/=]+')+$/);
      expect(policy, `policy of ${path}`).toContain("style-src 'self';");
      expect(policy, `policy of ${path}`).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
      expect(policy, `policy of ${path}`).toContain("object-src 'none'");
      expect(policy, `policy of ${path}`).toContain("frame-ancestors 'none'");
    }
  });

  test("a rendered page's nonce is new on every response", async ({ request }) => {
    const nonceOf = async () => {
      const policy = (await request.get("/GripSize")).headers()["content-security-policy"] ?? "";
      return /'nonce-([^']+)'/.exec(policy)?.[1];
    };
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  test("no page breaks the policy: every page, the picker's data and art, the sticker, the card form", async ({ page }) => {
    test.slow();
    const violations = await recordViolations(page);
    await seedOrder(page, completeOrder);
    for (const { path } of pages) {
      await open(page, path);
      expect(await violations(), `violations on ${path}`).toEqual([]);
    }

    await open(page, "/Example");
    const standalone = page.getByRole("group", { name: "Standalone emoji picker" });
    await standalone.getByRole("searchbox", { name: "Search emoji" }).fill("wave");
    await expect(standalone.getByRole("gridcell").getByRole("button", { name: "waving hand", exact: true })).toBeVisible();
    expect(await violations(), "violations in the emoji picker").toEqual([]);

    await open(page, "/editor");
    await page.getByRole("button", { name: "Add sticker" }).click();
    const picker = page.getByRole("dialog", { name: "Choose a sticker" });
    await picker.getByRole("searchbox", { name: "Search emoji" }).fill("fire");
    await picker.getByRole("gridcell").getByRole("button", { name: "fire", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added the sticker fire." })).toBeAttached();
    expect(await violations(), "violations in the editor").toEqual([]);

    await open(page, "/Payment");
    await page.getByLabel("Card number").pressSequentially("4111111111111111");
    await page.getByLabel("Security code").fill("123");
    expect(await violations(), "violations on the card form").toEqual([]);
  });

  test("a placed order's pages, with a text and a sticker drawn by the server, break no policy", async ({ page }) => {
    const violations = await recordViolations(page);
    const text = { id: "layer-1", kind: "text", x: 104, y: 250, rotation: 10, text: "SKATE", font: "bebas-neue", fontSize: 40, color: "#1b1b1b", align: "center" };
    const sticker = { id: "layer-2", kind: "emoji", x: 104, y: 500, rotation: 0, unified: "1f525", name: "fire", size: 50 };
    await seedOrder(page, { ...completeOrder, design: { background: "#5fbb97", layers: [text, sticker] } });
    await open(page, "/Payment");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Name on card").fill("Erika Mustermann");
    await page.getByLabel("Month (MM)").fill("09");
    await page.getByLabel("Year (YY)").fill(String((new Date().getFullYear() + 2) % 100));
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: "Buy now", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    // Loaded as a document, so the server renders the deck with its text.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    // The HTML as the server sent it (the browser's own style changes after hydration are not markup).
    expect(await (await page.request.get(page.url())).text()).not.toMatch(/ style="/);
    expect(await violations(), "violations on the order page").toEqual([]);
  });
});
