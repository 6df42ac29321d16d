import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  expectFieldError,
  expectNoAxeViolations,
  fillCard,
  open,
  ORDER_STORAGE_KEY,
  payButton,
  seedOrder,
  shippingForm,
} from "./helpers.ts";

const addressBook = (page: Page) => page.getByRole("list", { name: "Saved addresses" });
const addressForm = (page: Page) => page.getByRole("form", { name: /^(Add an address|Change the address)$/ });

test("a signed-in buyer's address is offered again on the next order and kept as the default on the account page", async ({ page }) => {
  test.setTimeout(120_000);
  await seedOrder(page, { size: 8.25, grip: false });
  await createAccount(page);

  await test.step("first order: the buyer types the address", async () => {
    const form = shippingForm(page);
    await expect(form.name).toHaveValue("");
    await form.name.fill("Grace Hopper");
    await form.address.fill("Arlington Road 5");
    await form.postalcode.fill("1010");
    await form.city.fill("Wien");
    await form.country.selectOption({ label: "Austria" });
    await form.submit.click();
    await expect(page).toHaveURL(/\/Payment$/);
    await fillCard(page);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  });

  await test.step("second order: Shipping comes filled in with that address", async () => {
    // A new order in this tab (the first one's draft was completed): grip and size, then Shipping.
    await page.evaluate((key) => sessionStorage.setItem(key, JSON.stringify({ size: 8.5, grip: true })), ORDER_STORAGE_KEY);
    await open(page, "/Shipping");
    const form = shippingForm(page);
    await expect(page.getByText("Your default address from your account is filled in.")).toBeVisible();
    await expect(form.name).toHaveValue("Grace Hopper");
    await expect(form.address).toHaveValue("Arlington Road 5");
    await expect(form.postalcode).toHaveValue("1010");
    await expect(form.city).toHaveValue("Wien");
    await expect(form.country).toHaveValue("AT");
    // In the draft, so the summary prices shipping to Austria and Payment shows it.
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("Shipping to Austria");
    await form.submit.click();
    await expect(page).toHaveURL(/\/Payment$/);
    await expect(page.getByTestId("ship-to")).toContainText("Grace Hopper");
  });

  await test.step("what the buyer typed is never replaced by the saved address", async () => {
    await page.evaluate(
      (key) => sessionStorage.setItem(key, JSON.stringify({ size: 8.5, grip: true, name: "Someone Else", country: "DE" })),
      ORDER_STORAGE_KEY,
    );
    await open(page, "/Shipping");
    const form = shippingForm(page);
    await expect(form.name).toHaveValue("Someone Else");
    await expect(form.address).toHaveValue("");
    await expect(page.getByText("Your default address from your account is filled in.")).toHaveCount(0);
  });

  await test.step("the account page lists it as the default", async () => {
    await open(page, "/account");
    const entries = addressBook(page).getByRole("listitem");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Grace Hopper");
    await expect(entries.first()).toContainText("Default address");
    await expectNoAxeViolations(page);
  });
});

