// A buyer's way through the shop and an operator's through the back office, driven in Chromium by Playwright
// with role and label locators (as the e2e tests do; they are TypeScript, which node does not load, so the few
// steps are spelt here again). Used by `npm run screenshots` and `npm run bench:lighthouse`, against the production
// server of scripts/lib/production-server.mjs: each step calls `visit(name, page)` once the page is ready.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Session storage key of the order draft (app/modules/order: the store of D11). */
export const ORDER_STORAGE_KEY = "deck-studio:order:v1";

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");

/** A draft that has done Grip & size and Login, and one that has done every step before Payment. */
export const DRAFTS = {
  shipping: { size: 8.25, grip: false, contact: "erika@example.com" },
  payment: {
    size: 8.25,
    grip: false,
    contact: "erika@example.com",
    name: "Erika Mustermann",
    address: "Heidestraße 17",
    addressextend: "",
    postalcode: "51147",
    city: "Köln",
    country: "DE",
  },
};

/** A throwaway operator for a throwaway database. */
export function newOperator() {
  return { email: "operator@walk.test", password: `walk-${randomUUID()}` };
}

/** Runs scripts/create-operator.mjs with the server's environment (before the server opens DATA_DIR). */
export function createOperator(env, operator) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/create-operator.mjs", "--email", operator.email], {
      cwd: ROOT,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`create-operator exited with ${code}:\n${output}`))));
    child.stdin.end(`${operator.password}\n`);
  });
}

/** Resolves once React has hydrated and committed the document (the root layout then marks <html>). */
export async function waitForHydration(page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

async function open(page, url) {
  const response = await page.goto(url);
  if (!response || response.status() !== 200) throw new Error(`GET ${url} answered ${response?.status()}`);
  await waitForHydration(page);
}

/** The newest mail in DATA_DIR/mail holding `needle`, decoded from quoted-printable; waits up to 30 s. */
async function readMail(mailDir, needle) {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith(".eml")).sort().reverse() : [];
    for (const file of files) {
      const text = readFileSync(path.join(mailDir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (text.includes(needle)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail holding ${needle} in ${mailDir} within 30 s`);
}

/**
 * The buyer: start page, editor, example, Grip & size, Login (signs up and confirms through the mailed link),
 * Shipping, Payment with the test card 4242 4242 4242 4242, the order page and the account. `page` should be
 * in a fresh context. Returns the order page's path and the signed-in buyer's cookies.
 */
export async function walkBuyer(page, { base, dataDir, visit = async () => {} }) {
  for (const [name, url] of [
    ["home", "/"],
    ["editor", "/editor"],
    ["example", "/Example"],
  ]) {
    await open(page, base + url);
    await visit(name, page);
  }

  await open(page, `${base}/GripSize`);
  await page.getByRole("group", { name: "Deck width" }).getByRole("radio").first().check();
  await visit("grip-size", page);
  await page.getByRole("button", { name: "Continue to login" }).click();
  await page.waitForURL(/\/Login$/);
  await waitForHydration(page);
  await visit("login", page);

  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = page.getByRole("region", { name: "Create an account" });
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Password").fill("a long passphrase");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await signUp.getByRole("status").filter({ hasText: `We sent a link to ${email}` }).waitFor();
  const link = new URL(/https?:\/\/\S+\/account\/confirm\?code=[\w-]+/.exec(await readMail(path.join(dataDir, "mail"), `To: ${email}`))[0]);
  await open(page, base + link.pathname + link.search);
  await visit("account-confirm", page);
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(/\/Shipping$/);
  await waitForHydration(page);

  await page.getByLabel("Full name").fill("Erika Mustermann");
  await page.getByLabel("Street and house number").fill("Heidestraße 17");
  await page.getByLabel("Postal code").fill("51147");
  await page.getByLabel("Town or city").fill("Köln");
  await page.getByLabel("Country").selectOption({ label: "Germany" });
  await visit("shipping", page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL(/\/Payment$/);
  await waitForHydration(page);

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Name on card").fill("Erika Mustermann");
  await page.getByLabel("Month (MM)").fill("09");
  await page.getByLabel("Year (YY)").fill(nextYear);
  await page.getByLabel("Security code").fill("123");
  await visit("payment", page);
  await page.getByRole("button", { name: "Buy now", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Thank you for your order" }).waitFor({ timeout: 30_000 });
  await waitForHydration(page);
  const orderPath = new URL(page.url()).pathname;
  await visit("order", page);

  await open(page, `${base}/account`);
  await visit("account", page);
  return { orderPath, cookies: await page.context().cookies() };
}

/** Pages a visitor without a session sees outside the buyer's way: /account signed out, the withdrawal form, the 404 page. */
export async function walkSignedOut(page, { base, visit = async () => {} }) {
  await open(page, `${base}/account`);
  await visit("account-signed-out", page);
  await open(page, `${base}/withdraw`);
  await visit("withdraw", page);
  const response = await page.goto(`${base}/no-such-page`);
  if (response?.status() !== 404) throw new Error(`GET /no-such-page answered ${response?.status()}`);
  await waitForHydration(page);
  await visit("not-found", page);
}

/** The operator: back-office sign-in, the order list, the first order. Returns its path and the cookies. */
export async function walkBackOffice(page, { base, operator, visit = async () => {} }) {
  await open(page, `${base}/admin/login`);
  await visit("admin-login", page);
  await page.getByLabel("E-mail").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
  await waitForHydration(page);
  await visit("admin-orders", page);
  await page.getByRole("table").getByRole("row").nth(1).getByRole("link").first().click();
  await page.waitForURL(/\/admin\/orders\/[^/]+$/);
  await page.getByRole("heading", { level: 1, name: /^Order / }).waitFor();
  await waitForHydration(page);
  const orderPath = new URL(page.url()).pathname;
  await visit("admin-order", page);
  return { orderPath, cookies: await page.context().cookies() };
}

/** Cookies as a Cookie request header. */
export function cookieHeader(cookies) {
  return cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}
