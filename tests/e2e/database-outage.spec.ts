import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { freshPostgresDatabase } from "#scripts/lib/postgres-database.mjs";
import { startProductionServer } from "#scripts/lib/production-server.mjs";
import { startTcpProxy } from "#scripts/lib/tcp-proxy.mjs";
import { paymentFields, shopClient } from "#tests/support/shop-client.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers.ts";

/**
 * A buyer in the browser while PostgreSQL is away: a sign-in keeps the form and what was typed, a page that needs
 * the database is the "briefly unavailable" page (accessible, with a way to try again), and trying again once the
 * database is back works. Needs PostgreSQL (DATABASE_URL): this spec starts its own production server, which reaches
 * a fresh database through a TCP proxy that it cuts and restores.
 */
const url = process.env.DATABASE_URL;
const OPERATOR = { email: "outage-operator@example.com", password: "an operator's long passphrase" };
test.skip(!url, "needs PostgreSQL (DATABASE_URL)");

let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let server: Awaited<ReturnType<typeof startProductionServer>>;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  database = await freshPostgresDatabase(url!, "deck_outage_e2e");
  // The operator is made (and the database migrated) by the shop's own command, straight on the database.
  execFileSync(process.execPath, ["scripts/create-operator.mjs", "--email", OPERATOR.email], {
    input: `${OPERATOR.password}\n`,
    env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "production" },
    stdio: ["pipe", "ignore", "inherit"],
  });
  const target = new URL(url!);
  proxy = await startTcpProxy({ targetHost: target.hostname, targetPort: Number(target.port || 5432) });
  const throughProxy = new URL(url!);
  throughProxy.hostname = "127.0.0.1";
  throughProxy.port = String(proxy.port);
  throughProxy.pathname = `/${database.name}`;
  server = await startProductionServer({
    env: { DATABASE_URL: throughProxy.toString(), SESSION_SECRET: randomBytes(32).toString("hex") },
    timeoutMs: 120_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await database?.drop();
});

test("while the database is away: the sign-in keeps its input, pages say so, and trying again works once it is back", async ({ page }) => {
  test.setTimeout(120_000);
  const placed = await shopClient(server.base).post("/Payment", paymentFields({ number: "4242 4242 4242 4242", cvv: "123" }));
  expect(placed.status).toBe(302);
  const orderPage = `${server.base}${placed.headers.get("location")!.replace("placed=1", "")}`;

  await page.goto(`${server.base}/Login`);
  await waitForHydration(page);
  const signIn = page.getByRole("region", { name: "Sign in" });
  await signIn.getByLabel("E-mail").fill("kept@example.com");
  await signIn.getByLabel("Password").fill("typed passphrase");

  proxy.cut();
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn.getByText("The shop is briefly unavailable")).toBeVisible({ timeout: 30_000 });
  await expect(signIn.getByLabel("E-mail")).toHaveValue("kept@example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();

  const response = await page.goto(orderPage);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
  await expect(page.getByText("The shop is briefly unavailable")).toBeVisible();
  await expectNoAxeViolations(page);

  proxy.restore();
  await expect(async () => {
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order DS-/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
});

test("an operator's form sent while the database is away is given back by Try again, and goes through then", async ({ page }) => {
  test.setTimeout(120_000);
  const placed = await shopClient(server.base).post("/Payment", paymentFields({ number: "4242 4242 4242 4242", cvv: "123" }));
  const orderId = /\/orders\/([0-9a-f-]{36})/.exec(placed.headers.get("location") ?? "")![1]!;

  await page.goto(`${server.base}/admin/login`);
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(OPERATOR.email);
  await page.getByLabel("Password").fill(OPERATOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await page.goto(`${server.base}/admin/orders/${orderId}`);
  await waitForHydration(page);
  const nextStep = page.getByRole("region", { name: "Next step" });
  await nextStep.getByRole("button", { name: "Start production" }).click();
  await expect(nextStep.getByRole("status")).toHaveText("The order is in production now.");
  await nextStep.getByLabel("Carrier").selectOption({ label: "DHL" });
  await nextStep.getByLabel("Tracking number").fill("00340434161234567890");

  proxy.cut();
  await nextStep.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByText("The shop is briefly unavailable")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");

  proxy.restore();
  await expect(async () => {
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("region", { name: "Next step" }).getByLabel("Tracking number")).toHaveValue("00340434161234567890", { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await waitForHydration(page);
  const again = page.getByRole("region", { name: "Next step" });
  await expect(again.getByLabel("Carrier")).toHaveValue(/dhl/i);
  await again.getByRole("button", { name: "Mark shipped" }).click();
  await expect(again.getByRole("status")).toHaveText("The order is shipped now.");
});
