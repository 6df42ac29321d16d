import { expect, test } from "@playwright/test";
import {
  completeOrder,
  expectNoAxeViolations,
  open,
  optionsAndContact,
  pages,
  readMail,
  seedOrder,
  shippingForm,
  waitForHydration,
} from "./helpers.ts";

/** The path and query of the link to `path` in a mail's text. */
function linkIn(mail: string, path: string): string {
  const url = new URL(new RegExp(`https?://\\S+${path}\\?code=[\\w-]+`).exec(mail)![0]);
  return url.pathname + url.search;
}

test.describe("accessibility (axe, WCAG 2.1 A and AA)", () => {
  for (const { path } of pages) {
    test(`${path} has no violations`, async ({ page }) => {
      await seedOrder(page, completeOrder); // /Shipping and /Payment need the earlier steps done
      await open(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("a new password by mail: asking, and choosing it from the mailed link, without violations", async ({ page }) => {
    const email = `forgetful-${Date.now()}@example.com`;
    // An account to reset: signed up through the Login page and its mailed link. The sign-up goes on to Shipping,
    // which keeps a draft with a width (without one, its step guard moves on to GripSize, racing the URL check).
    await seedOrder(page, optionsAndContact);
    await open(page, "/Login");
    const signUp = page.getByRole("region", { name: "Create an account" });
    await signUp.getByLabel("E-mail").fill(email);
    await signUp.getByLabel("Password").fill("first passphrase");
    await signUp.getByRole("button", { name: "Create account" }).click();
    await open(page, linkIn(await readMail(`To: ${email}`), "/account/confirm"));
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/Shipping$/);

    await page.context().clearCookies(); // another day, signed out, the password forgotten
    await open(page, "/Login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "A new password" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status")).toContainText(`We sent a mail to ${email}`);

    const mail = await readMail("A new password for your Deck Studio account");
    await open(page, linkIn(mail, "/account/reset"));
    await expectNoAxeViolations(page);
    await page.getByLabel("New password").fill("second passphrase");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

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
