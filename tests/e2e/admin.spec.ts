import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_OPERATOR } from "#tests/support/operator.ts";
import { pngSize } from "#tests/support/png-reader.ts";
import { completeOrder, expectNoAxeViolations, nextYear, open, operatorPage, readMail, seedOrder, waitForHydration } from "./helpers.ts";

/**
 * The back office end to end: a buyer's order taken through production and shipping by an operator (the server
 * is started with E2E_OPERATOR, see playwright.config.ts), what the buyer sees and is mailed, and that nobody
 * else finds /admin. The tests share one order and run in order.
 */
test.describe.configure({ mode: "serial" });

/** The order the first test places and ships; the later tests look at it. */
const placed = { id: "", number: "", buyerPath: "", trackingNumber: "" };

/** A DHL parcel number (20 digits) of its own, so nothing else on the server carries it. */
function dhlTrackingNumber(): string {
  return `0034043416${String(randomInt(0, 10_000_000_000)).padStart(10, "0")}`;
}

/** A guest pays for a deck (as in purchase.spec.ts): the order's id, number and the buyer's link to it. */
async function placeOrder(page: Page) {
  await seedOrder(page, { ...completeOrder, contact: `admin-buyer-${randomUUID().slice(0, 8)}@example.com` });
  await open(page, "/Payment");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Name on card").fill("Erika Mustermann");
  await page.getByLabel("Month (MM)").fill("09");
  await page.getByLabel("Year (YY)").fill(nextYear);
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Buy now", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  const number = (await page.getByText(/Order number DS-[0-9A-Z]{8}/).textContent())!.match(/DS-[0-9A-Z]{8}/)![0];
  const url = new URL(page.url());
  url.searchParams.delete("placed"); // the buyer's own link to the order, as in the mails
  return { id: url.pathname.split("/")[2]!, number, buyerPath: url.pathname + url.search };
}


/** A buyer with an account (signed up through the Login page and the mailed link), signed in. */
async function signedInBuyer(page: Page): Promise<void> {
  const email = `admin-prober-${randomUUID().slice(0, 8)}@example.com`;
  await open(page, "/Login");
  const signUp = page.getByRole("region", { name: "Create an account" });
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Password").fill("a long passphrase");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(signUp.getByRole("status")).toContainText(`We sent a link to ${email}`);
  const link = new URL(/https?:\/\/\S+\/account\/confirm\?code=[\w-]+/.exec(await readMail(`To: ${email}`))![0]);
  await open(page, link.pathname + link.search);
  await page.getByRole("button", { name: "Create my account" }).click();
  // A tab without an order under way goes to the account page (step-rules.ts).
  await expect(page).toHaveURL(/\/account$/);
}

