import { expect, test, type Page } from "@playwright/test";
import { completeOrder, expectNoAxeViolations, open, optionsAndContact, seedOrder } from "./helpers.ts";

// A browser set to German: Playwright sends Accept-Language: de-DE, and the shop answers in German (D191).
test.use({ locale: "de-DE" });

/** A message key shown instead of its words: `ns:a.b` or `a.b.c`. */
const RAW_KEY = /\b[a-z]+:[a-zA-Z]\w*(?:\.\w+)+\b|\b[a-z]\w*\.[a-z]\w*\.[a-z]\w*\b/;

/** The page is German: `<html lang="de">`, the German heading, no raw message key in its text, and no axe finding. */
async function expectGermanPage(page: Page, heading: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeVisible();
  const text = await page.locator("body").innerText();
  expect(text, "no raw message keys").not.toMatch(RAW_KEY);
  await expectNoAxeViolations(page);
}

test("the start page is German, with prices as Germans write them", async ({ page }) => {
  await open(page, "/");
  await expectGermanPage(page, "Skateboard-Deck mit eigenem Design");
  await expect(page).toHaveTitle("Skateboard-Deck mit eigenem Design · Deck Studio");
  await expect(page.getByRole("link", { name: "Jetzt gestalten" })).toBeVisible();
  await expect(page.locator(".price strong")).toHaveText(/^59,00\s€$/);
  await expect(page.getByText(/Breiten 7,75″, 8,0″, 8,25″, 8,5″, 8,75″/)).toBeVisible();
  // The example graphic is described in German too, its stickers by their German names.
  const deck = page.locator(".home__deck");
  await expect(deck.getByRole("img", { name: "Skateboard-Deck mit eigenem Design, mit dem Text „MADE BY YOU“ und den Stickern: Skateboard, Feuer" })).toBeVisible();
  await expect(deck.getByText("Ein Beispiel: Deine Grafik kann alles sein.")).toBeVisible();
});

test("the editor is German, and its sticker picker finds emoji by German words from the German data only", async ({ page }) => {
  const emojiData: string[] = [];
  page.on("request", (request) => {
    if (/\/emoji\/data(\.\w+)?\.json$/.test(new URL(request.url()).pathname)) emojiData.push(new URL(request.url()).pathname);
  });
  await open(page, "/editor");
  await expectGermanPage(page, "Gestalte dein Deck");
  await expect(page).toHaveTitle("Gestalte dein Deck · Deck Studio");

  await page.getByRole("button", { name: "Sticker hinzufügen" }).click();
  const picker = page.getByRole("dialog", { name: "Wähle einen Sticker" });
  await picker.getByRole("searchbox", { name: "Emoji suchen" }).fill("Herz");
  const heart = picker.getByRole("gridcell").getByRole("button", { name: "rotes Herz", exact: true });
  await expect(heart).toBeVisible();
  await expect(picker.getByRole("status")).toContainText("Emoji gefunden");
  await expectNoAxeViolations(page);
  await heart.click();
  await expect(page.getByRole("status").filter({ hasText: "Sticker rotes Herz hinzugefügt." })).toBeAttached();
  await expect(page.getByRole("group", { name: /^Gestaltungsfläche/ }).getByRole("button", { name: "Sticker: rotes Herz, Ebene 1 von 1" })).toBeVisible();

  // One language per page: the German names and keywords, never the English ones.
  expect(emojiData).toEqual(["/emoji/data.de.json"]);
});

test("GripSize is German, with German widths, prices and the error summary", async ({ page }) => {
  await open(page, "/GripSize");
  await expectGermanPage(page, "Griptape und Breite wählen");
  await expect(page).toHaveTitle("Griptape & Breite · Deck Studio");
  await page.getByRole("button", { name: "Weiter zur Anmeldung" }).click();
  await expect(page.getByRole("alert").getByRole("heading", { name: "Bitte korrigiere 1 Feld" })).toBeVisible();
  const widths = page.getByRole("group", { name: "Deckbreite" });
  await widths.getByRole("radio", { name: /^8,5″/ }).check();
  await page.getByRole("checkbox", { name: /Schwarzes Griptape aufkleben/ }).check();
  await expect(page.getByTestId("price")).toHaveText(/^71,00\s€$/);
  await expect(page.getByRole("img", { name: /8,5″ breit, Oberseite: schwarzes Griptape/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("Login, Shipping and Payment are German", async ({ page }) => {
  await seedOrder(page, { ...completeOrder });

  await test.step("Login", async () => {
    await open(page, "/Login");
    await expectGermanPage(page, "Anmelden");
    await expect(page.getByRole("region", { name: "Als Gast bestellen" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Schritte der Bestellung" })).toContainText("Griptape & Breite");
  });

  await test.step("Shipping", async () => {
    await open(page, "/Shipping");
    await expectGermanPage(page, "Versand");
    await expect(page.getByRole("button", { name: "Weiter zur Zahlung" })).toBeVisible();
    // Opened whole, the page keeps the e-mail field the server sent, filled in from the draft.
    await expect(page.getByRole("textbox", { name: "E-Mail" })).toHaveValue(completeOrder.contact);
  });

  await test.step("Payment", async () => {
    await open(page, "/Payment");
    await expectGermanPage(page, "Zahlung");
    await expect(page).toHaveTitle("Zahlung · Deck Studio");
    await expect(page.getByLabel("Kartennummer")).toBeVisible();
    await expect(page.getByRole("img", { name: /^Kartenvorschau/ })).toBeAttached();
  });
});

test("a step skipped is explained in German", async ({ page }) => {
  await seedOrder(page, { ...optionsAndContact, size: 0 });
  await page.goto("/Shipping");
  await expect(page).toHaveURL(/\/GripSize$/);
  await expect(page.getByRole("status").filter({ hasText: "Wähle zuerst die Breite deines Decks." })).toBeVisible();
});

test("the switcher's English sticks: in the page, after a reload and on the next page", async ({ page }) => {
  await open(page, "/GripSize");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Choose grip and size" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Choose grip and size" })).toBeVisible();
  await open(page, "/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Custom skateboard deck" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the switcher is a plain form: English, then back to Deutsch", async ({ page }) => {
    await page.goto("/GripSize");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: "Griptape und Breite wählen" })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/GripSize$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Choose grip and size" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Custom skateboard deck" })).toBeVisible();
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: "Skateboard-Deck mit eigenem Design" })).toBeVisible();
  });
});
