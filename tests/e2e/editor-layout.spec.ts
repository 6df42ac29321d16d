import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, open, ORDER_STORAGE_KEY, seedOrder } from "./helpers.ts";

/**
 * The editor on a phone and on a laptop: the deck and what the buyer needs next to it (the tools that add layers,
 * the price, the next step) in sight together without scrolling; the deck still in sight after scrolling the
 * tools; new layers side by side, not stacked; and the sticker picker inside the screen.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

function canvas(page: Page): Locator {
  return page.getByRole("group", { name: /^Design canvas/ });
}

/** The element's box lies wholly inside the window (what the buyer sees without scrolling). */
async function expectInViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: not laid out`);
  expect.soft(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height + 0.5);
}

async function expectEditorInSight(page: Page) {
  await expectInViewport(page, canvas(page), "the deck");
  await expectInViewport(page, page.getByRole("button", { name: "Add text" }), "Add text");
  await expectInViewport(page, page.getByRole("button", { name: "Add sticker" }), "Add sticker");
  await expectInViewport(page, page.getByText(/^€\d+\.\d\d$/), "the price");
  await expectInViewport(page, page.getByRole("link", { name: "Choose grip & size" }), "Choose grip & size");
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
}

for (const viewport of [PHONE, LAPTOP]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("shows the deck, the add buttons, the price and the next step at once", async ({ page }) => {
      await open(page, "/editor");
      await expect(page.getByRole("heading", { level: 1, name: "Design your deck" })).toBeVisible();
      await expect(page.locator(".editor-summary__price")).toContainText("From €59.00");
      await expectEditorInSight(page);
      await expectNoAxeViolations(page);
    });

    test("adds a text and a sticker side by side, both in sight with the tools", async ({ page }) => {
      await open(page, "/editor");
      await page.getByRole("button", { name: "Add text" }).click();
      await page.getByRole("textbox", { name: "Text", exact: true }).fill("Skate or die");
      await page.getByRole("button", { name: "Add sticker" }).click();
      const picker = page.getByRole("dialog", { name: "Choose a sticker" });
      await picker.getByRole("searchbox", { name: "Search emoji" }).fill("fire");
      await picker.getByRole("gridcell").getByRole("button", { name: "fire", exact: true }).click();
      await expect(picker).toBeHidden();

      const text = canvas(page).getByRole("button", { name: /^Text “Skate or die”, layer 1 of 2$/ });
      const sticker = canvas(page).getByRole("button", { name: /^Sticker: fire, layer 2 of 2$/ });
      // Each layer's own box (not the selection handles), on screen, apart.
      const textBox = await text.locator(".editor-layer__hit").boundingBox();
      const stickerBox = await sticker.locator(".editor-layer__hit").boundingBox();
      expect(textBox && stickerBox).toBeTruthy();
      expect(overlaps(textBox as Box, stickerBox as Box), "the sticker covers the text").toBe(false);
      // And in the saved design: the boxes the print file uses do not overlap either.
      const layers = await page.evaluate(
        (key) => JSON.parse(sessionStorage.getItem(key) ?? "{}").design?.layers ?? [],
        ORDER_STORAGE_KEY,
      );
      expect(layers).toMatchObject([{ kind: "text", rotation: -90 }, { kind: "emoji" }]);
      // Both inside the safe zone: nothing flagged.
      await expect(canvas(page).locator(".editor-flag")).toHaveCount(0);
      await expectInViewport(page, sticker.locator(".editor-layer__hit"), "the new sticker");
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("keeps the deck in sight while the buyer scrolls the tools", async ({ page }) => {
    await open(page, "/editor");
    await page.getByRole("button", { name: "Add text" }).click();
    await expect(page.getByRole("textbox", { name: "Text", exact: true })).toBeFocused();
    // The tools run far below the screen; scroll to their end (the shortcut list).
    const help = page.getByText("Keyboard shortcuts");
    await help.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expectInViewport(page, canvas(page), "the deck after scrolling");
    await expectInViewport(page, page.getByRole("link", { name: "Choose grip & size" }), "the next step");
    await expectInViewport(page, help, "the end of the tools");
    // What is in sight is the deck itself, not something drawn over it.
    const box = (await canvas(page).boundingBox()) as Box;
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("svg")?.getAttribute("aria-label") ?? "",
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toMatch(/^Design canvas/);
  });
});

for (const width of [320, 390, 768, 1280]) {
  test(`no sideways scrolling at ${width} px wide, with a text selected and with the sticker picker open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await open(page, "/editor");
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    // With a text selected, its controls open among the tools.
    await page.getByRole("button", { name: "Add text" }).click();
    await page.getByRole("textbox", { name: "Text", exact: true }).fill("Skate or die");
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await page.getByRole("button", { name: "Add sticker" }).click();
    const picker = page.getByRole("dialog", { name: "Choose a sticker" });
    await expect(picker.getByRole("searchbox", { name: "Search emoji" })).toBeVisible();
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    const box = (await picker.boundingBox()) as Box;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
}

test("prices the deck as chosen once grip and size are chosen", async ({ page }) => {
  await seedOrder(page, { size: 8.5, grip: true });
  await open(page, "/editor");
  // The one pricing function: €59.00 deck, +€3.00 from 8.5″, +€9.00 grip tape.
  await expect(page.locator(".editor-summary__price")).toContainText("Your 8.5″ deck with grip €71.00");
  await expect(page.getByText("Shown true to scale, 8.5″ wide.", { exact: false })).toBeVisible();
});
