import { expect, test, type Page } from "@playwright/test";
import { completeOrder, expectFieldError, expectNoAxeViolations, nextYear, open, seedOrder } from "./helpers.ts";

/** The card form on /Payment, by its labels. */
function cardForm(page: Page) {
  return {
    number: page.getByLabel("Card number"),
    name: page.getByLabel("Name on card"),
    month: page.getByLabel("Month (MM)"),
    year: page.getByLabel("Year (YY)"),
    cvv: page.getByLabel("Security code"),
    pay: page.getByRole("button", { name: "Buy now", exact: true }),
  };
}

const preview = (page: Page) => page.getByRole("img", { name: /^Card preview/ });
const previewNumber = (page: Page) => page.getByTestId("card-preview-number");
const caretOf = (page: Page) =>
  page.getByLabel("Card number").evaluate((input: HTMLInputElement) => input.selectionStart);

test.describe("card form and preview on /Payment", () => {
  test.beforeEach(async ({ page }) => {
    await seedOrder(page, completeOrder);
    await open(page, "/Payment");
  });

  test("typing a number groups it by brand, and the card shows it masked", async ({ page }) => {
    const form = cardForm(page);
    await form.number.pressSequentially("4111111111111111");
    await expect(form.number).toHaveValue("4111 1111 1111 1111");
    await expect(previewNumber(page)).toHaveText("4111 **** **** 1111");
    await expect(preview(page)).toHaveAccessibleName("Card preview: Visa ending in 1111");

    await form.number.clear();
    await form.number.pressSequentially("378282246310005");
    await expect(form.number).toHaveValue("3782 822463 10005");
    await expect(preview(page)).toHaveAccessibleName("Card preview: American Express ending in 0005");
  });

  test("editing in the middle keeps the caret after the same digit", async ({ page }) => {
    const form = cardForm(page);
    await form.number.pressSequentially("41111111");
    await expect(form.number).toHaveValue("4111 1111");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowLeft"); // before the space: "4111| 1111"
    await page.keyboard.type("92");
    await expect(form.number).toHaveValue("4111 9211 11");
    expect(await caretOf(page)).toBe(7); // after the 2
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await expect(form.number).toHaveValue("4111 1111");
    expect(await caretOf(page)).toBe(4);
    await page.keyboard.press("ArrowRight"); // after the space
    await page.keyboard.press("Backspace"); // removes the digit before the space, not just the space
    await expect(form.number).toHaveValue("4111 111");
    expect(await caretOf(page)).toBe(3);
  });

  test("a pasted number is regrouped whatever its separators", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const form = cardForm(page);
    await form.number.focus();
    await page.evaluate(() => navigator.clipboard.writeText("5555-5555-5555-4444"));
    await page.keyboard.press("ControlOrMeta+V");
    await expect(form.number).toHaveValue("5555 5555 5555 4444");
    await expect(preview(page)).toHaveAccessibleName("Card preview: Mastercard ending in 4444");

    await form.number.fill("3782.822463.10005");
    await expect(form.number).toHaveValue("3782 822463 10005");
    await expect(previewNumber(page)).toHaveText("3782 ****** *0005");
  });

  test("the card turns over while the security code has focus", async ({ page }) => {
    const form = cardForm(page);
    await expect(preview(page)).toHaveAttribute("data-flipped", "false");
    await form.cvv.focus();
    await expect(preview(page)).toHaveAttribute("data-flipped", "true");
    await page.keyboard.type("737");
    await expect(page.getByTestId("card-preview-cvv")).toHaveText("•••");
    await page.keyboard.press("Shift+Tab");
    await expect(preview(page)).toHaveAttribute("data-flipped", "false");
  });

  test("the highlight follows the focused field and clears after leaving the card fields", async ({ page }) => {
    const form = cardForm(page);
    await form.number.focus();
    await expect(preview(page)).toHaveAttribute("data-focused", "number");
    await page.keyboard.press("Tab");
    await expect(form.name).toBeFocused();
    await expect(preview(page)).toHaveAttribute("data-focused", "name");
    await page.keyboard.press("Tab");
    await expect(preview(page)).toHaveAttribute("data-focused", "date");
    await page.keyboard.press("Tab");
    await expect(form.year).toBeFocused();
    await expect(preview(page)).toHaveAttribute("data-focused", "date");

    await page.getByRole("heading", { level: 1, name: "Payment" }).click();
    await expect(preview(page)).not.toHaveAttribute("data-focused", /./, { timeout: 2_000 });
  });

  test("values show on the card: name with single spaces, two-digit year", async ({ page }) => {
    const form = cardForm(page);
    await form.name.fill("Erika    Mustermann");
    await form.month.fill("04");
    await form.year.fill(`20${nextYear}`);
    await expect(page.getByTestId("card-preview-name")).toHaveText("Erika Mustermann");
    await expect(page.getByTestId("card-preview-expiry")).toHaveText(`04/${nextYear}`);
  });

  test("errors show next to the fields on blur and clear as the buyer corrects them", async ({ page }) => {
    const form = cardForm(page);
    await form.number.pressSequentially("4111111111111112");
    await expect(form.number).not.toHaveAttribute("aria-invalid", "true");
    await page.keyboard.press("Tab");
    await expectFieldError(form.number, "Check the card number for typos");
    await form.number.press("End");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("1");
    await expect(form.number).not.toHaveAttribute("aria-invalid", "true");

    await form.month.fill("01");
    await form.year.fill("20");
    await form.year.blur();
    await expectFieldError(form.year, "The card has expired");

    await form.number.fill("378282246310005");
    await form.cvv.fill("123");
    await form.cvv.blur();
    await expectFieldError(form.cvv, "Enter the 4-digit security code");
  });

  test("paying with empty card details lists what is missing and sends nothing", async ({ page }) => {
    const form = cardForm(page);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await form.pay.click();
    const summary = page.getByRole("alert");
    await expect(summary.getByRole("heading", { name: "Please correct 5 fields" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Name on card: Enter the name on the card" })).toBeVisible();
    await expect(form.number).toBeFocused();
    await expectFieldError(form.name, "Enter the name on the card");
    expect(posted).toBe(false);
    await expectNoAxeViolations(page);
  });

  test("card data stays out of web storage and the address bar", async ({ page }) => {
    const form = cardForm(page);
    await form.number.pressSequentially("4111111111111111");
    await form.name.fill("Zed Cardholder");
    await form.month.fill("04");
    await form.year.fill(nextYear);
    await form.cvv.fill("737");
    await form.cvv.blur();
    await expect(form.cvv).not.toHaveAttribute("aria-invalid", "true");

    const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
    expect(stored).not.toMatch(/4111|1111|737|Cardholder/);
    expect(page.url()).not.toMatch(/[?#]/);
  });

  test("a background is drawn after hydration and the page has no console errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await open(page, "/Payment");
    const art = preview(page).locator(".card-preview__art").first();
    await expect(art).toHaveCSS("background-image", /gradient/);
    expect(errors).toEqual([]);
  });

  test("the card does not animate for buyers who ask for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const inner = preview(page).locator(".card-preview__inner");
    await expect(inner).toHaveCSS("transition-duration", /^0s$|^1e-05s$/);
  });

  test("/Payment with a filled card form has no axe violations", async ({ page }) => {
    const form = cardForm(page);
    await form.number.pressSequentially("4111111111111111");
    await form.name.fill("Erika Mustermann");
    await form.cvv.focus();
    await expect(preview(page)).toHaveAttribute("data-flipped", "true");
    await expectNoAxeViolations(page);
  });
});
