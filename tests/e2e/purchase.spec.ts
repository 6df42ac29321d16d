import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { countUnlike, decodePng } from "#tests/support/png-reader.ts";
import {
  completeOrder,
  createAccount,
  fillCard,
  payButton,
  payTotal,
  expectNoAxeViolations,
  open,
  optionsAndContact,
  ORDER_STORAGE_KEY,
  readMail,
  seedOrder,
  shippingForm,
} from "./helpers.ts";

/**
 * Clicks an invoice link and reads the download: a PDF named after its invoice number (invoice-2026-000001.pdf),
 * whose document title names the same number. Returns the number.
 */
async function downloadInvoice(page: Page, link: Locator): Promise<string> {
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  const [, invoiceNumber] = /^invoice-(\d{4}-\d{6})\.pdf$/.exec(download.suggestedFilename()) ?? [];
  expect(invoiceNumber, `the file name ${download.suggestedFilename()}`).toBeTruthy();
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString("latin1"), "the PDF signature").toBe("%PDF-");
  expect(pdf.toString("latin1"), "the document title").toContain(`(Invoice ${invoiceNumber})`);
  return invoiceNumber!;
}

test("a guest buys a deck and gets a confirmation with an order number and an offer of an account", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  await expect(payTotal(page)).toHaveText("Total to pay: €63.90"); // 59 + 4.90 shipping to Germany
  await expect(payButton(page)).toHaveText("Buy now");
  await fillCard(page);
  await payButton(page).click();

  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  await expect(page.getByText(/Order number DS-[0-9A-Z]{8}/)).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByRole("region", { name: "Save your details for next time" })).toBeVisible();
  await expect(page.getByRole("img", { name: "The print file of your deck's design" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The print file: 300 DPI of an 8.25-inch deck, for the print token's holder only.
  const pngPath = await page.getByRole("link", { name: "Download the print file (PNG, 300 DPI)" }).getAttribute("href");
  expect(pngPath).toMatch(/\?print=/);
  const png = await page.request.get(pngPath!);
  expect(png.headers()["content-type"]).toBe("image/png");
  const bytes = await png.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([2475, 9563]);
  const withoutToken = await page.request.get(pngPath!.replace(/\?print=.*/, ""));
  expect(withoutToken.status()).toBe(404);

  // The invoice, under the order link's token.
  const invoiceLink = page.getByRole("link", { name: "Download invoice (PDF)" });
  await expect(invoiceLink).toHaveAttribute("href", /\/invoice\?token=/);
  await downloadInvoice(page, invoiceLink);

  // The order is done: the next visit starts a new, empty order.
  await open(page, "/GripSize");
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
});

test("a guest keeps the order in an account through the link mailed to the order's address", async ({ page }) => {
  test.slow(); // a whole journey (order, mail, account, axe): about 15 s alone, twice that on a loaded CI machine
  const contact = `keeper-${randomUUID().slice(0, 8)}@example.com`;
  await seedOrder(page, { ...completeOrder, contact });
  await open(page, "/Payment");
  await fillCard(page);
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  const orderNumber = (await page.getByText(/Order number DS-[0-9A-Z]{8}/).textContent())!.match(/DS-[0-9A-Z]{8}/)![0];
  const orderPath = new URL(page.url()).pathname;

  const offer = page.getByRole("region", { name: "Save your details for next time" });
  await offer.getByRole("button", { name: "Send me a link" }).click();
  await expect(offer.getByRole("status")).toContainText(`We sent a link to ${contact}`);
  await expect(offer.getByRole("status")).toBeFocused();

  // The confirmation mail and the link's mail both went to the order's address.
  expect(await readMail(`Your Deck Studio order ${orderNumber}`)).toMatch(/^To: /m);
  const mail = await readMail(`order ${orderNumber} in a Deck Studio account`);
  const link = /https?:\/\/\S+\/claim\?code=[\w-]+/.exec(mail)![0];
  await open(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Keep your order in an account" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(contact);
  await expectNoAxeViolations(page);
  await page.getByLabel("Password").fill("a long passphrase");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(new RegExp(`${orderPath}\\?account=created$`));
  // A later visit of the order page names the order instead of thanking again.
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Save your details for next time" })).toHaveCount(0);
  // Where the offer was, the page says the account was made, and the message has the focus.
  const made = page.getByRole("status").filter({ hasText: "Your account has been created" });
  await expect(made).toHaveText(`Your account has been created and you are signed in. Order ${orderNumber} is in it.`);
  await expect(made).toBeFocused();
  await expectNoAxeViolations(page);
  await open(page, "/account");
  await expect(page.getByText(orderNumber)).toBeVisible();
});

test("a signed-in buyer buys a deck and finds it in the order history", async ({ page }) => {
  test.slow(); // a whole journey (order, mail, account, axe): about 15 s alone, twice that on a loaded CI machine
  await seedOrder(page, { size: 8.5, grip: true });
  await createAccount(page);
  await expect(page.getByText(/Order updates go to buyer-/)).toBeVisible();
  const form = shippingForm(page);
  await form.name.fill("Ada Lovelace");
  await form.address.fill("Main Street 1");
  await form.postalcode.fill("1010");
  await form.city.fill("Wien");
  await form.country.selectOption({ label: "Austria" });
  await form.submit.click();
  await expect(page).toHaveURL(/\/Payment$/);
  await expect(payTotal(page)).toHaveText("Total to pay: €80.90"); // 59 + 3 wide + 9 grip + 9.90 EU shipping
  await fillCard(page, "5555 5555 5555 4444");
  await payButton(page).click();

  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/);
  await expect(page.getByRole("region", { name: "Save your details for next time" })).toHaveCount(0);
  const number = (await page.getByText(/Order number/).textContent())!.match(/DS-[0-9A-Z]{8}/)![0];

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: number })).toBeVisible();
  await expect(page.getByRole("img", { name: /Custom skateboard deck, 8\.5″ wide, with grip tape/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // On the narrowest phone the history fits the screen, each order number on one line.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const numberLink = page.getByRole("rowheader", { name: number }).getByRole("link", { name: number });
  expect((await numberLink.boundingBox())!.height).toBeLessThan(30);
  await expect(page.getByRole("rowheader", { name: number })).toContainText("Paid");
  // Each order of the history has its invoice.
  await page.setViewportSize({ width: 1280, height: 800 });
  await downloadInvoice(page, page.getByRole("rowheader", { name: number }).getByRole("link", { name: "Invoice (PDF)" }));
});

test("a declined card shows why, keeps every field but the security code, and places no order", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  await fillCard(page, "4000 0000 0000 0002", "321");
  await payButton(page).click();

  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Your card was declined. Try another card.");
  await expect(page).toHaveURL(/\/Payment$/);
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
  await expect(page.getByLabel("Name on card")).toHaveValue("Erika Mustermann");
  await expect(page.getByLabel("Security code")).toHaveValue("");
  await expectNoAxeViolations(page);

  // Typing the security code again keeps the reason on show; another card number takes it away (it was about
  // the card that is no longer there), while the security code still asked for stays listed.
  await page.getByLabel("Security code").fill("32");
  await expect(summary).toContainText("Your card was declined. Try another card.");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await expect(page.getByText("Your card was declined. Try another card.")).toHaveCount(0);

  // Another card goes through on the same page.
  await page.getByLabel("Security code").fill("123");
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
});

