// Checkout under faults, shared by server/crash-recovery.integration.test.ts and `npm run bench:faults`: start the
// production server on a given DATA_DIR / DATABASE_URL (so that it can be killed and started again on the same
// data), send a checkout load over HTTP, then read what is left in the shop's tables and in the test processor's
// ledger and compare it with what the buyers were told.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "#server/node-flags.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FUTURE_YEAR = String((new Date().getFullYear() + 3) % 100);

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** server.mjs on the built app, on `dataDir` (and `env`, e.g. DATABASE_URL); not waited for. */
export function startServer({ port, dataDir, env = {} }) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "server.mjs")], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  return { child, base: `http://127.0.0.1:${port}`, exited, output: () => output };
}

export async function waitForHealthy(server, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    if (await fetch(`${server.base}/healthz`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** Sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`). */
export async function stopServer(server, timeoutMs = 20_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** One checkout: 8" deck, no grip, to Germany (59 + 4.90), with the test card that succeeds. */
export function orderForm(checkoutId) {
  return new URLSearchParams({
    grip: "",
    size: "8",
    contact: `fault-${checkoutId.slice(0, 8)}@example.com`,
    name: "Fay Ult",
    address: "Main Street 1",
    addressextend: "",
    postalcode: "10115",
    city: "Berlin",
    country: "DE",
    design: JSON.stringify({ background: "#f4d35e", layers: [] }),
    checkoutId,
    expectedTotalCents: "6390",
    cardNumber: "4242 4242 4242 4242",
    cardName: "Fay Ult",
    cardMonth: "12",
    cardYear: FUTURE_YEAR,
    cardCvv: "123",
  });
}

/**
 * @typedef {{ checkoutId: string, status: number, orderId: string | null, error?: string }} CheckoutResult
 */

/**
 * Posts the payment form: the status (0 when the connection failed), and the order id the redirect names.
 * @param {string} base
 * @param {string} checkoutId
 * @returns {Promise<CheckoutResult>}
 */
export async function submitOrder(base, checkoutId) {
  try {
    const response = await fetch(`${base}/Payment`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: orderForm(checkoutId),
    });
    await response.arrayBuffer();
    const orderId = response.headers.get("location")?.match(/^\/orders\/([0-9a-f-]{36})/)?.[1] ?? null;
    return { checkoutId, status: response.status, orderId };
  } catch (error) {
    return { checkoutId, status: 0, orderId: null, error: error?.cause?.code ?? String(error) };
  }
}

/**
 * `buyers` buyers, each with a checkout key of their own, `doubles` of them submitting twice at once, sent
 * `concurrency` at a time; `onResult` sees each answer as it comes (to pull the plug in the middle).
 * @param {string} base
 * @param {{ buyers: number, doubles: number, concurrency?: number,
 *   onResult?: (result: CheckoutResult, results: CheckoutResult[]) => void }} options
 * @returns {Promise<{ keys: string[], results: CheckoutResult[], seconds: number }>}
 */
export async function checkoutLoad(base, { buyers, doubles, concurrency = 24, onResult = () => {} }) {
  const keys = Array.from({ length: buyers }, () => randomUUID());
  const twice = new Set(keys.slice(0, doubles));
  // The doubles spread among the rest (so that a crash may catch either kind), each pair sent at the same moment.
  const jobs = [...keys].sort(() => Math.random() - 0.5).flatMap((key) => (twice.has(key) ? [key, key] : [key]));
  /** @type {CheckoutResult[]} */
  const results = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < jobs.length) {
      const key = jobs[next++];
      const result = await submitOrder(base, key);
      results.push(result);
      onResult(result, results);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { keys, results, seconds: (performance.now() - started) / 1000 };
}

/** The orders and attempts in the shop's tables, and the test processor's charges and refunds. */
export async function readState({ databaseUrl, dataDir }) {
  const queries = {
    orders: "select id, idempotency_key as key, payment_reference as reference from orders",
    attempts: "select idempotency_key as key, status, attempt from checkout_attempts",
  };
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const orders = (await client.query(queries.orders)).rows;
      const attempts = (await client.query(queries.attempts)).rows;
      const charges = (
        await client.query("select idempotency_key as key, result from test_processor.charges")
      ).rows.map((row) => ({ key: row.key, ...row.result }));
      const refunds = (await client.query("select idempotency_key as key, charge_reference as reference from test_processor.refunds")).rows;
      return { orders, attempts, charges, refunds };
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    const orders = (await db.query(queries.orders)).rows;
    const attempts = (await db.query(queries.attempts)).rows;
    const charges = [];
    const refunds = [];
    let ledger = "";
    try {
      ledger = readFileSync(path.join(dataDir, "test-processor", "ledger.jsonl"), "utf8");
    } catch {
      // no charge was ever made
    }
    for (const line of ledger.split("\n")) {
      let record;
      try {
        record = JSON.parse(line);
      } catch {
        continue;
      }
      if (record.charge) charges.push({ key: record.charge.idempotencyKey, ...record.charge.result });
      if (record.refund) refunds.push({ key: record.refund.idempotencyKey, reference: record.refund.reference });
    }
    return { orders, attempts, charges, refunds };
  } finally {
    await db.close();
  }
}

/**
 * What the buyers were told against what is stored: every confirmed order present, no key with two orders, no
 * charge without an order or a void, no order whose charge was voided, no attempt left open.
 */
export function compare(results, state) {
  const acknowledged = new Map();
  for (const result of results) {
    if (result.status !== 302 || !result.orderId) continue;
    const ids = acknowledged.get(result.checkoutId) ?? new Set();
    ids.add(result.orderId);
    acknowledged.set(result.checkoutId, ids);
  }
  const orderById = new Map(state.orders.map((order) => [order.id, order]));
  const ordersByKey = new Map();
  for (const order of state.orders) ordersByKey.set(order.key, (ordersByKey.get(order.key) ?? 0) + 1);
  const refunded = new Set(state.refunds.map((refund) => refund.reference));
  const ordered = new Set(state.orders.map((order) => order.reference));
  const succeeded = state.charges.filter((charge) => charge.status === "succeeded");

  let present = 0;
  const missing = [];
  for (const [key, ids] of acknowledged) {
    for (const id of ids) {
      if (orderById.get(id)?.key === key) present++;
      else missing.push(id);
    }
  }
  return {
    requests: results.length,
    answered: results.filter((result) => result.status !== 0).length,
    acknowledged: [...acknowledged.values()].reduce((sum, ids) => sum + ids.size, 0),
    present,
    missing,
    /** Keys whose buyer was shown two different orders, or that have two orders stored. */
    duplicates:
      [...acknowledged.values()].filter((ids) => ids.size > 1).length + [...ordersByKey.values()].filter((count) => count > 1).length,
    orders: state.orders.length,
    charges: succeeded.length,
    voided: succeeded.filter((charge) => refunded.has(charge.reference)).length,
    chargesWithoutOrder: succeeded.filter((charge) => !ordered.has(charge.reference) && !refunded.has(charge.reference)).map((charge) => charge.key),
    ordersWithVoidedCharge: state.orders.filter((order) => refunded.has(order.reference)).map((order) => order.id),
    stuck: state.attempts.filter((attempt) => attempt.status === "processing" || attempt.status === "failed").map((attempt) => attempt.key),
  };
}

/** Polls PostgreSQL until no checkout attempt is open (recovery has run), or the timeout. */
export async function waitForNoOpenAttempts(databaseUrl, timeoutMs) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query("select count(*)::int as n from checkout_attempts where status in ('processing', 'failed')");
      if (rows[0].n === 0 || performance.now() - started > timeoutMs) return { open: rows[0].n, ms: performance.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

// A fresh PostgreSQL database next to the one a URL names: kept here for the importers of this module.
export { freshPostgresDatabase } from "./postgres-database.mjs";
