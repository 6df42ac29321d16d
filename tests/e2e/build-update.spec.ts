import { expect, test, type Page } from "@playwright/test";
import { open } from "./helpers.ts";

const width = (page: Page, label: string) => page.getByRole("radio", { name: label });

/** Counts full document loads from now on (reloads and hard navigations). */
function countReloads(page: Page) {
  const counter = { reloads: 0 };
  page.on("load", () => counter.reloads++);
  return counter;
}

test.describe("a new build is deployed", () => {
  test("after 60 minutes the page reloads onto it, and the order is intact", async ({ page }) => {
    await page.clock.install();
    await page.route("**/builds/latest.json", (route) =>
      route.fulfill({ json: { id: "0badc0de", time: "2026-11-21T12:00:00.000Z" }, headers: { "Cache-Control": "no-store" } }),
    );
    await open(page, "/GripSize");
    await width(page, "8.25″").check();
    await page.getByRole("checkbox", { name: /grip tape/i }).check();
    const counter = countReloads(page);

    await page.clock.runFor("59:00");
    expect(counter.reloads).toBe(0);
    const reloaded = page.waitForEvent("load");
    await page.clock.runFor("01:00");
    await reloaded;

    await expect(width(page, "8.25″")).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /grip tape/i })).toBeChecked();
  });

  test("no reload while the build is still the latest", async ({ page }) => {
    await page.clock.install();
    await open(page, "/GripSize");
    const counter = countReloads(page);
    const checked = page.waitForResponse("**/builds/latest.json");
    await page.clock.runFor("01:00:00");
    expect((await checked).status()).toBe(200);
    await page.clock.runFor("00:05");
    expect(counter.reloads).toBe(0);
  });
});

test.describe("this build's meta", () => {
  test("is fetched 1 s after the app is ready", async ({ page }) => {
    await page.clock.install();
    const metaRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/builds/meta/")) metaRequests.push(request.url());
    });
    await open(page, "/");
    const response = page.waitForResponse("**/builds/meta/*.json");
    await page.clock.runFor(1_000);
    const meta = await (await response).json();
    expect(meta.prerendered).toEqual(["/", "/editor"]);
    expect(metaRequests).toHaveLength(1);
  });

  test("is not fetched on a slow-2g connection", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { effectiveType: "slow-2g" }, configurable: true });
    });
    await page.clock.install();
    const metaRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/builds/meta/")) metaRequests.push(request.url());
    });
    await open(page, "/");
    await page.clock.runFor(5_000);
    expect(metaRequests).toEqual([]);
  });
});

test.describe("a page's code fails to load after a deployment", () => {
  const failed = (page: Page) => page.getByRole("alert").filter({ hasText: "This page could not be loaded, probably because the shop was just updated." });

  test.beforeEach(async ({ page }) => {
    // The guard reads Date.now(): a fixed clock keeps both failures inside its 10 s however slow the machine.
    await page.clock.setFixedTime(new Date("2026-11-21T12:00:00Z"));
    await page.route(/\/assets\/grip-size-[^/]*\.js$/, (route) => route.abort());
  });

  test("following a link reloads once onto the page asked for, and a second failure there says so instead of looping", async ({ page }) => {
    await open(page, "/");
    const counter = countReloads(page);

    const reloaded = page.waitForEvent("load");
    await page.getByRole("main").getByRole("link", { name: "Choose grip & size" }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/GripSize$/);
    await expect(failed(page)).toBeVisible();
    // The page still works without its code: its form posts. And it stays put.
    await expect(page.getByRole("radio", { name: "8.25″" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(counter.reloads).toBe(1);
    await expect(page).toHaveURL(/\/GripSize$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/); // the page the buyer came from is still one step back
  });

  test("hovering a link to that page reloads nothing", async ({ page }) => {
    await open(page, "/");
    const counter = countReloads(page);
    const prefetchFailed = page.waitForEvent("requestfailed", (request) => /grip-size/.test(request.url()));
    await page.getByRole("main").getByRole("link", { name: "Choose grip & size" }).hover();
    await prefetchFailed;
    await page.waitForTimeout(500);
    expect(counter.reloads).toBe(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(failed(page)).toHaveCount(0);
  });

  test.describe("in German", () => {
    test.use({ locale: "de-DE" });
    test("a page opened whole whose code fails reloads once, then says so in the page's language", async ({ page }) => {
      // Document requests, not load events: the reload can cut the first load short, before its load event.
      const documentLoads: string[] = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads.push(request.url());
      });
      await page.goto("/GripSize");
      await expect(page.getByRole("alert")).toContainText("Diese Seite konnte nicht geladen werden, wahrscheinlich weil der Shop gerade aktualisiert wurde.");
      await page.waitForTimeout(500);
      expect(documentLoads).toHaveLength(2); // the first load and one reload
    });
  });
});

test("build files are served with the right caching", async ({ request }) => {
  const latest = await request.get("/builds/latest.json");
  expect(latest.headers()["cache-control"]).toBe("no-store");
  const { id } = await latest.json();
  expect(id).toMatch(/^[0-9a-f]{8}$/);
  const meta = await request.get(`/builds/meta/${id}.json`);
  expect(meta.status()).toBe(200);
  expect(meta.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/builds/meta/00000000.json")).status()).toBe(404);
});

test("prerendered pages are served with their data payloads beside them", async ({ request }) => {
  const editor = await request.get("/editor");
  expect(editor.status()).toBe(200);
  expect(editor.headers()["cache-control"]).toBe("no-cache");
  expect(await editor.text()).toContain("Design your deck");
  const payload = await request.get("/editor.data");
  expect(payload.status()).toBe(200);
  // "no-cache" means revalidate: an unchanged page answers 304.
  const again = await request.get("/editor", { headers: { "If-None-Match": editor.headers()["etag"] ?? "" } });
  expect(again.status()).toBe(304);
});

test("stylesheets are asked for first, and the scripts only once the page is painted (prerendered and rendered pages)", async ({ page, request }) => {
  for (const path of ["/", "/Login"]) {
    const response = await request.get(path);
    const html = await response.text();
    const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/app-[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet, path).toBeTruthy();
    expect(response.headers()["link"], path).toContain(`<${stylesheet}>; rel=preload; as=style`);
    expect(html, path).not.toContain('rel="modulepreload"');

    await page.goto(path);
    const scriptStarts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      );
    await expect.poll(async () => (await scriptStarts()).length, { message: path }).toBeGreaterThan(5);
    const firstPaint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
    expect(firstPaint, path).toBeGreaterThan(0);
    expect(Math.min(...(await scriptStarts())), path).toBeGreaterThanOrEqual(firstPaint ?? Infinity);
  }
});