test("a payment the network lost keeps the page and says pressing again is safe; pressing again places one order", async ({ page }) => {
  await seedOrder(page, completeOrder);
  await open(page, "/Payment");
  await fillCard(page);
  // The request reaches the shop, but its answer is lost on the way back (a phone dropping its connection).
  let lostAnswer = "";
  await page.route("**/Payment.data*", async (route) => {
    lostAnswer = await (await route.fetch()).text();
    await route.abort("internetdisconnected");
  });
  await payButton(page).click();

  const summary = page.getByRole("alert");
  await expect(summary).toContainText("The shop could not be reached, so the payment may or may not have gone through.");
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expectNoAxeViolations(page);

  await page.unroute("**/Payment.data*");
  await page.getByLabel("Security code").fill("123");
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  // The lost answer was this same order: the first press placed it, the second found it.
  expect(lostAnswer).toContain(new URL(page.url()).pathname);
});

test("a Shipping step sent while offline keeps the address and says to send again", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  await open(page, "/Shipping");
  const form = shippingForm(page);
  await form.name.fill("Erika Mustermann");
  await form.address.fill("Heidestraße 17");
  await form.postalcode.fill("51147");
  await form.city.fill("Köln");
  await page.context().setOffline(true);
  await form.submit.click();
  await expect(page.getByRole("alert")).toContainText("The shop could not be reached: check your connection and send the form again.");
  await expect(form.name).toHaveValue("Erika Mustermann");
  await expect(form.city).toHaveValue("Köln");

  await page.context().setOffline(false);
  await form.submit.click();
  await expect(page).toHaveURL(/\/Payment$/);
});

