import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoAxeViolations, nextYear, open } from "./helpers.ts";

/**
 * A German-speaking buyer (the browser asks for de-DE) buys through the German pages, from Grip & size to the
 * binding "Zahlungspflichtig bestellen", and downloads the invoice, whose text is read back from the PDF: the
 * legal list of a German invoice, in German, with amounts as the summary showed them.
 */
test.use({ locale: "de-DE" });

/** Intl writes "75,90 €" and "19 %" with no-break spaces; the PDF's text layer may too. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/[ \t]+/g, " ");

test("a German buyer buys with the German pages and gets a German invoice", async ({ page }) => {
  const contact = `kaeuferin-${randomUUID().slice(0, 8)}@example.com`;

  await open(page, "/GripSize");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("group", { name: "Deckbreite" }).getByRole("radio", { name: /^8,5″/ }).check();
  await page.getByRole("checkbox", { name: /Schwarzes Griptape aufkleben/ }).check();
  await expect(page.getByTestId("price")).toHaveText(/^71,00\s€$/);
  await page.getByRole("button", { name: "Weiter zur Anmeldung" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
  const guest = page.getByRole("region", { name: "Als Gast bestellen" });
  await guest.getByLabel("E-Mail").fill(contact);
  await guest.getByRole("button", { name: "Als Gast weiter" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Versand" })).toBeVisible();
  await page.getByLabel("Vor- und Nachname").fill("Jürgen Weiß");
  await page.getByLabel("Straße und Hausnummer").fill("Große Straße 5");
  await page.getByLabel("Land").selectOption("DE");
  await page.getByLabel("Postleitzahl").fill("10115");
  await page.getByLabel("Ort").fill("Berlin");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Zahlung" })).toBeVisible();
  await page.getByLabel("Kartennummer").fill("4242 4242 4242 4242");
  await page.getByLabel("Name auf der Karte").fill("Jürgen Weiß");
  await page.getByLabel("Monat (MM)").fill("09");
  await page.getByLabel("Jahr (JJ)").fill(nextYear);
  await page.getByLabel("Prüfnummer").fill("123");
  // 59 + 3 (wide deck) + 9 (grip) + 4,90 shipping to Germany, German VAT included.
  await expect(page.getByTestId("order-total")).toContainText(/75,90\s€/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Danke für deine Bestellung" })).toBeVisible();
  const orderNumber = (await page.getByText(/^Bestellnummer DS-[0-9A-Z]{8}\./).textContent())!.match(/DS-[0-9A-Z]{8}/)![0];

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Rechnung herunterladen (PDF)" }).click();
  const download = await downloading;
  const [, invoiceNumber] = /^rechnung-(\d{4}-\d{6})\.pdf$/.exec(download.suggestedFilename()) ?? [];
  expect(invoiceNumber, `the file name ${download.suggestedFilename()}`).toBeTruthy();

  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync((await download.path())!)));
  const { text } = await extractText(pdf, { mergePages: true });
  const invoice = plain(text);
  for (const words of [
    "Rechnung",
    // The seller, from config/operator.json.
    "Deck Studio GmbH",
    "Musterstraße 12",
    "USt-IdNr.: DE123456789",
    // The buyer, the number, the dates, the order.
    "Jürgen Weiß",
    "Große Straße 5",
    "10115 Berlin",
    invoiceNumber!,
    "Rechnungsdatum",
    "Leistungsdatum",
    orderNumber,
    // The lines, the net amount, the rate and amount of VAT, the total.
    "Griptape",
    "Versand (Deutschland)",
    "Nettobetrag zu 19 % USt.",
    "63,78 €",
    "Umsatzsteuer 19 %",
    "12,12 €",
    "Gesamtbetrag",
    "75,90 €",
  ]) {
    expect(invoice, `the invoice says "${words}"`).toContain(words);
  }
  expect(invoice).not.toMatch(/\bInvoice\b|\bVAT\b/);
});