test("on the account page a buyer adds, checks, changes, chooses the default and deletes addresses", async ({ page }) => {
  test.setTimeout(120_000);
  await seedOrder(page, { size: 8.25, grip: false }); // the sign-up goes on to Shipping, which needs a width
  await createAccount(page);
  await open(page, "/account");
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  await test.step("the Shipping step's rules, with messages at the fields", async () => {
    const form = addressForm(page);
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Postal code").fill("1");
    await form.getByRole("button", { name: "Add the address" }).click();
    await expect(form.getByRole("alert")).toContainText("Please correct");
    await expectFieldError(form.getByLabel("Street and house number"), "Enter your street and house number");
    await expectFieldError(form.getByLabel("Town or city"), "Enter your town or city");
    await expectFieldError(form.getByLabel("Postal code"), "Enter a German postal code, like 10115");
    await expectNoAxeViolations(page);
  });

  await test.step("adding: the first address is the default", async () => {
    const form = addressForm(page);
    await form.getByLabel("Street and house number").fill("Main Street 1");
    await form.getByLabel("Postal code").fill("10115");
    await form.getByLabel("Town or city").fill("Berlin");
    await form.getByRole("button", { name: "Add the address" }).click();
    const notice = page.getByRole("status").filter({ hasText: "The address is in your address book." });
    await expect(notice).toBeFocused();
    await expect(addressBook(page).getByRole("listitem")).toHaveCount(1);
    await expect(addressBook(page)).toContainText("Default address");
    // With an address saved, the orders and the list come first: the form waits behind its title, closed.
    const addToggle = page.getByText("Add an address", { exact: true });
    await expect(addressForm(page)).toBeHidden();
    await addToggle.click();
    // Empty again for the next one.
    await expect(addressForm(page).getByLabel("Full name")).toHaveValue("");
  });

  await test.step("a second address, then it becomes the default", async () => {
    const form = addressForm(page);
    await form.getByLabel("Full name").fill("Ada King");
    await form.getByRole("button", { name: "Add the address" }).click();
    // Refused: the disclosure stays open with the message at the field and the name kept.
    await expectFieldError(form.getByLabel("Street and house number"), "Enter your street and house number");
    await expect(form.getByLabel("Full name")).toHaveValue("Ada King");
    await form.getByLabel("Full name").fill("Ada King");
    await form.getByLabel("Street and house number").fill("Ockham Park 2");
    await form.getByLabel("Postal code").fill("1010");
    await form.getByLabel("Town or city").fill("Wien");
    await form.getByLabel("Country").selectOption({ label: "Austria" });
    await form.getByRole("button", { name: "Add the address" }).click();
    await expect(addressBook(page).getByRole("listitem")).toHaveCount(2);
    await addressBook(page).getByRole("button", { name: "Make default address: Ada King, Ockham Park 2" }).click();
    await expect(page.getByRole("status").filter({ hasText: "That is your default address now" })).toBeVisible();
    await expect(addressBook(page).getByRole("listitem").first()).toContainText("Ada King");
    await expect(addressBook(page).getByRole("listitem").first()).toContainText("Default address");
  });

  await test.step("changing an address opens it in the form", async () => {
    await addressBook(page).getByRole("link", { name: "Edit the address of Ada Lovelace, Main Street 1" }).click();
    const form = page.getByRole("form", { name: "Change the address" });
    await expect(form.getByLabel("Full name")).toHaveValue("Ada Lovelace");
    await form.getByLabel("Street and house number").fill("Main Street 10");
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The address is saved." })).toBeVisible();
    await expect(addressBook(page)).toContainText("Main Street 10");
  });

  await test.step("deleting the default hands the role to the other", async () => {
    await addressBook(page).getByRole("button", { name: "Delete the address of Ada King, Ockham Park 2" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The address is deleted." })).toBeVisible();
    await expect(addressBook(page).getByRole("listitem")).toHaveCount(1);
    await expect(addressBook(page)).toContainText("Default address");
    await expectNoAxeViolations(page);
  });
});

test("the address book works without scripts", async ({ browser }) => {
  test.setTimeout(120_000);
  // The account is made with scripts (the sign-up), then the page is used without them.
  const withScripts = await browser.newContext();
  const setup = await withScripts.newPage();
  await seedOrder(setup, { size: 8.25, grip: false });
  await createAccount(setup);
  const state = await withScripts.storageState();
  await withScripts.close();

  const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const page = await context.newPage();
  await page.goto("/account");
  const form = addressForm(page);
  await form.getByLabel("Full name").fill("Ada Lovelace");
  await form.getByRole("button", { name: "Add the address" }).click();
  // The server answers with the messages at the fields.
  await expectFieldError(page.getByLabel("Street and house number"), "Enter your street and house number");
  await expect(page.getByLabel("Full name")).toHaveValue("Ada Lovelace");
  await page.getByLabel("Street and house number").fill("Main Street 1");
  await page.getByLabel("Postal code").fill("10115");
  await page.getByLabel("Town or city").fill("Berlin");
  await page.getByRole("button", { name: "Add the address" }).click();
  await expect(page.getByRole("status")).toHaveText("The address is in your address book.");
  await expect(addressBook(page)).toContainText("Default address");
  // The next one: the browser's own disclosure opens the form, and a refusal comes back with it open.
  await page.getByText("Add an address", { exact: true }).click();
  await addressForm(page).getByLabel("Full name").fill("Ada King");
  await addressForm(page).getByRole("button", { name: "Add the address" }).click();
  await expectFieldError(addressForm(page).getByLabel("Street and house number"), "Enter your street and house number");
  await expect(addressForm(page).getByLabel("Full name")).toHaveValue("Ada King");
  await context.close();
});