test("Grip & size sent while offline keeps the choice and says to send again", async ({ page }) => {
  await open(page, "/GripSize");
  await page.getByRole("radio", { name: "8.5″" }).check();
  await page.getByRole("checkbox", { name: /grip tape/i }).check();
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Continue to login" }).click();
  await expect(page.getByRole("alert")).toContainText("The shop could not be reached: check your connection and send the form again.");
  await expect(page.getByRole("radio", { name: "8.5″" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /grip tape/i })).toBeChecked();

  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Continue to login" }).click();
  await expect(page).toHaveURL(/\/Login$/);
});

test("a double click on Pay places one order", async ({ page }) => {
  test.slow(); // a whole journey (order, mail, account, axe): about 15 s alone, twice that on a loaded CI machine
  await seedOrder(page, { size: 8, grip: false });
  await createAccount(page);
  await page.evaluate(
    ([key, order]) => sessionStorage.setItem(key, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key) ?? "{}"), ...order })),
    [ORDER_STORAGE_KEY, completeOrder] as const,
  );
  await open(page, "/Payment");
  await fillCard(page);
  await payButton(page).dblclick();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await open(page, "/account");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2); // the header row and one order
});

test("two tabs of the same checkout place one order", async ({ page, context }) => {
  const checkoutId = randomUUID();
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await seedOrder(tab, { ...completeOrder, checkoutId }); // a duplicated tab copies session storage
    await open(tab, "/Payment");
    await fillCard(tab);
  }
  await Promise.all([payButton(page).click(), payButton(second).click()]);
  for (const tab of [page, second]) {
    await expect(tab.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  }
  expect(new URL(second.url()).pathname).toBe(new URL(page.url()).pathname);
});

test("a buyer who skips ahead is sent to the first incomplete step and told why", async ({ page }) => {
  await open(page, "/Payment");
  await expect(page).toHaveURL(/\/GripSize$/);
  const notice = page.getByRole("status").filter({ hasText: "Choose your deck's width first." });
  await expect(notice).toBeVisible();

  // The reason lives in the tab's history, which the server never sees: a reload shows it again, once hydrated,
  // without React reporting a mismatch between the server's page and the first render.
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await page.reload();
  await expect(notice).toBeVisible();
  expect(errors).toEqual([]);
});

test("a buyer with width and e-mail but no address is sent from Payment to Shipping", async ({ page }) => {
  await seedOrder(page, optionsAndContact);
  await open(page, "/Payment");
  await expect(page).toHaveURL(/\/Shipping$/);
  await expect(page.getByText("Enter your shipping address first.")).toBeVisible();
});