test("an operator finds a buyer's order, downloads its print file, starts production and ships it; the buyer sees the tracking", async ({
  page,
  browser,
}) => {
  test.slow(); // a whole journey (order, mail, account, axe): about 15 s alone, twice that on a loaded CI machine
  // (a) A buyer places an order in their own browser.
  Object.assign(placed, await placeOrder(page), { trackingNumber: dhlTrackingNumber() });

  // (b) An operator, in another browser, finds it by its number.
  const admin = await operatorPage(browser);
  await admin.getByLabel("Search by order number, e-mail, name or invoice number").fill(placed.number);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`[?&]q=${placed.number}`));
  const rows = admin.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2); // the header row and this order
  await rows.getByRole("link", { name: placed.number, exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${placed.id}$`));
  await expect(admin.getByRole("heading", { level: 1, name: `Order ${placed.number}` })).toBeVisible();
  await waitForHydration(admin);

  // The print file: a PNG of the whole 8.25-inch deck at 300 DPI.
  const downloading = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download PNG (300 DPI)" }).click();
  const download = await downloading;
  const png = fs.readFileSync((await download.path())!);
  expect(png.subarray(0, 8).toString("hex"), "the PNG signature").toBe("89504e470d0a1a0a");
  expect(png.length).toBeGreaterThan(10_000);
  expect(pngSize(png)).toEqual({ width: 2475, height: 9563 });
  await expect(admin.getByRole("link", { name: "Download SVG (vector)" })).toHaveAttribute("href", `/admin/orders/${placed.id}/print/svg`);

  // The invoice, as the operator would send it again.
  const invoiceDownload = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download invoice (PDF)" }).click();
  const invoice = await invoiceDownload;
  expect(invoice.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  expect(fs.readFileSync((await invoice.path())!).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  const nextStep = admin.getByRole("region", { name: "Next step" });
  const history = admin.getByRole("region", { name: "History" });
  const status = admin.locator(".admin__heading"); // the heading and the order's status badge beside it
  await expect(status).toContainText("Paid");
  await expect(history.getByRole("listitem")).toHaveText([/^Placed and paid/]);

  await nextStep.getByRole("button", { name: "Start production" }).click();
  await expect(nextStep.getByRole("status")).toHaveText("The order is in production now.");
  await expect(status).toContainText("In production");
  await expect(history.getByRole("listitem")).toHaveText([/^Placed and paid/, new RegExp(`^In production.*${E2E_OPERATOR.email}`)]);
  await expect(nextStep.getByRole("button", { name: "Start production" })).toHaveCount(0);

  await nextStep.getByLabel("Carrier").selectOption({ label: "DHL" });
  await nextStep.getByLabel("Tracking number").fill(placed.trackingNumber);
  await nextStep.getByRole("button", { name: "Mark shipped" }).click();
  await expect(nextStep.getByRole("status")).toHaveText("The order is shipped now.");
  await expect(status).toContainText("Shipped");
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").last()).toContainText(`Shipped: DHL ${placed.trackingNumber}`);
  await expect(nextStep.getByRole("button", { name: "Mark delivered" })).toBeVisible();
  await expect(nextStep.getByRole("button", { name: "Cancel and refund" })).toHaveCount(0); // a shipped deck is returned instead
  await admin.context().close();

  // (c) The buyer's page, reloaded in the buyer's browser: shipped, with the parcel's tracking.
  await open(page, placed.buyerPath);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${placed.number}` })).toBeVisible();
  const progress = page.getByRole("region", { name: /^Status:/ });
  await expect(progress.getByRole("heading", { level: 2 })).toHaveText("Status: Shipped");
  const trackingLink = progress.getByRole("link", { name: placed.trackingNumber, exact: true });
  await expect(trackingLink).toHaveAttribute("href", new RegExp(placed.trackingNumber));
  await expect(progress.getByRole("link", { name: "Track your parcel" })).toHaveAttribute("href", new RegExp(placed.trackingNumber));
});

test("the back office is the 404 page for a visitor and for a signed-in buyer", async ({ browser }) => {
  expect(placed.id, "the first test's order").not.toBe("");
  const pagePaths = ["/admin", `/admin/orders/${placed.id}`];
  // The files: a 404 with no file in it (React Router answers a resource route's 404 without the HTML page).
  const filePaths = [`/admin/orders/${placed.id}/print/png`, "/admin/orders.csv"];

  const visitor = await (await browser.newContext()).newPage();
  const buyer = await (await browser.newContext()).newPage();
  await signedInBuyer(buyer);
  await open(buyer, "/account");
  await expect(buyer.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  for (const [who, page] of [["a visitor", visitor], ["a signed-in buyer", buyer]] as const) {
    for (const target of pagePaths) {
      const response = await page.goto(target);
      expect(response?.status(), `${who}: status of GET ${target}`).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" }), `${who}: GET ${target}`).toBeVisible();
      await expect(page.getByText(placed.number)).toHaveCount(0);
    }
    for (const target of filePaths) {
      const response = await page.request.get(target);
      expect(response.status(), `${who}: status of GET ${target}`).toBe(404);
      expect(response.headers()["content-type"], `${who}: GET ${target}`).not.toMatch(/image\/png|text\/csv/);
      expect(response.headers()["content-disposition"], `${who}: GET ${target}`).toBeUndefined();
      expect(await response.text(), `${who}: GET ${target}`).not.toContain(placed.number);
    }
  }
  await visitor.context().close();
  await buyer.context().close();
});

test("the buyer gets one mail about the shipped order, with the tracking number and its link", async () => {
  expect(placed.number, "the first test's order").not.toBe("");
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "mail");
  const subject = `Subject: Your Deck Studio order ${placed.number} is on its way`;
  /** The .eml files holding the shipped mail's subject (headers unfolded, quoted-printable decoded). */
  const shippedMails = () =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .map((file) => decodeMail(fs.readFileSync(path.join(dir, file), "utf8")))
      .filter((text) => text.includes(subject));

  // The mail worker delivers every few seconds.
  await expect.poll(() => shippedMails().length, { timeout: 20_000, message: `a mail "${subject}" in ${dir}` }).toBeGreaterThan(0);
  // Exactly one, also after the worker's next round (every 3 s): a second transition or a retry would show here.
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  expect(shippedMails()).toHaveLength(1);
  const mail = shippedMails()[0] ?? "";
  expect(mail).toContain(`Tracking number: ${placed.trackingNumber}`);
  expect(mail).toContain("has been handed to DHL");
  expect(mail).toMatch(new RegExp(`https://www\\.dhl\\.de/\\S*piececode=${placed.trackingNumber}`));
  const orderLink = new RegExp(`https?://\\S+/orders/${placed.id}\\?token=[\\w.-]+`).exec(mail)?.[0];
  expect(orderLink, "the link to the buyer's order").toBeTruthy();
  expect(new URL(orderLink!).pathname + new URL(orderLink!).search).toBe(placed.buyerPath);
});

