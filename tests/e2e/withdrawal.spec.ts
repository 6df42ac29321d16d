import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { completeOrder, expectFieldError, expectNoAxeViolations, fillCard, open, operatorPage, payButton, readMail, seedOrder } from "./helpers.ts";

/** A guest buys a deck without their own design (the right of withdrawal applies); the order page is open after. */
async function buyPlainDeck(page: Page): Promise<{ number: string; contact: string }> {
  const contact = `withdraw-${randomUUID().slice(0, 8)}@example.com`;
  await seedOrder(page, { ...completeOrder, contact });
  await open(page, "/Payment");
  await fillCard(page);
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  const number = (await page.getByText(/Order number DS-[0-9A-Z]{8}/).textContent())!.match(/DS-[0-9A-Z]{8}/)![0];
  return { number, contact };
}

test("a buyer withdraws from a purchase from the order page, gets the receipt by mail, and the operator sees it", async ({ page, browser }) => {
  test.slow(); // a whole journey (order, mail, account, axe): about 15 s alone, twice that on a loaded CI machine
  const { number, contact } = await buyPlainDeck(page);
  const orderUrl = page.url();

  await page.getByRole("main").getByRole("link", { name: "Withdraw from contract" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw from contract" })).toBeVisible();
  await expect(page.getByLabel("Order number")).toHaveValue(number);
  await expectNoAxeViolations(page);

  // Leaving untouched fields scolds nobody; the button then names every missing field.
  await page.getByLabel("Full name").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expectFieldError(page.getByLabel("Full name"), "Enter your full name");
  await expectFieldError(page.getByLabel("E-mail address of the order"), "Enter your e-mail address");

  await page.getByLabel("Full name").fill("Erika Mustermann");
  await page.getByLabel("E-mail address of the order").fill(contact);
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  const received = page.getByRole("status").filter({ hasText: "Withdrawal received" });
  await expect(received).toContainText(`We received your withdrawal from order ${number} on`);
  await expect(received).toContainText(`A receipt is on its way to ${contact}`);
  await expectNoAxeViolations(page);

  const mail = await readMail(`Your withdrawal from Deck Studio order ${number} has arrived`);
  expect(mail).toContain(`To: ${contact}`);
  expect(mail).toContain(`I, Erika Mustermann, withdraw from my contract for order ${number}`);

  // The order page says it arrived, and offers the function no more.
  await open(page, orderUrl);
  await expect(page.getByText("Your withdrawal from this order arrived on")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Withdraw from contract" })).toHaveCount(0);

  // The back office lists it under "Withdrawn, refund due", and shows it above the order, with what to do.
  const operator = await operatorPage(browser);
  await open(operator, "/admin");
  await operator.getByRole("navigation", { name: "Order status" }).getByRole("link", { name: /Withdrawn, refund due/ }).click();
  await expect(operator).toHaveURL(/status=withdrawn/);
  await expect(operator.getByRole("table").getByRole("link", { name: number })).toBeVisible();
  await open(operator, `/admin/orders/${new URL(orderUrl).pathname.split("/")[2]}`);
  const notice = operator.getByRole("note");
  await expect(notice).toContainText(/Withdrawal declared .* by Erika Mustermann with the withdrawal form\./);
  await expect(notice).toContainText("Cancel the order if it has not shipped");
  await expectNoAxeViolations(operator);
});

test("without scripts, from any page's footer: the form answers with its message and keeps what was typed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Withdraw from contract" }).click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await page.getByLabel("Full name").fill("Erika Mustermann");
  await page.getByLabel("Order number").fill("ds-0000 0000");
  await page.getByLabel("E-mail address of the order").fill("nobody@example.com");
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByRole("alert")).toContainText("We have no order with this number for this e-mail address.");
  await expect(page.getByLabel("Full name")).toHaveValue("Erika Mustermann");
  await expect(page.getByLabel("E-mail address of the order")).toHaveValue("nobody@example.com");
  await context.close();
});

test("German: the footer's „Vertrag widerrufen“ leads to the form with „Widerruf bestätigen“", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await open(page, "/withdraw");
  await expect(page.getByRole("heading", { level: 1, name: "Vertrag widerrufen" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Vertrag widerrufen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Widerruf bestätigen" })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