test("markup typed into the address is shown as text, never run", async ({ page }) => {
  const hostile = `<img src=x onerror="window.__pwned=1">Robert'); DROP TABLE orders;--`;
  await seedOrder(page, { ...completeOrder, name: hostile });
  await open(page, "/Payment");
  await expect(page.getByTestId("ship-to")).toContainText(hostile);
  await fillCard(page);
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByText(hostile)).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("a design reaching beyond the safe zone is pointed out again at Grip & size and before paying", async ({ page }) => {
  const corner = { id: "corner", kind: "emoji", x: 5, y: 5, rotation: 0, unified: "1f6f9", name: "skateboard", size: 40 };
  await seedOrder(page, { ...completeOrder, size: 8, design: { background: "#5fbb97", layers: [corner] } });
  const warning = "One part of your design reaches beyond the safe zone and may be cut off at the deck's rounded edge.";
  await open(page, "/GripSize");
  await expect(page.getByText(warning)).toBeVisible();
  await open(page, "/Payment");
  await expect(page.getByText(warning)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Check it in the editor" }).click();
  await expect(page).toHaveURL(/\/editor$/);
});

test("the print file of a designed deck has the layers where the buyer put them", async ({ page }) => {
  // A red deck with a word at 300 mm and a skateboard sticker at 500 mm down the deck, centred across it.
  const design = {
    background: "#ff0000",
    layers: [
      { id: "word", kind: "text", x: 101.6, y: 300, rotation: 0, text: "SKATE", font: "bebas-neue", fontSize: 40, color: "#1b1b1b", align: "center" },
      { id: "sticker", kind: "emoji", x: 101.6, y: 500, rotation: 0, unified: "1f6f9", name: "skateboard", size: 60 },
    ],
  };
  await seedOrder(page, { ...completeOrder, size: 8, design });
  await open(page, "/");
  await expect(page.getByRole("img", { name: /Custom skateboard deck/ }).first()).toBeVisible();
  await open(page, "/Payment");
  await fillCard(page);
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();

  const pngPath = await page.getByRole("link", { name: "Download the print file (PNG, 300 DPI)" }).getAttribute("href");
  const image = decodePng(await (await page.request.get(pngPath!)).body());
  expect([image.width, image.height]).toEqual([2400, 9563]); // 8 in × 300 DPI, 31.875 in × 300 DPI

  const px = (mm: number) => (mm / 25.4) * 300;
  const around = (xMm: number, yMm: number, halfMm: number) => ({
    x: px(xMm - halfMm),
    y: px(yMm - halfMm),
    width: px(2 * halfMm),
    height: px(2 * halfMm),
  });
  const red = [255, 0, 0, 255];
  // Where there is no layer, the deck is red; where the word and the sticker are, much of it is not.
  expect(countUnlike(image, around(101.6, 700, 15), red)).toBe(0);
  const wordBox = around(101.6, 300, 15);
  expect(countUnlike(image, wordBox, red) / (wordBox.width * wordBox.height)).toBeGreaterThan(0.1);
  const stickerBox = around(101.6, 500, 20);
  expect(countUnlike(image, stickerBox, red) / (stickerBox.width * stickerBox.height)).toBeGreaterThan(0.2);
});

test("a signed-in buyer adds their own guest order to the account from the order page, with one click", async ({ page, browser }) => {
  test.slow(); // an account, then a guest order in another browser
  const email = await createAccount(page);

  // The same person bought as a guest elsewhere (another browser), with the account's address.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await seedOrder(guestPage, { ...completeOrder, contact: email });
  await open(guestPage, "/Payment");
  await fillCard(guestPage);
  await payButton(guestPage).click();
  await expect(guestPage).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  const number = (await guestPage.getByText(/Order number/).textContent())!.match(/DS-[0-9A-Z]{8}/)![0];
  const link = new URL(guestPage.url());
  link.searchParams.delete("placed");
  await guest.close();

  // Opened from the mail while signed in: no link to send, the order goes into the account at once.
  await open(page, link.pathname + link.search);
  const offer = page.getByRole("region", { name: "Keep this order in your account" });
  await expect(offer).toContainText(`went to ${email}`);
  await expect(page.getByRole("button", { name: "Send me a link" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await offer.getByRole("button", { name: "Add to my account" }).click();
  await expect(page.getByRole("status")).toHaveText(`Order ${number} is in your account now.`);
  await page.getByRole("link", { name: "your account page" }).click();
  await expect(page.getByRole("rowheader", { name: number })).toBeVisible();
});