test("the back office's pages have no axe violations", async ({ browser, page }) => {
  test.slow(); // an operator's sign-in and three axe runs: 24 s alone, just over 30 s beside another worker in CI
  expect(placed.id, "the first test's order").not.toBe("");
  await open(page, "/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
  await expectNoAxeViolations(page);

  const admin = await operatorPage(browser);
  await expect(admin.getByRole("table").getByRole("link", { name: placed.number })).toBeVisible();
  await expectNoAxeViolations(admin);
  await open(admin, `/admin/orders/${placed.id}`);
  await expect(admin.getByRole("heading", { level: 1, name: `Order ${placed.number}` })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.context().close();
});

test("at 390 px the order list and the order do not scroll sideways, and the list shows order, buyer, total and status on screen", async ({ browser }) => {
  expect(placed.id, "the first test's order").not.toBe("");
  const admin = await operatorPage(browser);
  await admin.setViewportSize({ width: 390, height: 844 });
  for (const target of ["/admin", `/admin/orders/${placed.id}`]) {
    await open(admin, target);
    const scrollWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `the page width of ${target} at 390 px`).toBeLessThanOrEqual(390);
  }
  await open(admin, "/admin");
  // The table fits its box: nothing the operator scans for sits off-screen behind a sideways scroll.
  const table = await admin.locator(".admin__table-wrap").evaluate((wrap) => ({ scroll: wrap.scrollWidth, client: wrap.clientWidth }));
  expect(table.scroll).toBeLessThanOrEqual(table.client);
  for (const column of ["Order", "Buyer", "Total", "Status"]) {
    await expect(admin.getByRole("columnheader", { name: column, exact: true })).toBeInViewport();
  }
  await admin.context().close();
});

/** An .eml file as text: its header lines unfolded, its body decoded from quoted-printable (as readMail does). */
function decodeMail(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = eml
    .slice(split)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return headers + body;
}

test("two tabs on one order: the second tab's move is refused, and its page then shows the order as it is", async ({ page, browser }) => {
  test.slow(); // an order placed, then two back-office tabs
  const order = await placeOrder(page);
  const first = await operatorPage(browser);
  const second = await first.context().newPage();
  for (const tab of [first, second]) {
    await open(tab, `/admin/orders/${order.id}`);
    await waitForHydration(tab);
  }
  await first.getByRole("region", { name: "Next step" }).getByRole("button", { name: "Start production" }).click();
  await expect(first.getByRole("region", { name: "Next step" }).getByRole("status")).toHaveText("The order is in production now.");

  // The second tab still shows the order as Paid; its click is refused, and the page reloads the order.
  const nextStep = second.getByRole("region", { name: "Next step" });
  await nextStep.getByRole("button", { name: "Start production" }).click();
  await expect(nextStep.getByRole("alert")).toHaveText(
    "This order is in production now: someone changed it meanwhile. Nothing was changed.",
  );
  await expect(second.locator(".admin__heading")).toContainText("In production");
  await expect(nextStep.getByRole("button", { name: "Start production" })).toHaveCount(0);
  await expect(second.getByRole("region", { name: "History" }).getByRole("listitem")).toHaveCount(2);

  // Shipping it from the second tab while the first has shipped it already: the clash, not a tracking-number error.
  await first.getByRole("region", { name: "Next step" }).getByLabel("Carrier").selectOption({ label: "DHL" });
  await first.getByRole("region", { name: "Next step" }).getByLabel("Tracking number").fill(dhlTrackingNumber());
  await first.getByRole("region", { name: "Next step" }).getByRole("button", { name: "Mark shipped" }).click();
  await expect(first.getByRole("region", { name: "Next step" }).getByRole("status")).toHaveText("The order is shipped now.");
  await nextStep.getByLabel("Carrier").selectOption({ label: "DPD" });
  await nextStep.getByLabel("Tracking number").fill("OTHER123456");
  await nextStep.getByRole("button", { name: "Mark shipped" }).click();
  await expect(nextStep.getByRole("alert")).toHaveText("This order is shipped now: someone changed it meanwhile. Nothing was changed.");
  await expect(second.locator(".admin__heading")).toContainText("Shipped");
  await first.context().close();
});

test("a shipped deck that comes back: the operator marks it returned, which refunds it with a credit note the buyer can download", async ({
  page,
  browser,
}) => {
  expect(placed.id, "the first test's order").not.toBe("");
  const admin = await operatorPage(browser);
  await open(admin, `/admin/orders/${placed.id}`);
  await waitForHydration(admin);
  const nextStep = admin.getByRole("region", { name: "Next step" });
  // Without the refund confirmed, nothing happens but the field's message.
  await nextStep.getByRole("button", { name: "Mark returned and refund" }).click();
  await expect(nextStep.getByText("Confirm the refund to mark the order returned")).toBeVisible();
  await expect(nextStep.getByLabel(/^Refund .* to the buyer's card$/)).toBeFocused(); // the field to fix, not the page's top
  await expect(admin.locator(".admin__heading")).toContainText("Shipped");
  await nextStep.getByLabel(/^Refund .* to the buyer's card$/).check();
  await nextStep.getByRole("button", { name: "Mark returned and refund" }).click();
  await expect(nextStep.getByRole("status")).toHaveText("The order is returned now.");
  await expect(admin.locator(".admin__heading")).toContainText("Returned");
  await expect(nextStep).toContainText("Nothing more to do: the order is returned.");
  await expect(admin.getByRole("region", { name: "History" }).getByRole("listitem").last()).toContainText(
    /^Returned, refunded \(test_re_[0-9a-f]+\), credit note \d{4}-\d{6}/,
  );

  const creditNoteDownload = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download credit note (PDF)" }).click();
  const creditNote = await creditNoteDownload;
  expect(creditNote.suggestedFilename()).toMatch(/^credit-note-\d{4}-\d{6}\.pdf$/);
  expect(fs.readFileSync((await creditNote.path())!).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expectNoAxeViolations(admin);
  await admin.context().close();

  // The buyer's page: returned and refunded, the credit note beside the invoice, no withdrawal offered any more.
  await open(page, placed.buyerPath);
  const progress = page.getByRole("region", { name: /^Status:/ });
  await expect(progress.getByRole("heading", { level: 2 })).toHaveText("Status: Returned");
  await expect(progress).toContainText("the full amount was refunded to your card");
  await expect(page.locator("dt:text-is('Refunded to your card') + dd")).toHaveText(/^€\d+\.\d{2}$/);
  await expect(page.getByRole("link", { name: "Download invoice (PDF)" })).toBeVisible();
  const buyerDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download credit note (PDF)" }).click();
  expect((await buyerDownload).suggestedFilename()).toBe(creditNote.suggestedFilename());
  await expect(page.getByRole("main").getByRole("link", { name: "Withdraw from contract" })).toHaveCount(0);
});
