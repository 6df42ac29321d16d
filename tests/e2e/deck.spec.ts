import { expect, test, type Route } from "@playwright/test";
import { expectNoAxeViolations, guestEmail, open, seedOrder } from "./helpers.ts";

test("ticking 'Apply black grip tape' on GripSize turns the deck over to its black grip", async ({ page }) => {
  await seedOrder(page, { size: 8.5, grip: false });
  await open(page, "/GripSize");
  const deck = page.locator(".deck-viewer").getByRole("img");
  const sides = page.getByRole("group", { name: "Deck side shown" });
  // The bottom with the buyer's graphic first.
  await expect(deck).toHaveAttribute("data-surface", "graphic");
  await expect(sides.getByRole("button", { name: "Bottom (your graphic)" })).toHaveAttribute("aria-pressed", "true");

  await page.getByLabel("Apply black grip tape").check();
  await expect(page.locator(".deck-viewer").getByRole("img", { name: "Custom skateboard deck, 8.5″ wide, top side: black grip tape" })).toBeVisible();
  await expect(deck).toHaveAttribute("data-surface", "grip");
  await expect(sides.getByRole("button", { name: "Top (grip side)" })).toHaveAttribute("aria-pressed", "true");
  // The top has no graphic on it, and nothing tints the graphic any more.
  await expect(deck.locator("text, image")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel("Apply black grip tape").uncheck();
  await expect(deck).toHaveAttribute("data-surface", "maple");
  await sides.getByRole("button", { name: "Bottom (your graphic)" }).click();
  await expect(deck).toHaveAttribute("data-surface", "graphic");
});

test("the summary's deck keeps its box while its drawing loads: nothing beside it moves", async ({ page }) => {
  await seedOrder(page, { size: 8.25, grip: true });
  // Hold the deck drawing's chunk until the summary has been shown without it.
  const held: Route[] = [];
  await page.route(/\/assets\/deck-preview-[^/]*\.js$/, (route) => void held.push(route));
  await open(page, "/Login");
  await guestEmail(page).fill("erika@example.com");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await expect(page).toHaveURL(/\/Shipping$/);

  const summary = page.getByRole("region", { name: "Your order" });
  const thumb = summary.getByTestId("deck-thumb");
  const width = summary.getByText("Width", { exact: true });
  await expect(thumb.locator(".deck-thumb__placeholder")).toBeVisible();
  await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  // From here on, every layout shift (the page itself has been drawn) is the drawing's arrival.
  await page.evaluate(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: "layout-shift" });
  });
  const before = { thumb: await thumb.boundingBox(), width: await width.boundingBox() };
  expect(before.thumb!.height).toBeGreaterThan(100);

  for (const route of held.splice(0)) await route.continue();
  await page.unroute(/\/assets\/deck-preview-[^/]*\.js$/);
  await expect(thumb.getByRole("img")).toHaveCount(2); // the bottom, and the grip top beside it
  await expect(thumb.getByRole("img", { name: /top side: black grip tape/ })).toBeVisible();
  expect({ thumb: await thumb.boundingBox(), width: await width.boundingBox() }).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
  await expectNoAxeViolations(page);
});

test("the start page shows an example graphic until the buyer has made one, then theirs", async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await open(visitor, "/");
  const start = visitor.locator(".home__deck");
  await expect(start.getByRole("img", { name: "Custom skateboard deck, with the text “MADE BY YOU” and the stickers: skateboard, fire" })).toBeVisible();
  await expect(start.getByText("An example: your graphic can be anything.")).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.context().close();

  const buyer = await (await browser.newContext()).newPage();
  const text = { id: "t1", kind: "text", text: "Grace", font: "inter", fontSize: 40, color: "#000000", align: "center", x: 98, y: 400, rotation: 0 };
  await seedOrder(buyer, { design: { background: "#5fbb97", layers: [text] } });
  await open(buyer, "/");
  const own = buyer.locator(".home__deck");
  await expect(own.getByRole("img", { name: "Custom skateboard deck, with the text “Grace”" })).toBeVisible();
  await expect(own.getByText("Your design, as you left it in the editor.")).toBeVisible();
  await buyer.context().close();
});

test("on the start page Tab goes through the offer before the deck's switch, as a phone shows them", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  await page.getByRole("link", { name: "Design yours" }).focus();
  const order: string[] = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    order.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
  }
  expect(order).toEqual(["Choose grip & size", "no returns for a change of mind", "Bottom (your graphic)", "Top (grip side)"]);
});
