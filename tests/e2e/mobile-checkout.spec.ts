import { expect, test, type Locator, type Page } from "@playwright/test";
import { completeOrder, nextYear, open, seedOrder } from "./helpers.ts";

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };

const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });
/** The disclosure's toggle (a `<summary>`), and the words it shows closed and open. */
const toggle = (page: Page) => summary(page).locator("summary");
const showLabel = (page: Page) => toggle(page).getByText("Show order summary", { exact: true });
const hideLabel = (page: Page) => toggle(page).getByText("Hide order summary", { exact: true });
const totalRow = (page: Page) => summary(page).getByRole("row", { name: "Total" });

/** The element's box lies inside the viewport (all of it). */
async function expectInViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom edge on screen`).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box!.x + box!.width, `${what}: right edge on screen`).toBeLessThanOrEqual(viewport.width + 0.5);
  return box!;
}

for (const path of ["/Shipping", "/Payment"]) {
  test(`${path} on a phone: the total is at the top, the summary opens and closes`, async ({ page }) => {
    await page.setViewportSize(phone);
    await seedOrder(page, completeOrder);
    await open(page, path);
    const heading = page.getByRole("heading", { level: 1 });

    // Closed: one line above the page's heading, with the total, on the first screen.
    await expect(showLabel(page)).toBeVisible();
    await expect(hideLabel(page)).toBeHidden();
    const toggleBox = await expectInViewport(page, toggle(page), "the summary's toggle");
    const total = summary(page).getByTestId("summary-toggle-total");
    await expect(total).toHaveText("Total €63.90");
    await expectInViewport(page, total, "the total");
    expect(toggleBox.y).toBeLessThan((await heading.boundingBox())!.y);
    await expect(totalRow(page)).toBeHidden();

    await toggle(page).click();
    await expect(hideLabel(page)).toBeVisible();
    await expect(showLabel(page)).toBeHidden();
    await expect(totalRow(page)).toBeVisible();
    await expect(summary(page).getByRole("row", { name: "Shipping to Germany" })).toBeVisible();
    await toggle(page).click();
    await expect(totalRow(page)).toBeHidden();
  });

  test(`${path} on a laptop: the summary is an open side column, no toggle`, async ({ page }) => {
    await page.setViewportSize(laptop);
    await seedOrder(page, completeOrder);
    await open(page, path);
    await expect(totalRow(page)).toBeVisible();
    await expect(toggle(page)).toBeHidden();
    const column = (await summary(page).boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(column.x).toBeGreaterThan(heading.x + heading.width);
    await expectInViewport(page, totalRow(page), "the total");
  });
}

test("the summary works without scripts: closed on a phone, opened by its toggle", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await page.goto("/Shipping");
  await expect(toggle(page)).toBeVisible();
  await expect(totalRow(page)).toBeHidden();
  await toggle(page).click();
  await expect(totalRow(page)).toBeVisible();
  await context.close();
});

for (const width of [320, 390]) {
  test(`the step indicator fits ${width} px: every step's name is on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await seedOrder(page, completeOrder);
    await open(page, "/Payment");
    const steps = page.getByRole("navigation", { name: "Checkout steps" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps).toHaveText([/Grip & size/, /Login/, /Shipping/, /Payment/]);
    // Each step's text, line by line as laid out, lies within the screen and is not cut by its box.
    const outside = await steps.evaluateAll((items) =>
      items.flatMap((item) => {
        const range = document.createRange();
        range.selectNodeContents(item);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const box = item.getBoundingClientRect();
        return rects
          .filter((rect) => rect.left < 0 || rect.right > innerWidth || rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
          .map((rect) => `${item.textContent}: ${Math.round(rect.left)}–${Math.round(rect.right)} of ${innerWidth}`);
      }),
    );
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

const cardFields = [
  { label: "Card number", text: "4242424242424242", input: "number", area: "number" },
  { label: "Name on card", text: "Erika Mustermann", input: "name", area: "name" },
  { label: "Month (MM)", text: "09", input: "month", area: "date" },
  { label: "Year (YY)", text: nextYear, input: "year", area: "date" },
  { label: "Security code", text: "123", input: "cvv", area: "cvv" },
] as const;

for (const [device, viewport] of [
  ["a phone", phone],
  ["a laptop", laptop],
] as const) {
  test(`on ${device} the card preview stays in view while each card field is typed`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await seedOrder(page, completeOrder);
    await open(page, "/Payment");
    const preview = page.getByRole("img", { name: /^Card preview/ });
    for (const field of cardFields) {
      const input = page.getByLabel(field.label, { exact: true });
      // As a buyer moves through the form: the browser scrolls the focused field into view.
      await input.focus();
      await page.keyboard.type(field.text);
      await expect(preview).toHaveAttribute("data-focused", field.area);
      const previewBox = await expectInViewport(page, preview, `the preview while typing the ${field.label}`);
      const fieldBox = await expectInViewport(page, input, `the ${field.label} field`);
      // Neither hides the other: the field is below the preview, not under it.
      expect(fieldBox.y, `the ${field.label} field is clear of the preview`).toBeGreaterThanOrEqual(previewBox.y + previewBox.height - 0.5);
      await expect(page.locator(":focus")).toHaveAttribute("id", `card-${field.input}`);
    }
    // The security code turned the card over, in view.
    await expect(preview).toHaveAttribute("data-flipped", "true");
    // Going back up (Shift+Tab) keeps the same promise.
    for (const field of [...cardFields].reverse().slice(1)) {
      await page.keyboard.press("Shift+Tab");
      const input = page.getByLabel(field.label, { exact: true });
      await expect(input).toBeFocused();
      const previewBox = await expectInViewport(page, preview, `the preview going back to the ${field.label}`);
      const fieldBox = await expectInViewport(page, input, `the ${field.label} field going back`);
      expect(fieldBox.y).toBeGreaterThanOrEqual(previewBox.y + previewBox.height - 0.5);
    }
  });
}

test("GripSize on a phone: the deck leaves the heading, every width and the grip tape choice on the first screen", async ({ page }) => {
  await page.setViewportSize(phone);
  await open(page, "/GripSize");
  await expectInViewport(page, page.getByRole("img", { name: /deck/i }).first(), "the deck");
  await expectInViewport(page, page.getByRole("heading", { level: 1, name: "Choose grip and size" }), "the heading");
  for (const radio of await page.getByRole("group", { name: "Deck width" }).getByRole("radio").all()) {
    await expectInViewport(page, radio, `the width ${await radio.getAttribute("value")}`);
  }
  await expectInViewport(page, page.getByRole("checkbox", { name: /Apply black grip tape/ }), "the grip tape choice");
});

test("on a phone the header's links and the done steps are at least 24 px to tap, a step's number included", async ({ page }) => {
  await page.setViewportSize(phone);
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  const header = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Design", "Grip & size", "Account"]) {
    const box = (await header.getByRole("link", { name }).boundingBox())!;
    expect(box.height, `${name}: height`).toBeGreaterThanOrEqual(24);
  }
  const steps = page.getByRole("navigation", { name: "Checkout steps" });
  for (const [number, name] of [["1", "Grip & size"], ["2", "Login"], ["3", "Shipping"]] as const) {
    const box = (await steps.getByRole("listitem").filter({ hasText: name }).boundingBox())!;
    expect(box.height, `step ${name}: height`).toBeGreaterThanOrEqual(24);
    // A tap on the step's number lands on its link.
    const numberBox = (await steps.getByText(number, { exact: true }).boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.textContent ?? null,
      [numberBox.x + numberBox.width / 2, numberBox.y + numberBox.height / 2],
    );
    expect(hit, `a tap on step ${number}`).toBe(name);
  }
});
