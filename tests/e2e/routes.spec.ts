import { expect, test } from "@playwright/test";
import { completeOrder, expectLayout, expectNoAxeViolations, open, pages, seedOrder, waitForHydration } from "./helpers.ts";

test.describe("routes", () => {
  for (const { path, heading } of pages) {
    test(`${path} shows "${heading}" inside the layout`, async ({ page }) => {
      await seedOrder(page, completeOrder); // /Shipping and /Payment need the earlier steps done
      await open(page, path);
      await expectLayout(page, heading);
      await expect(page).toHaveTitle(/^.+ · Deck Studio$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w{3,}/);
    });
  }

  test("paths match case-insensitively: /gripsize is the GripSize page", async ({ page }) => {
    await open(page, "/gripsize");
    await expectLayout(page, "Choose grip and size");
    await expect(page).toHaveURL(/\/gripsize$/);
  });

  test("the header's links navigate between pages", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Grip & size" }).click();
    await expect(page).toHaveURL(/\/GripSize$/);
    await expectLayout(page, "Choose grip and size");
    await page.getByRole("banner").getByRole("link", { name: "Deck Studio", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectLayout(page, "Custom skateboard deck");
  });
});

test.describe("unknown paths", () => {
  test("answer 404 with the 404 page inside the layout", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expectLayout(page, "Page Not Found");
    await expect(page).toHaveTitle("Page Not Found · Deck Studio");
    const main = page.getByRole("main");
    await expect(main.getByText("404", { exact: true })).toBeVisible();
    await expect(main.getByText("Page not found: /no-such-page", { exact: true })).toBeVisible();
  });

  test("a file that is not there (an invoice with a wrong token) is the 404 page too, not a JSON string", async ({ page }) => {
    const path = "/orders/00000000-0000-4000-8000-000000000000/invoice";
    const response = await page.goto(`${path}?token=forged`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
    await expect(page).toHaveTitle("Page Not Found · Deck Studio");
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText(`Page not found: ${path}`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to the start page" }).click();
    await expect(page).toHaveURL("/");
  });

  test("an order's link opened signed out and without a token asks to sign in, and comes back to the order", async ({ page }) => {
    const path = "/orders/00000000-0000-4000-8000-000000000000";
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`/account?next=${encodeURIComponent(path)}`);
    await expect(page.getByText("Sign in to see this order. It is kept in your account.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Checkout steps" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("nested unknown paths name the full path", async ({ page }) => {
    const response = await page.goto("/GripSize/extra");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page not found: /GripSize/extra", { exact: true })).toBeVisible();
  });

  test("the 404 page leads back into the shop", async ({ page }) => {
    await page.goto("/no-such-page");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Go to the start page" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectLayout(page, "Custom skateboard deck");
  });
});

test.describe("guest middleware", () => {
  test("/Example renders for a visitor without a session", async ({ page, context }) => {
    expect(await context.cookies()).toEqual([]);
    await open(page, "/Example");
    await expect(page).toHaveURL(/\/Example$/);
    await expectLayout(page, "Example");
  });

  test("/Example renders for a visitor whose session cookie is forged", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "__session", value: "forged.value", url: baseURL! }]);
    await open(page, "/Example");
    await expect(page).toHaveURL(/\/Example$/);
    await expectLayout(page, "Example");
  });
});

test("/healthz answers 200 with JSON status ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("search engines get robots.txt, a sitemap whose pages all answer 200, and the deck as a schema.org Product", async ({ page, request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(await robots.text())?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const sitemap = await request.get(sitemapUrl!);
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(locs.length).toBeGreaterThan(5);
  for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);

  await open(page, "/");
  const product = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(product).toMatchObject({ "@type": "Product", name: "Custom skateboard deck", offers: { priceCurrency: "EUR", availability: "https://schema.org/MadeToOrder" } });
  // The price search engines are told is the one the page shows as "from".
  await expect(page.locator(".price strong")).toHaveText(`€${product.offers.price}`);
});

test("/account signed out is a sign-in page of its own: no checkout steps, no guest option", async ({ page }) => {
  await open(page, "/account");
  await expectLayout(page, "Your account");
  await expect(page.getByRole("navigation", { name: "Checkout steps" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue as guest" })).toHaveCount(0);
  await page.getByLabel("E-mail").fill("nobody@example.com");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("The e-mail address or the password is not right.");
  // The focus is on the message (a keyboard or screen-reader user is taken to it), not left on the button.
  await expect(page.locator(":focus")).toContainText("The e-mail address or the password is not right.");
  await expect(page).toHaveURL(/\/account$/);
  await expectNoAxeViolations(page);
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`the start page's offer is on the first screen at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page, "/");
    const firstScreen = [
      page.getByRole("heading", { level: 1, name: "Custom skateboard deck" }),
      page.getByText("7 plies of Canadian maple"),
      page.getByText(/printed edge to edge/),
      page.getByText("From €59.00"),
      page.getByText(/Made to order: printed for you and shipped within 5 working days/),
      page.getByRole("link", { name: "Design yours" }),
    ];
    for (const element of firstScreen) {
      const box = await element.boundingBox();
      expect(box, String(element)).not.toBeNull();
      expect(box!.y + box!.height, String(element)).toBeLessThanOrEqual(viewport.height);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // Returns, said before the buyer designs: made to order, so no withdrawal; the warranty for damage.
    await expect(page.getByText(/covered by the statutory warranty/)).toBeVisible();
    await expect(page.getByRole("link", { name: "no returns for a change of mind" })).toHaveAttribute("href", "/legal/withdrawal");
  });
}
