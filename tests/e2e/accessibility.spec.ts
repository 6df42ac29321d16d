import { expect, test } from "@playwright/test";
import { completeOrder, expectNoAxeViolations, open, optionsAndContact, pages, seedOrder, shippingForm, waitForHydration } from "./helpers";

test.describe("accessibility (axe, WCAG 2.1 A and AA)", () => {
  for (const { path } of pages) {
    test(`${path} has no violations`, async ({ page }) => {
      await seedOrder(page, completeOrder); // /Shipping and /Payment need the earlier steps done
      await open(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("the 404 page has no violations", async ({ page }) => {
    await page.goto("/no-such-page");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the Shipping page with validation errors has no violations", async ({ page }) => {
    await seedOrder(page, optionsAndContact);
    await open(page, "/Shipping");
    await shippingForm(page).submit.click();
    await expect(shippingForm(page).name).toHaveAttribute("aria-invalid", "true");
    await expect(shippingForm(page).city).toHaveAccessibleDescription("Enter your town or city");
    await expectNoAxeViolations(page);
  });

  test("the GripSize page with its error has no violations", async ({ page }) => {
    await open(page, "/GripSize");
    await page.getByRole("button", { name: "Continue to login" }).click();
    await expect(page.getByRole("group", { name: "Deck width" })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });
});
