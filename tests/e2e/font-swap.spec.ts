import { expect, test, type Browser } from "@playwright/test";
import { waitForHydration } from "./helpers.ts";

// The shop's web fonts arrive after the first paint on a slow network ("swap"): text first set in the fallback
// must take the same lines, or everything below it moves when they come (Lighthouse counted 0.16 of layout shift
// on the 404 page, from the footer's links wrapping only in the web font).

async function footerLayout(browser: Browser, baseURL: string, path: string, width: number, fonts: boolean) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 823 } });
  const page = await context.newPage();
  if (!fonts) await page.route("**/*.woff2", (route) => route.abort());
  await page.goto(path);
  await waitForHydration(page);
  if (fonts) await page.evaluate(() => document.fonts.ready);
  const boxes = await page.locator("footer.site-footer, footer.site-footer > *").evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().height)),
  );
  await context.close();
  return boxes;
}

for (const width of [320, 390, 412, 768, 1280]) {
  test(`at ${width} px the footer keeps its lines when the web fonts arrive`, async ({ browser, baseURL }) => {
    for (const path of ["/no-such-page", "/admin/login"]) {
      const fallback = await footerLayout(browser, baseURL!, path, width, false);
      const webFont = await footerLayout(browser, baseURL!, path, width, true);
      expect(webFont, path).toEqual(fallback);
    }
  });
}
