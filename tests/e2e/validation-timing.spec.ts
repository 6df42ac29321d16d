import { expect, test, type Page } from "@playwright/test";
import { completeOrder, expectFieldError, open, optionsAndContact, seedOrder, shippingForm } from "./helpers.ts";

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
