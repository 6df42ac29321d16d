import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { completeOrder, expectNoAxeViolations, nextYear, open, readMail, seedOrder } from "./helpers.ts";

/**
 * A German-speaking buyer (the browser asks for de-DE, no language cookie): the order's confirmation, keeping the
 * order in an account, the account's history and the 404 page all speak German, with German dates and amounts,
 * and each passes axe. The checkout's own pages are other specs' business: here the card is filled by the
 * fields' autocomplete tokens and the order's form is sent by its one submit button, whatever they say.
 */
test.use({ locale: "de-DE" });

/** Text a message key would leave behind: `ns:a.b` or `a.b.c`. */
const RAW_KEY = /\b[a-z]+:[a-z]+\.[\w.]+|\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\b/;

async function expectNoRawKeys(page: Page): Promise<void> {
  const text = await page.getByRole("main").innerText();
  expect(text.replace(/\S+@\S+/g, ""), `raw message keys on ${page.url()}`).not.toMatch(RAW_KEY);
}

async function payAsGuest(page: Page, contact: string): Promise<void> {
  await seedOrder(page, { ...completeOrder, contact });
  await open(page, "/Payment");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.locator('[autocomplete="cc-number"]').fill("4242 4242 4242 4242");
  await page.locator('[autocomplete="cc-name"]').fill("Erika Mustermann");
  await page.locator('[autocomplete="cc-exp-month"]').fill("09");
  await page.locator('[autocomplete="cc-exp-year"]').fill(nextYear);
  await page.locator('[autocomplete="cc-csc"]').fill("123");
  await page.locator('main form[method="post"] button[type="submit"]').last().click();
}

test("a German buyer sees the confirmation, the account history and the 404 page in German", async ({ page }) => {
  test.slow(); // a whole journey (order, mail, account, axe): about 15 s alone, twice that on a loaded CI machine
  const contact = `kunde-${randomUUID().slice(0, 8)}@example.com`;
  await payAsGuest(page, contact);

  // The confirmation.
  await expect(page.getByRole("heading", { level: 1, name: "Danke für deine Bestellung" })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  const lead = page.getByText(/^Bestellnummer DS-[0-9A-Z]{8}\./);
  await expect(lead).toContainText(`Die Bestätigung geht an ${contact}. Wir drucken und versenden dein Deck innerhalb von 5 Werktagen.`);
  const orderNumber = (await lead.textContent())!.match(/DS-[0-9A-Z]{8}/)![0];
  await expect(page.getByRole("heading", { name: "Status: Bezahlt" })).toBeVisible();
  await expect(page.getByText("Visa mit Endziffern 4242")).toBeVisible();
  await expect(page.getByRole("img", { name: "Die Druckdatei deines Deck-Designs" })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Bestellung ${orderNumber} · Deck Studio$`));
  await expectNoRawKeys(page);
  await expectNoAxeViolations(page);

  // Keeping the order in an account, through the mailed link.
  const offer = page.getByRole("region", { name: "Deine Daten fürs nächste Mal speichern" });
  await offer.getByRole("button", { name: "Schick mir einen Link" }).click();
  await expect(offer.getByRole("status")).toContainText(`Wir haben einen Link an ${contact} geschickt.`);
  // The link's mail speaks the order's language (orders.locale); found here by its link, whatever it says.
  const orderPath = new URL(page.url()).pathname;
  const link = /https?:\/\/\S+\/claim\?code=[\w-]+/.exec(await readMail(`${orderPath}/claim?code=`))![0];
  await open(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung in einem Konto speichern" })).toBeVisible();
  await expect(page.getByLabel("E-Mail")).toHaveValue(contact);
  await expectNoAxeViolations(page);
  await page.getByLabel("Passwort").fill("ein langes Passwort");
  await page.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Bestellung ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Dein Konto ist angelegt" })).toHaveText(
    `Dein Konto ist angelegt und du bist angemeldet. Bestellung ${orderNumber} ist darin.`,
  );

  // The account's history: German date (dd.mm.yyyy) and amount (63,90 €).
  await open(page, "/account");
  await expect(page.getByRole("heading", { level: 1, name: "Dein Konto" })).toBeVisible();
  await expect(page).toHaveTitle("Dein Konto · Deck Studio");
  const row = page.getByRole("row", { name: new RegExp(orderNumber) });
  await expect(row.getByRole("rowheader")).toContainText(orderNumber);
  await expect(row).toContainText("Bezahlt");
  await expect(row.getByRole("cell").nth(1)).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(row.getByRole("cell").last()).toHaveText(/^63,90\s€$/);
  await expect(page.getByRole("heading", { name: "Deine Adressen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Abmelden" })).toBeVisible();
  await expectNoRawKeys(page);
  await expectNoAxeViolations(page);

  // The 404 page, for an order that does not exist.
  const missing = "/orders/00000000-0000-4000-8000-000000000000";
  const response = await page.goto(missing);
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  await expect(page.getByText(`Seite nicht gefunden: ${missing}`)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeVisible();
  await expectNoRawKeys(page);
  await expectNoAxeViolations(page);
});
