import { expect, test, type Page } from "@playwright/test";
import { expectFieldError, expectPriceLine, guestEmail, open, optionsAndContact, reload, seedOrder, shippingForm } from "./helpers.ts";

const price = (page: Page) => page.getByTestId("price");
const widthGroup = (page: Page) => page.getByRole("group", { name: "Deck width" });
const width = (page: Page, label: string) => widthGroup(page).getByRole("radio", { name: label });
const gripTape = (page: Page) => page.getByRole("checkbox", { name: /grip tape/ });

test("a buyer chooses grip and size, checks out as a guest and reaches payment", async ({ page }) => {
  await test.step("grip and size: a width must be chosen", async () => {
    await open(page, "/GripSize");
    await expect(price(page)).toHaveText("€59.00");
    await page.getByRole("button", { name: "Continue to login" }).click();

    await expect(page).toHaveURL(/\/GripSize$/);
    await expect(widthGroup(page)).toHaveAttribute("aria-invalid", "true");
    await expect(widthGroup(page)).toHaveAccessibleDescription("Choose a deck width");
  });

  await test.step("grip and size: the price follows the choices", async () => {
    await width(page, "8.5″ +€3.00").check();
    await expect(price(page)).toHaveText("€62.00");
    await expect(widthGroup(page)).not.toHaveAttribute("aria-invalid", "true");
    await gripTape(page).check();
    await expect(price(page)).toHaveText("€71.00");
    // Ticking grip turns the deck over to show its black grip (D122).
    await expect(page.getByRole("img", { name: "Custom skateboard deck, 8.5″ wide, top side: black grip tape" })).toBeVisible();
    await page.getByRole("button", { name: "Continue to login" }).click();
    await expect(page).toHaveURL(/\/Login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  });

  await test.step("login: a guest gives a valid e-mail address", async () => {
    const email = guestEmail(page);
    await expect(email).toHaveAttribute("type", "email");
    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await expect(page).toHaveURL(/\/Login$/);
    await expectFieldError(email, "Enter an e-mail address like name@example.com");

    await email.fill("erika@example.com");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await expect(page).toHaveURL(/\/Shipping$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  });

  const form = shippingForm(page);

  await test.step("shipping: an empty form shows an error next to each required field", async () => {
    await expect(page.getByText("Order updates go to erika@example.com.")).toBeVisible();
    await form.submit.click();
    await expect(page).toHaveURL(/\/Shipping$/);
    await expectFieldError(form.name, "Enter your full name");
    await expectFieldError(form.address, "Enter your street and house number");
    await expectFieldError(form.postalcode, "Enter your postal code");
    await expectFieldError(form.city, "Enter your town or city");
    await expect(form.addressextend).not.toHaveAttribute("aria-invalid", "true");
  });

  await test.step("shipping: the postal code must fit the country", async () => {
    await expect(form.country).toHaveValue("DE");
    await expect(form.country.locator("option:checked")).toHaveText("Germany");
    await form.name.fill("Erika Mustermann");
    await form.address.fill("Hauptstraße 1");
    await form.addressextend.fill("3rd floor");
    await form.postalcode.fill("1011");
    await form.city.fill("Berlin");
    await form.submit.click();
    await expect(page).toHaveURL(/\/Shipping$/);
    await expectFieldError(form.postalcode, "Enter a German postal code, like 10115");
    await expect(form.name).not.toHaveAttribute("aria-invalid", "true");

    await form.postalcode.fill("10115");
    await form.submit.click();
    await expect(page).toHaveURL(/\/Payment$/);
  });

  await test.step("payment: the address and the order summary with the total", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
    const shipTo = page.getByRole("region", { name: "Ship to" });
    await expect(shipTo.getByTestId("ship-to")).toHaveText(
      ["Erika Mustermann", "Hauptstraße 1", "3rd floor", "10115 Berlin", "Germany"].join(""),
    );
    await expect(shipTo).toContainText("Confirmation to erika@example.com");

    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expectPriceLine(summary, "Custom skateboard deck", "€59.00");
    await expectPriceLine(summary, "Wide deck", "€3.00");
    await expectPriceLine(summary, "Grip tape", "€9.00");
    await expectPriceLine(summary, "Shipping to Germany", "€4.90");
    await expectPriceLine(summary, "Total", "€75.90");
  });
});

test.describe("a failed submit lists every error in a summary at the top of the form", () => {
  test("grip and size", async ({ page }) => {
    await open(page, "/GripSize");
    await page.getByRole("button", { name: "Continue to login" }).click();
    const summary = page.getByRole("alert");
    await expect(summary.getByRole("heading", { name: "Please correct 1 field" })).toBeVisible();
    await summary.getByRole("link", { name: "Deck width: Choose a deck width" }).click();
    await expect(width(page, "7.75″")).toBeFocused();
  });

  test("login", async ({ page }) => {
    await open(page, "/Login");
    await guestEmail(page).fill("not-an-address");
    await page.getByRole("button", { name: "Continue as guest" }).click();
    const summary = page.getByRole("alert");
    await expect(summary.getByRole("heading", { name: "Please correct 1 field" })).toBeVisible();
    await expect(
      summary.getByRole("link", { name: "E-mail: Enter an e-mail address like name@example.com" }),
    ).toBeVisible();
  });

  test("shipping", async ({ page }) => {
    await seedOrder(page, optionsAndContact);
    await open(page, "/Shipping");
    await shippingForm(page).submit.click();
    const summary = page.getByRole("alert");
    await expect(summary.getByRole("heading", { name: "Please correct 4 fields" })).toBeVisible();
    await expect(summary.getByRole("listitem")).toHaveText([
      "Full name: Enter your full name",
      "Street and house number: Enter your street and house number",
      "Postal code: Enter your postal code",
      "Town or city: Enter your town or city",
    ]);
    await summary.getByRole("link", { name: "Full name: Enter your full name" }).click();
    await expect(shippingForm(page).name).toBeFocused();
  });
});

test("a buyer can change the e-mail address on the Shipping page, typing without losing the field", async ({ page }) => {
  await seedOrder(page, { size: 8.25, grip: false });
  await open(page, "/Login");
  await guestEmail(page).fill("erika@example.com");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await expect(page.getByText("Order updates go to erika@example.com.")).toBeVisible();
  await page.getByRole("button", { name: "Change e-mail" }).click();
  const { email } = shippingForm(page);
  await expect(email).toBeFocused();
  await email.clear();
  await email.pressSequentially("max@example.com");
  await expect(email).toHaveValue("max@example.com");
  await expect(email).toBeFocused();
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
});

test.describe("the order survives a reload", () => {
  test("grip and size", async ({ page }) => {
    await open(page, "/GripSize");
    await width(page, "8.25″").check();
    await gripTape(page).check();
    await expect(price(page)).toHaveText("€68.00");

    await reload(page);
    await expect(width(page, "8.25″")).toBeChecked();
    await expect(gripTape(page)).toBeChecked();
    await expect(price(page)).toHaveText("€68.00");
  });

  test("shipping fields", async ({ page }) => {
    await seedOrder(page, optionsAndContact);
    await open(page, "/Shipping");
    const form = shippingForm(page);
    await form.name.fill("Max Mustermann");
    await form.city.fill("Wien");
    await form.country.selectOption({ label: "Austria" });
    await expect(form.postalcode).toHaveAccessibleDescription(/For example 1010/);

    await reload(page);
    await expect(form.name).toHaveValue("Max Mustermann");
    await expect(form.city).toHaveValue("Wien");
    await expect(form.country).toHaveValue("AT");
    await expect(form.address).toHaveValue("");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expectPriceLine(summary, "Shipping to Austria", "€9.90");
  });
});

test("on a reload the e-mail address stays a field, filled in from the draft, and the form does not move", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  await open(page, "/Shipping");
  const form = shippingForm(page);
  await expect(form.email).toHaveValue("erika@example.com");
  const before = await form.name.boundingBox();
  await page.waitForTimeout(300);
  expect(await form.name.boundingBox()).toEqual(before);
  await expect(page.getByText("Order updates go to erika@example.com.")).toHaveCount(0);
});

test("the shipping fields carry autocomplete tokens", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  await open(page, "/Shipping");
  const form = shippingForm(page);
  const expected = [
    [form.email, "email"],
    [form.name, "shipping name"],
    [form.address, "shipping address-line1"],
    [form.addressextend, "shipping address-line2"],
    [form.postalcode, "shipping postal-code"],
    [form.city, "shipping address-level2"],
    [form.country, "shipping country"],
  ] as const;
  for (const [control, token] of expected) {
    await expect(control).toHaveAttribute("autocomplete", token);
  }
});

test("the login e-mail field carries the email autocomplete token", async ({ page }) => {
  await open(page, "/Login");
  await expect(guestEmail(page)).toHaveAttribute("autocomplete", "email");
  await expect(page.getByRole("region", { name: "Sign in" }).getByLabel("E-mail")).toHaveAttribute("autocomplete", "username");
  await expect(page.getByLabel("Password").first()).toHaveAttribute("autocomplete", "current-password");
});
