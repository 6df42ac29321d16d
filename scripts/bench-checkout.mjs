// npm run bench:checkout — many concurrent buyers complete purchases against the production server, 10% of them
// resubmitting with the same idempotency key (a double click or a retry). Prints orders per second, p50/p99
// latency, and the counts of lost and duplicated orders, on PGlite and on PostgreSQL.
//
// Options: --buyers N (default 100), --no-build, --pg URL (default postgres://postgres@127.0.0.1:5432/test;
// "off" to skip PostgreSQL).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startProductionServer } from "./lib/production-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const BUYERS = Number(option("buyers", "100"));
const RESUBMIT_SHARE = 0.1;
const PG_URL = option("pg", "postgres://postgres@127.0.0.1:5432/test");

// The order every buyer places: 8.5" with grip to Germany = 59 + 3 + 9 + 4.90.
const EXPECTED_TOTAL_CENTS = 7590;

function orderForm(checkoutId) {
  return new URLSearchParams({
    grip: "on",
    size: "8.5",
    contact: `buyer-${checkoutId.slice(0, 8)}@example.com`,
    name: "Bench Buyer",
    address: "Main Street 1",
    addressextend: "",
    postalcode: "10115",
    city: "Berlin",
    country: "DE",
    design: JSON.stringify({ background: "#f4d35e", layers: [] }),
    checkoutId,
    expectedTotalCents: String(EXPECTED_TOTAL_CENTS),
    cardNumber: "4242 4242 4242 4242",
    cardName: "Bench Buyer",
    cardMonth: "12",
    cardYear: "35",
    cardCvv: "123",
  });
}

async function submit(base, checkoutId) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/Payment`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: orderForm(checkoutId),
    });
    await response.arrayBuffer();
    const location = response.headers.get("location");
    const orderId = location?.match(/^\/orders\/([0-9a-f-]{36})/)?.[1] ?? null;
    return { checkoutId, status: response.status, orderId, location, ms: performance.now() - started };
  } catch (error) {
    return { checkoutId, status: 0, orderId: null, location: null, ms: performance.now() - started, error: String(error) };
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Every buyer at once; a tenth of them send the same order twice at the same moment. */
async function runBuyers(base) {
  const keys = Array.from({ length: BUYERS }, () => randomUUID());
  const resubmitting = new Set(keys.slice(0, Math.round(BUYERS * RESUBMIT_SHARE)));
  const started = performance.now();
  const results = await Promise.all(
    keys.flatMap((key) => (resubmitting.has(key) ? [submit(base, key), submit(base, key)] : [submit(base, key)])),
  );
  const seconds = (performance.now() - started) / 1000;
  return { keys, results, seconds };
}

/** An order is lost when its buyer got no confirmation or the confirmation leads nowhere. */
async function verify(base, keys, results) {
  const orderIdsByKey = new Map(keys.map((key) => [key, new Set()]));
  for (const result of results) if (result.orderId) orderIdsByKey.get(result.checkoutId).add(result.orderId);
  let lost = 0;
  let duplicated = 0;
  for (const [key, ids] of orderIdsByKey) {
    if (ids.size === 0) lost++;
    if (ids.size > 1) duplicated += ids.size - 1;
    for (const id of ids) {
      const location = results.find((result) => result.orderId === id).location;
      const page = await fetch(`${base}${location}`);
      await page.arrayBuffer();
      if (page.status !== 200) lost++;
    }
  }
  return { lost, duplicated };
}

async function countRowsInPostgres(url, keys) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as orders, count(distinct idempotency_key)::int as keys from orders where idempotency_key = any($1)",
      [keys],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

async function benchmark(label, env, { databaseUrl } = {}) {
  const server = await startProductionServer({ env });
  try {
    // One warm-up order so that the first measured buyer does not pay for cold caches.
    await submit(server.base, randomUUID());
    const { keys, results, seconds } = await runBuyers(server.base);
    const failures = results.filter((result) => result.status !== 302);
    const { lost, duplicated } = await verify(server.base, keys, results);
    const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
    const rows = databaseUrl ? await countRowsInPostgres(databaseUrl, keys) : null;
    return {
      label,
      buyers: BUYERS,
      requests: results.length,
      ordersPerSecond: keys.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      non302: failures.length,
      failureStatuses: [...new Set(failures.map((failure) => failure.status))],
      lost,
      duplicated,
      rows,
    };
  } finally {
    await server.stop();
  }
}

async function resetPostgres(url) {
  // The bench gets a database of its own so that it never touches anything else on the server.
  const name = `deck_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  return {
    url: benchUrl.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function print(results) {
  const header = ["database", "buyers", "requests", "orders/s", "p50 ms", "p99 ms", "non-302", "lost", "duplicated", "rows (orders/keys)"];
  const rows = results.map((r) => [
    r.label,
    r.buyers,
    r.requests,
    r.ordersPerSecond.toFixed(1),
    r.p50.toFixed(0),
    r.p99.toFixed(0),
    r.non302 ? `${r.non302} (${r.failureStatuses.join(",")})` : "0",
    r.lost,
    r.duplicated,
    r.rows ? `${r.rows.orders}/${r.rows.keys}` : "n/a",
  ]);
  const widths = header.map((cell, i) => Math.max(String(cell).length, ...rows.map((row) => String(row[i]).length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => String(cell).padStart(widths[i])).join("  "));
  console.log(`\n${RESUBMIT_SHARE * 100}% of buyers submit twice at once with the same idempotency key; lost and duplicated must be 0.`);
  console.log(`BENCH_CHECKOUT_JSON ${JSON.stringify(results)}`);
}

if (!args.includes("--no-build") || !existsSync(path.join(root, "build/server/index.js"))) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const results = [await benchmark("PGlite", { DATABASE_URL: "" })];
if (PG_URL !== "off") {
  try {
    const database = await resetPostgres(PG_URL);
    try {
      results.push(await benchmark("PostgreSQL", { DATABASE_URL: database.url, SESSION_SECRET: "bench-secret-".repeat(4) }, { databaseUrl: database.url }));
    } finally {
      await database.drop();
    }
  } catch (error) {
    // The PGlite figures are measured already: print them rather than lose them to an unreachable PostgreSQL.
    console.error(`PostgreSQL skipped: ${error.message}`);
  }
}
print(results);
const bad = results.some((result) => result.lost > 0 || result.duplicated > 0);
process.exitCode = bad ? 1 : 0;
