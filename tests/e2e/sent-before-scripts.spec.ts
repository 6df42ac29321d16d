import { expect, test, type Page } from "@playwright/test";
import {
  completeOrder,
  expectFieldError,
  expectNoAxeViolations,
  fillCard,
  optionsAndContact,
  ORDER_STORAGE_KEY,
  payButton,
  seedOrder,
  shippingForm,
  waitForHydration,
} from "./helpers.ts";

/**
 * A buyer quick with autofill on a slow phone sends a step before its page's scripts have arrived: the browser
 * posts the form itself. What was sent must reach the next step (or come back to the refused form), and the tab's
 * draft must have it once the scripts run (D226).
 */

/** Holds every script of the pages loaded from now on until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined); // the page that asked may be gone by now
  });
  return release;
}

/** Fills the Shipping form's fields (its e-mail too: a guest's is not known to the server's page). */
async function fillShipping(page: Page, fields: Partial<Record<"name" | "address" | "postalcode" | "city", string>>) {
  const form = shippingForm(page);
  await form.email.fill("erika@example.com");
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, string][]) await form[key].fill(value);
  return form;
}

async function draftInTab(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "{}"), ORDER_STORAGE_KEY);
}

test("Grip & size sent before the scripts: the width and the grip tape are in the order on the next step", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/GripSize", { waitUntil: "commit" });
  await page.getByRole("radio", { name: "8.5″" }).check();
  await page.getByRole("checkbox", { name: /grip tape/i }).check();
  await page.getByRole("button", { name: "Continue to login" }).click();
  await expect(page).toHaveURL(/\/Login$/);
  release();
  await waitForHydration(page);
  await expect.poll(() => draftInTab(page)).toMatchObject({ size: 8.5, grip: true });
});

test("Shipping sent before the scripts: Payment has the address, and the tab's order keeps it", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  const release = await holdScripts(page);
  await page.goto("/Shipping", { waitUntil: "commit" });
  const form = await fillShipping(page, { name: "Erika Mustermann", address: "Heidestraße 17", postalcode: "51147", city: "Köln" });
  await form.submit.click();
  await expect(page).toHaveURL(/\/Payment$/);
  // Before the scripts, the server's page already says where the deck goes.
  await expect(page.getByTestId("ship-to")).toContainText("Erika Mustermann");
  release();
  await waitForHydration(page);
  await expect(page.getByTestId("ship-to")).toContainText("51147 Köln");
  await expect(page).toHaveURL(/\/Payment$/); // the step rules found the address: no way back to Shipping
  expect(await draftInTab(page)).toMatchObject({ name: "Erika Mustermann", city: "Köln", size: 8.25 });
  // Given once: a reload reads the tab's draft, and the server carries nothing any more.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("ship-to")).toContainText("Erika Mustermann");
});

test("Shipping refused before the scripts: the page comes back with what was typed and says what is missing", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  const release = await holdScripts(page);
  await page.goto("/Shipping", { waitUntil: "commit" });
  const form = await fillShipping(page, { name: "Erika Mustermann", postalcode: "5114" });
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await form.submit.click();
  expect((await answer).status()).toBe(400);
  // Still without scripts: the server's page has the fields as sent, and the messages at them.
  await expect(form.name).toHaveValue("Erika Mustermann");
  await expect(form.postalcode).toHaveValue("5114");
  await expectFieldError(form.address, "Enter your street and house number");
  release();
  await waitForHydration(page);
  await expect(form.name).toHaveValue("Erika Mustermann");
  await expect(form.postalcode).toHaveValue("5114");
  await expectNoAxeViolations(page);

  await form.address.fill("Heidestraße 17");
  await form.postalcode.fill("51147");
  await form.city.fill("Köln");
  await form.submit.click();
  await expect(page).toHaveURL(/\/Payment$/);
  await expect(page.getByTestId("ship-to")).toContainText("Erika Mustermann");
});

test("Shipping sent before the scripts without the e-mail given at Login: the message goes once the tab's draft fills it in", async ({ page }) => {
  await seedOrder(page, optionsAndContact); // the guest's e-mail is in the tab only
  const release = await holdScripts(page);
  await page.goto("/Shipping", { waitUntil: "commit" });
  const form = shippingForm(page);
  await expect(form.email).toHaveValue(""); // the server's page cannot know it
  for (const [field, value] of [[form.name, "Erika Mustermann"], [form.address, "Heidestraße 17"], [form.postalcode, "51147"], [form.city, "Köln"]] as const) {
    await field.fill(value);
  }
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await form.submit.click();
  expect((await answer).status()).toBe(400);
  await expectFieldError(form.email, "Enter your e-mail address");
  release();
  await waitForHydration(page);
  await expect(form.email).toHaveValue(optionsAndContact.contact);
  await expect(page.getByText("Enter your e-mail address")).toHaveCount(0);
  await expect(form.city).toHaveValue("Köln");
  await form.submit.click();
  await expect(page).toHaveURL(/\/Payment$/);
  await expect(page.getByTestId("ship-to")).toContainText("51147 Köln");
});

test("a guest's e-mail sent before the scripts reaches Shipping", async ({ page }) => {
  await seedOrder(page, { size: 8, grip: false });
  const release = await holdScripts(page);
  await page.goto("/Login", { waitUntil: "commit" });
  const guest = page.getByRole("region", { name: "Continue as guest" });
  await guest.getByLabel("E-mail").fill("quick@example.com");
  await guest.getByRole("button").click();
  await expect(page).toHaveURL(/\/Shipping$/);
  release();
  await waitForHydration(page);
  await expect.poll(() => draftInTab(page)).toMatchObject({ contact: "quick@example.com", size: 8 });
});

