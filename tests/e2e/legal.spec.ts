import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { completeOrder, createAccount, expectNoAxeViolations, open, payButton, payTotal, seedOrder } from "./helpers.ts";

/** The legal pages as the footer names them, with their h1, in both languages. */
const LEGAL = {
  en: {
    nav: "Legal",
    pages: [
      { link: "Imprint", path: "/legal/imprint", heading: "Imprint", text: "Deck Studio GmbH" },
      { link: "Terms and conditions", path: "/legal/terms", heading: "Terms and conditions", text: '"Buy now"' },
      { link: "Privacy notice", path: "/legal/privacy", heading: "Privacy notice", text: "No tracking" },
      { link: "Withdrawal information", path: "/legal/withdrawal", heading: "Withdrawal information", text: "§ 312g (2) no. 1 BGB" },
    ],
  },
  de: {
    nav: "Rechtliches",
    pages: [
      { link: "Impressum", path: "/legal/imprint", heading: "Impressum", text: "Amtsgericht Berlin-Charlottenburg" },
      { link: "AGB", path: "/legal/terms", heading: "Allgemeine Geschäftsbedingungen", text: "„Zahlungspflichtig bestellen“" },
      { link: "Datenschutz", path: "/legal/privacy", heading: "Datenschutzerklärung", text: "Kein Tracking" },
      { link: "Widerrufsbelehrung", path: "/legal/withdrawal", heading: "Widerrufsbelehrung", text: "Muster-Widerrufsformular" },
    ],
  },
} as const;

async function speak(page: Page, locale: "en" | "de") {
  // As the language switcher stores it (its own test is in the i18n specs).
  await page.context().addCookies([{ name: "lang", value: locale, url: `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}` }]);
}

/** The page is no wider than the window (nothing to scroll sideways). */
async function expectFits(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `width of ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

for (const locale of ["en", "de"] as const) {
  test(`the footer links every legal page, readable at 390 px and without axe violations (${locale})`, async ({ page }) => {
    test.slow(); // eight pages, each read by axe at 390 px: about 25 s alone, more on a loaded CI machine
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, locale);
    const { nav, pages } = LEGAL[locale];
    for (const [index, entry] of pages.entries()) {
      // From a different page each time: the footer is on every page, the legal ones included.
      await open(page, index === 0 ? "/GripSize" : pages[index - 1]!.path);
      await page.getByRole("contentinfo").getByRole("navigation", { name: nav }).getByRole("link", { name: entry.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText([entry.heading]);
      await expect(main).toContainText(entry.text);
      await expect(page).toHaveTitle(`${entry.heading} · Deck Studio`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expectFits(page);
      await expectNoAxeViolations(page);
    }
  });
}

test("the Payment step shows the total, the terms and the withdrawal exception before 'Buy now'", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  const form = page.getByRole("form", { name: "Pay for your order" });
  await expect(payTotal(page)).toHaveText("Total to pay: €63.90");
  // What is bought, and the shipping and tax inside the total, right there too: a phone folds the summary away.
  await expect(page.getByTestId("order-items")).toHaveText("Custom skateboard deck, 8.25″ wide");
  await expect(page.getByTestId("order-included")).toHaveText("Includes shipping to Germany (€4.90) and 19% VAT (€10.20).");
  await expect(form).toContainText("Decks printed with your own design are made to your specification");
  await expect(form).toContainText("§ 312g (2) no. 1 BGB");
  await expect(form.getByRole("link", { name: "terms and conditions" })).toHaveAttribute("href", "/legal/terms");
  await expect(form.getByRole("link", { name: "withdrawal information" })).toHaveAttribute("href", "/legal/withdrawal");
  await expect(payButton(page)).toHaveText("Buy now");
  // The terms come before the button, in the page's order as in the reading order.
  const [termsTop, buttonTop] = await Promise.all([
    form.getByRole("link", { name: "terms and conditions" }).boundingBox(),
    payButton(page).boundingBox(),
  ]);
  expect(termsTop!.y).toBeLessThan(buttonTop!.y);
});

test("the Payment step in German: 'Zahlungspflichtig bestellen', without axe violations", async ({ page }) => {
  await speak(page, "de");
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  await expect(page.getByRole("button", { name: "Zahlungspflichtig bestellen", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Allgemeinen Geschäftsbedingungen" })).toHaveAttribute("href", "/legal/terms");
  await expect(page.getByRole("link", { name: "Widerrufsbelehrung" }).first()).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("Zu zahlen: 63,90 €");
  await expect(page.getByTestId("order-items")).toHaveText("Skateboard-Deck mit deinem Design, 8,25″ breit");
  await expect(page.getByTestId("order-included")).toHaveText("Enthält Versand (Deutschland) 4,90 € und 19 % USt. 10,20 €.");
  await expectNoAxeViolations(page);
});

test("a buyer downloads their data and deletes their account; signing in fails afterwards", async ({ page }) => {
  test.slow(); // a whole journey (order, mail, account, axe): about 15 s alone, twice that on a loaded CI machine
  const email = await createAccount(page);
  await open(page, "/account");
  const section = page.getByRole("region", { name: "Your data" });
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^deck-studio-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8")) as { account: { email: string } };
  expect(data.account.email).toBe(email);
  await expectNoAxeViolations(page);

  // The confirmation step, in German.
  await speak(page, "de");
  await open(page, "/account");
  await page.getByRole("link", { name: "Mein Konto löschen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Konto löschen" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("§ 147 AO");
  await expectNoAxeViolations(page);
  await page.getByLabel("Dein Passwort").fill("not my password");
  await page.getByRole("button", { name: "Mein Konto endgültig löschen" }).click();
  await expect(page.getByText("Das ist nicht dein Passwort.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Dein Passwort").fill("a long passphrase");
  await page.getByRole("button", { name: "Mein Konto endgültig löschen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dein Konto ist gelöscht" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("du bist abgemeldet");
  await expectNoAxeViolations(page);

  await speak(page, "en");
  await open(page, "/account");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a long passphrase");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The e-mail address or the password is not right.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toHaveCount(0);
});
