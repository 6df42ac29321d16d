import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import {
  completeOrder,
  expectFieldError,
  fillCard,
  guestEmail,
  open,
  optionsAndContact,
  payButton,
  seedOrder,
  shippingForm,
} from "./helpers.ts";

/** Forms check on submit, then live per field once the field was changed; never when an untouched field is left. */

async function tabThrough(page: Page, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press("Tab");
}

test("Shipping: tabbing through untouched fields marks none of them; a changed one is checked on leaving", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  await open(page, "/Shipping");
  const form = shippingForm(page);
  await form.name.focus();
  await tabThrough(page, 5);
  for (const control of [form.name, form.address, form.addressextend, form.postalcode, form.city]) {
    await expect(control).not.toHaveAttribute("aria-invalid", "true");
  }
  await expect(page.getByText("Enter your full name")).toHaveCount(0);

  await form.postalcode.fill("1");
  await form.postalcode.blur();
  await expectFieldError(form.postalcode, "Enter a German postal code, like 10115");
  // Leaving a field is no submit: the summary of every error waits for one.
  await expect(page.getByRole("alert")).toHaveCount(0);
  // Side by side, the postal code (with its hint and a three-line error) and the town keep their boxes in line.
  const [postal, town] = await Promise.all([form.postalcode.boundingBox(), form.city.boundingBox()]);
  expect(Math.abs(postal!.y - town!.y)).toBeLessThan(1);
  await form.postalcode.fill("10115");
  await expect(form.postalcode).not.toHaveAttribute("aria-invalid", "true");

  await form.submit.click();
  await expectFieldError(form.name, "Enter your full name");
  await expect(page.getByRole("alert").getByRole("heading", { name: /Please correct \d+ fields/ })).toBeVisible();
});

test("Payment: tabbing through the untouched card fields marks none of them", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  await page.getByLabel("Card number").focus();
  await tabThrough(page, 5);
  for (const label of ["Card number", "Name on card", "Month (MM)", "Year (YY)", "Security code"]) {
    await expect(page.getByLabel(label)).not.toHaveAttribute("aria-invalid", "true");
  }
});

test("Login: an error on the guest e-mail goes once creating an account puts a good address there", async ({ page }) => {
  await seedOrder(page, { grip: false, size: 8.25 });
  await open(page, "/Login");
  await guestEmail(page).fill("anna@example");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await expectFieldError(guestEmail(page), "Enter an e-mail address like name@example.com");

  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = page.getByRole("region", { name: "Create an account" });
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Password").fill("a long passphrase");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(signUp.getByRole("status")).toContainText(`We sent a link to ${email}`);
  await expect(guestEmail(page)).toHaveValue(email);
  await expect(guestEmail(page)).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter an e-mail address like name@example.com")).toHaveCount(0);
});

test("Payment: a name longer than the order form takes is refused at its field, before anything is sent", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  await fillCard(page);
  const name = page.getByLabel("Name on card");
  await name.fill("E".repeat(101));
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await payButton(page).click();
  await expectFieldError(name, "Use at most 100 characters");
  await expect(page.getByRole("alert")).toContainText("Name on card: Use at most 100 characters");
  expect(posts).toEqual([]);
  // Shortened, the field is fine again as it is typed.
  await name.fill("E".repeat(100));
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
});
