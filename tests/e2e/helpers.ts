import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { E2E_OPERATOR } from "#tests/support/operator.ts";

export const SHOP_NAME = "Deck Studio";

/** Every page of the spec (§2) with the heading its content starts with. */
export const pages = [
  { path: "/", heading: "Custom skateboard deck" },
  { path: "/editor", heading: "Design your deck" },
  { path: "/Example", heading: "Example" },
  { path: "/GripSize", heading: "Choose grip and size" },
  { path: "/Login", heading: "Login" },
  { path: "/Payment", heading: "Payment" },
  { path: "/Shipping", heading: "Shipping" },
] as const;

/**
 * Resolves once React has hydrated the whole document and committed it: the root layout's effect marks <html>.
 * Interacting earlier would hit the server-rendered HTML without its handlers. (React's own keys on <html> are
 * no sign: <html> is a singleton, tagged as soon as hydration starts.)
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Loads a page as a buyer would and waits until it is interactive. */
export async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of GET ${path}`).toBe(200);
  await waitForHydration(page);
}

/** Reloads the page and waits until it is interactive again. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await waitForHydration(page);
}

/** The default layout (spec §2): header with the shop's name, the page's heading inside main, a footer. */
export async function expectLayout(page: Page, heading: string | RegExp): Promise<void> {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: SHOP_NAME, exact: true })).toBeVisible();
  await expect(header.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(SHOP_NAME);
}

/** Runs axe with the WCAG 2.0/2.1 A and AA rules and expects no violations (shown in full when there are). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const violations = results.violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact,
    help,
    targets: nodes.map((node) => node.target.join(" ")),
  }));
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

export const ORDER_STORAGE_KEY = "deck-studio:order:v1";

/** A card expiry year two years ahead, as two digits. */
export const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");

/** What a buyer has entered once Grip & size and Login are done. */
export const optionsAndContact = { size: 8.25, grip: false, contact: "erika@example.com" };

/** What a buyer has entered once every step before Payment is done. */
export const completeOrder = {
  ...optionsAndContact,
  name: "Erika Mustermann",
  address: "Heidestraße 17",
  addressextend: "",
  postalcode: "51147",
  city: "Köln",
  country: "DE",
};

/**
 * Starts the tab with this order draft in session storage, as if the buyer had done the earlier steps. Only
 * while the tab has no draft yet, so a reload keeps whatever the test typed since.
 */
export async function seedOrder(page: Page, order: Record<string, unknown>): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
    },
    [ORDER_STORAGE_KEY, JSON.stringify(order)] as const,
  );
}

/** The Login page's guest e-mail field (the page also has sign-in and sign-up e-mail fields). */
export function guestEmail(page: Page): Locator {
  return page.getByRole("region", { name: "Continue as guest" }).getByLabel("E-mail");
}

/** The shipping form's controls, by their labels. */
export function shippingForm(page: Page) {
  return {
    email: page.getByLabel("E-mail"),
    name: page.getByLabel("Full name"),
    address: page.getByLabel("Street and house number"),
    addressextend: page.getByLabel("Apartment, suite, etc. (optional)"),
    postalcode: page.getByLabel("Postal code"),
    city: page.getByLabel("Town or city"),
    country: page.getByLabel("Country"),
    submit: page.getByRole("button", { name: "Continue to payment" }),
  };
}

/** A control shows `message` as its error: marked invalid and described by the message. */
export async function expectFieldError(control: Locator, message: string): Promise<void> {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

/** One line of the order summary's price table, e.g. ("Shipping to Germany", "€4.90"). */
export async function expectPriceLine(summary: Locator, label: string, amount: string): Promise<void> {
  const row = summary.getByRole("row", { name: label });
  await expect(row.getByRole("rowheader")).toHaveText(label);
  await expect(row.getByRole("cell")).toHaveText(amount);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The newest mail the e2e server wrote (no SMTP_URL: .eml files in DATA_DIR/mail) whose text holds `needle`,
 * decoded from quoted-printable. Waits for the server's mail worker, which delivers every few seconds.
 */
export async function readMail(needle: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "mail");
  let found = "";
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".eml")).sort().reverse() : [];
        const texts = files.map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")));
        found = texts.find((text) => text.includes(needle)) ?? "";
        return found !== "";
      },
      { timeout: 20_000, message: `a mail holding ${needle} in ${dir}` },
    )
    .toBe(true);
  return found;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Fills the Payment page's card fields with a test card (4242… succeeds). */
export async function fillCard(page: Page, number = "4242 4242 4242 4242", cvv = "123"): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Name on card").fill("Erika Mustermann");
  await page.getByLabel("Month (MM)").fill("09");
  await page.getByLabel("Year (YY)").fill(nextYear);
  await page.getByLabel("Security code").fill(cvv);
}

/** The Payment step's button: "Buy now", the words § 312j BGB asks for (D161); the total stands above it. */
export const payButton = (page: Page): Locator => page.getByRole("button", { name: "Buy now", exact: true });

/** The total to pay, shown right above the button. */
export const payTotal = (page: Page): Locator => page.getByTestId("order-total");

/**
 * Signs up on the Login step, opens the link mailed to the address and creates the account: back at /Shipping
 * with an order in the tab (seedOrder), or at the account page, told where the design is, with none.
 */
export async function createAccount(page: Page): Promise<string> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  await open(page, "/Login");
  const signUp = page.getByRole("region", { name: "Create an account" });
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Password").fill("a long passphrase");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(signUp.getByRole("status")).toContainText(`We sent a link to ${email}`);

  const link = /https?:\/\/\S+\/account\/confirm\?code=[\w-]+/.exec(await readMail(`To: ${email}`))![0];
  await open(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Whether this tab holds an order under way (a width or grip chosen), as the step rules judge it: a draft
  // that only exists (a page wrote its defaults) counts as none, and signing in then leads to the account page.
  const hasOrder = await page.evaluate((key) => {
    const draft = JSON.parse(sessionStorage.getItem(key) ?? "{}") as { size?: unknown; grip?: unknown };
    return (typeof draft.size === "number" && draft.size > 0) || draft.grip === true;
  }, ORDER_STORAGE_KEY);
  await page.getByRole("button", { name: "Create my account" }).click();
  if (hasOrder) {
    await expect(page).toHaveURL(/\/Shipping$/);
  } else {
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("status").filter({ hasText: "This tab holds no order yet" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  return email;
}

/** A new browser context whose page signs in at /admin/login as the e2e operator and lands on the order list. */
export async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await open(page, "/admin/login");
  await page.getByLabel("E-mail").fill(E2E_OPERATOR.email);
  await page.getByLabel("Password").fill(E2E_OPERATOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  return page;
}