test("Payment's Buy now waits for the scripts: the order it sends is in the tab", async ({ page }) => {
  await seedOrder(page, completeOrder);
  const release = await holdScripts(page);
  await page.goto("/Payment", { waitUntil: "commit" });
  const buyNow = page.getByRole("button", { name: "Buy now" });
  await expect(buyNow).toBeDisabled();
  // Disabled with a reason: the hint is the button's description until the scripts run.
  const hint = "Getting the payment ready… What you have typed stays.";
  await expect(buyNow).toHaveAccessibleDescription(hint);
  await expect(page.getByText(hint)).toBeVisible();
  release();
  await waitForHydration(page);
  await expect(buyNow).toBeEnabled();
  await expect(page.getByText(hint)).toHaveCount(0);
});

test.describe("a browser without any scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("buys a plain deck through every step, and a declined card comes back with the order kept (D235)", async ({ page }) => {
    await page.goto("/editor");
    // (Playwright's text locators skip <noscript>, whose content this browser shows: found by its class instead.)
    const note = page.locator(".editor__tools noscript .editor-note");
    await expect(note).toBeVisible();
    await expect(note).toHaveText(/^Designing needs JavaScript, which this browser has switched off\./);
    await page.getByRole("link", { name: "Choose grip & size" }).click();
    await expect(page).toHaveURL(/\/GripSize$/);
    await page.getByRole("radio", { name: "8.5″" }).check();
    await page.getByRole("button", { name: "Continue to login" }).click();
    await expect(page).toHaveURL(/\/Login$/);
    const guest = page.getByRole("region", { name: "Continue as guest" });
    await guest.getByLabel("E-mail").fill("erika@example.com");
    await guest.getByRole("button", { name: "Continue as guest" }).click();
    await expect(page).toHaveURL(/\/Shipping$/);
    // The width chosen two steps back is still the order's, and the e-mail given at Login is where updates go.
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary).toContainText("8.5″");
    await expect(page.getByText("Order updates go to erika@example.com.")).toBeVisible();
    const form = shippingForm(page);
    await form.name.fill("Erika Mustermann");
    await form.address.fill("Heidestraße 17");
    await form.postalcode.fill("51147");
    await form.city.fill("Köln");
    await form.submit.click();
    await expect(page).toHaveURL(/\/Payment$/);
    // (No axe check: it runs as a script in the page, which this browser refuses. The page with scripts has one.)
    await expect(summary).toContainText("8.5″");

    // The button that needs scripts is hidden; the page's own works.
    await expect(payButton(page)).toHaveCount(1);
    await expect(payButton(page)).toBeEnabled();
    await fillCard(page, "4000 0000 0000 0002");
    await payButton(page).click();
    await expect(page).toHaveURL(/\/Payment$/);
    await expect(page.getByText("Your card was declined. Try another card.")).toBeVisible();
    await expect(page.getByTestId("ship-to")).toContainText("Heidestraße 17");

    await fillCard(page);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/thank/i);
    await expect(page.getByText("Heidestraße 17")).toBeVisible();
  });

  test("goes back to an earlier step and switches the language with what was entered kept (D240)", async ({ page }) => {
    await page.goto("/GripSize");
    await page.getByRole("radio", { name: "8.5″" }).check();
    await page.getByRole("button", { name: "Continue to login" }).click();
    const guest = page.getByRole("region", { name: "Continue as guest" });
    await guest.getByLabel("E-mail").fill("erika@example.com");
    await guest.getByRole("button", { name: "Continue as guest" }).click();
    const form = shippingForm(page);
    await form.name.fill("Erika Mustermann");
    await form.address.fill("Heidestraße 17");
    await form.postalcode.fill("51147");
    await form.city.fill("Köln");
    await form.submit.click();
    await expect(page).toHaveURL(/\/Payment$/);

    // "Change shipping address" opens Shipping with the address in its fields, not an empty form.
    await page.getByRole("button", { name: "Change shipping address" }).click();
    await expect(page).toHaveURL(/\/Shipping$/);
    await expect(form.name).toHaveValue("Erika Mustermann");
    await expect(form.city).toHaveValue("Köln");
    await expect(page.getByText("Order updates go to erika@example.com.")).toBeVisible();

    // The step bar's earlier step keeps the width chosen there.
    await page.getByRole("navigation", { name: "Checkout steps" }).getByRole("button", { name: "Grip & size" }).click();
    await expect(page).toHaveURL(/\/GripSize$/);
    await expect(page.getByRole("radio", { name: "8.5″" })).toBeChecked();
    await page.getByRole("button", { name: "Continue to login" }).click();
    await guest.getByRole("button", { name: "Continue as guest" }).click();
    await expect(form.address).toHaveValue("Heidestraße 17");

    // The language switch comes back to the page with its order.
    await form.submit.click();
    await expect(page).toHaveURL(/\/Payment$/);
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/Payment$/);
    await expect(page.getByTestId("ship-to")).toContainText("Heidestraße 17");
    // In German: the width written the German way, the order's width kept.
    await expect(page.getByRole("complementary")).toContainText("8,5″");
  });
});
