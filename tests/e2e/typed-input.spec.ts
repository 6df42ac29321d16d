import { expect, test, type Page } from "@playwright/test";
import { completeOrder, guestEmail, optionsAndContact, seedOrder, shippingForm, waitForHydration } from "./helpers.ts";

/**
 * A page that has not finished loading is still a page a buyer uses. These load each form with its scripts held
 * back, type at once into the server-rendered fields, let the scripts arrive, and expect every character kept
 * through hydration and the order store's first update.
 */
const SCRIPT_DELAY_MS = 1500;

async function openWithLateScripts(page: Page, path: string): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: wait only for the response, then for the field itself.
  await page.goto(path, { waitUntil: "commit" });
}

async function expectHydratedAndSettled(page: Page): Promise<void> {
  await waitForHydration(page);
  // The order store reads session storage right after hydration; give that update and its effects a moment.
  await page.waitForTimeout(500);
}

/** Opens `path` with its scripts held back, fills each field (by its exact label) at once, then lets them arrive. */
async function fillBeforeScripts(page: Page, path: string, values: Record<string, string>): Promise<void> {
  await openWithLateScripts(page, path);
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await expectHydratedAndSettled(page);
}

test("Shipping keeps what was typed before its scripts arrived", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  await openWithLateScripts(page, "/Shipping");
  const form = shippingForm(page);
  await form.name.fill("Erika Mustermann");
  await form.address.fill("Heidestraße 17");
  await form.postalcode.fill("51147");
  await form.city.fill("Köln");
  await expectHydratedAndSettled(page);

  await expect(form.name).toHaveValue("Erika Mustermann");
  await expect(form.address).toHaveValue("Heidestraße 17");
  await expect(form.postalcode).toHaveValue("51147");
  await expect(form.city).toHaveValue("Köln");
  // Kept in the order too: typing on after hydration and a reload still find it.
  await form.city.press("End");
  await form.city.pressSequentially("-Porz");
  await expect(form.city).toHaveValue("Köln-Porz");
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.reload();
  await waitForHydration(page);
  await expect(form.name).toHaveValue("Erika Mustermann");
  await expect(form.city).toHaveValue("Köln-Porz");
});

test("German Shipping keeps what was typed before its scripts arrived", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await seedOrder(page, optionsAndContact);
  await fillBeforeScripts(page, "/Shipping", {
    "Vor- und Nachname": "Erika Mustermann",
    "Straße und Hausnummer": "Heidestraße 17",
    Postleitzahl: "51147",
    Ort: "Köln",
  });
  await expect(page.getByLabel("Vor- und Nachname")).toHaveValue("Erika Mustermann");
  await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Heidestraße 17");
  await expect(page.getByLabel("Postleitzahl")).toHaveValue("51147");
  await expect(page.getByLabel("Ort", { exact: true })).toHaveValue("Köln");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Versand");
  await context.close();
});

test("Login keeps a guest's e-mail typed before the scripts arrived", async ({ page }) => {
  await seedOrder(page, { size: 8.25, grip: false });
  await openWithLateScripts(page, "/Login");
  await guestEmail(page).fill("erika@example.com");
  await expectHydratedAndSettled(page);
  await expect(guestEmail(page)).toHaveValue("erika@example.com");
});

test("the withdrawal form keeps what was typed before its scripts arrived", async ({ page }) => {
  await fillBeforeScripts(page, "/withdraw?order=DS-7K3F9Q2A", {
    "Full name": "Erika Mustermann",
    "E-mail address of the order": "erika@example.com",
  });
  await expect(page.getByLabel("Full name")).toHaveValue("Erika Mustermann");
  await expect(page.getByLabel("Order number")).toHaveValue("DS-7K3F9Q2A");
  await expect(page.getByLabel("E-mail address of the order")).toHaveValue("erika@example.com");
});

test("Payment keeps the card fields typed before the scripts arrived", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await fillBeforeScripts(page, "/Payment", { "Card number": "4242 4242 4242 4242", "Name on card": "Erika Mustermann" });
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("Name on card")).toHaveValue("Erika Mustermann");
  // The live preview follows what was given back.
  await expect(page.getByRole("img", { name: /^Card preview/ })).toHaveAccessibleName("Card preview: Visa ending in 4242");
});

test("Payment turns the card over for a security code entered before the scripts arrived", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await fillBeforeScripts(page, "/Payment", { "Card number": "3782 822463 10005", "Security code": "1234" });
  await expect(page.getByLabel("Security code")).toBeFocused();
  const card = page.getByRole("img", { name: /^Card preview/ });
  await expect(card).toHaveAttribute("data-flipped", "true");
  await expect(card.locator(".card-preview__brand--back")).toHaveText("AMEX");
});

test("the editor's tools wait for the scripts, and keep the text typed as soon as they arrive", async ({ page }) => {
  await openWithLateScripts(page, "/editor");
  const addText = page.getByRole("button", { name: "Add text" });
  // Server-rendered, it cannot add anything yet: it says so instead of taking a click that would be lost.
  await expect(addText).toBeDisabled();
  await addText.click();
  const field = page.getByRole("textbox", { name: "Text", exact: true });
  await expect(field).toBeFocused();
  await field.fill("Skate or die");
  await expectHydratedAndSettled(page);
  await expect(field).toHaveValue("Skate or die");
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Layers, front to back" }).getByRole("listitem")).toHaveText([
    "Text “Skate or die”",
  ]);
});

test("buttons that only the scripts can serve are disabled until they arrive, on the start page and /Example", async ({ page }) => {
  await openWithLateScripts(page, "/");
  const topSide = page.getByRole("button", { name: "Top (grip side)" });
  await expect(topSide).toBeDisabled();
  await expectHydratedAndSettled(page);
  await topSide.click();
  await expect(page.locator(".home__deck").getByRole("img")).toHaveAttribute("data-side", "top");

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await openWithLateScripts(page, "/Example");
  const check = page.getByRole("button", { name: "Check card details" });
  const chooseEmoji = page.getByRole("button", { name: "Choose emoji" });
  const category = page.getByRole("toolbar", { name: "Emoji categories" }).getByRole("button").first();
  for (const button of [check, chooseEmoji, category]) await expect(button).toBeDisabled();
  await expectHydratedAndSettled(page);
  for (const button of [check, chooseEmoji, category]) await expect(button).toBeEnabled();
  await chooseEmoji.click();
  await expect(page.getByRole("dialog", { name: "Emoji for Message" })).toBeVisible();
});
