// npm run bench:admin — the back office's orders list on a shop with many orders: seeds a fresh database with
// 100,000 orders, signs an operator in on the production server and times the list's first page, a status filter, the
// "refund due" tab (1 order in 500 declared a withdrawal),
// a page 20 pages deep (by the list's own "after" cursor), a search by order number and one by e-mail. Prints the
// p50/p95 of the database time the loader reports (Server-Timing: db) and of the whole request, on PGlite and on
// PostgreSQL, against the target: p95 under 50 ms on PostgreSQL, the same order of magnitude on PGlite.
//
// Options: --orders N (default 100000), --runs N timed requests per measure after 5 warm-ups (default 50),
// --no-build, --pg URL (default postgres://postgres@127.0.0.1:5432/test; "off" to skip PostgreSQL; the bench
// creates a database of its own beside the URL's, bench_admin_<time>_<random>, and drops it at the end), --timeout S (the
// whole run after the build, default 900; the build has 10 minutes of its own).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { adminQuery, freshPostgresDatabase } from "./lib/postgres-database.mjs";
import { startProductionServer } from "./lib/production-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const ORDERS = Number(option("orders", "100000"));
const RUNS = Number(option("runs", "50"));
const PG_URL = option("pg", "postgres://postgres@127.0.0.1:5432/test");
const RUN_TIMEOUT_MS = Number(option("timeout", "900")) * 1000;
const WARM_UPS = 5;
const DEPTH = 20;
const REQUEST_TIMEOUT_MS = 30_000;
const OPERATOR_EMAIL = "bench-ops@example.com";
const OPERATOR_PASSWORD = "bench-password-123";
const SESSION_SECRET = "bench-admin-session-secret-0123456789abcdef0123456789abcdef012345"; // 64 characters
const TARGET_PG_P95_MS = 50;
// "The same order of magnitude" on PGlite: under ten times PostgreSQL's target.
const TARGET_PGLITE_P95_MS = TARGET_PG_P95_MS * 10;
const migrationsFolder = path.join(root, "drizzle");

// The order number's code is the row's index times an odd constant modulo 2^40 (a bijection, so the numbers are
// unique yet look random), in Crockford base32 as the shop writes them. The product stays below 2^63 up to
// 13 million rows.
const ORDER_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const NUMBER_MULTIPLIER = 708158977871n;
const MAX_ORDERS = 10_000_000;

for (const [name, value] of [["orders", ORDERS], ["runs", RUNS]]) {
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`bench:admin: --${name} must be a positive whole number`);
    process.exit(2);
  }
}
if (ORDERS > MAX_ORDERS) {
  console.error(`bench:admin: --orders is at most ${MAX_ORDERS}`);
  process.exit(2);
}
if (!(RUN_TIMEOUT_MS > 0)) {
  console.error("bench:admin: --timeout must be a positive number of seconds");
  process.exit(2);
}

function orderNumberFor(i) {
  let code = (BigInt(i) * NUMBER_MULTIPLIER) & ((1n << 40n) - 1n);
  let text = "";
  for (let k = 0; k < 8; k++) {
    text = ORDER_NUMBER_ALPHABET[Number(code & 31n)] + text;
    code >>= 5n;
  }
  return `DS-${text}`;
}

// The seed's e-mail addresses: mostly lower case, every seventh capitalised, across a few domains.
const EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com", "example.com"];
function emailFor(i) {
  return `${i % 7 === 3 ? "Buyer" : "buyer"}${i}@${EMAIL_DOMAINS[i % EMAIL_DOMAINS.length]}`;
}

const FIRST_NAMES = ["Erika", "Max", "Anna", "Jonas", "Lea", "Felix", "Mia", "Paul", "Emma", "Leon", "Sofia", "Noah", "Hanna", "Elias", "Lina", "Ben"];
const LAST_NAMES = ["Mustermann", "Schmidt", "Müller", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Wolf", "Neumann", "Schröder"];
const CITIES = ["Berlin", "Hamburg", "München", "Köln", "Frankfurt am Main", "Stuttgart", "Düsseldorf", "Leipzig", "Dresden", "Bremen"];

const sqlText = (text) => `'${text.replace(/'/g, "''")}'`;
const sqlArray = (items) => `ARRAY[${items.map(sqlText).join(", ")}]`;

/** One set-based INSERT of `count` orders, the newest first in the series, spread over the last two years. */
function seedStatement(count) {
  const numberCode = Array.from(
    { length: 8 },
    (_, k) => `substr(${sqlText(ORDER_NUMBER_ALPHABET)}, (((c.code >> ${5 * (7 - k)}) & 31) + 1)::int, 1)`,
  ).join(" || ");
  return `
INSERT INTO orders (
  id, number, user_id, status, grip, size, contact, name, address, addressextend, postalcode, city, country,
  design, price_lines, subtotal_cents, shipping_cents, vat_cents, total_cents, currency,
  card_brand, card_last4, card_exp_month, card_exp_year, payment_provider, payment_reference, idempotency_key,
  withdrawal_declared_at, created_at, updated_at
)
SELECT
  gen_random_uuid()::text,
  'DS-' || ${numberCode},
  NULL,
  CASE WHEN g.i % 20 < 2 THEN 'paid' WHEN g.i % 20 < 4 THEN 'in_production' WHEN g.i % 20 < 7 THEN 'shipped'
       WHEN g.i % 20 < 18 THEN 'delivered' ELSE 'cancelled' END,
  c.grip,
  (ARRAY[7.75, 8, 8.25, 8.5, 8.75]::real[])[1 + (g.i / 7) % 5],
  CASE WHEN g.i % 7 = 3 THEN 'Buyer' ELSE 'buyer' END || g.i || '@' || (${sqlArray(EMAIL_DOMAINS)})[1 + g.i % ${EMAIL_DOMAINS.length}],
  (${sqlArray(FIRST_NAMES)})[1 + (g.i * 7) % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (g.i / 3) % ${LAST_NAMES.length}],
  'Hauptstraße ' || (1 + g.i % 200),
  CASE WHEN g.i % 4 = 0 THEN 'c/o Studio ' || (1 + g.i % 9) ELSE '' END,
  lpad((10000 + (g.i * 37) % 90000)::text, 5, '0'),
  (${sqlArray(CITIES)})[1 + (g.i / 11) % ${CITIES.length}],
  'DE',
  '{"background":"#f4d35e","layers":[]}'::jsonb,
  '[]'::jsonb,
  c.subtotal,
  490,
  round((c.subtotal + 490) * 19 / 119.0)::int,
  c.subtotal + 490,
  'EUR',
  'visa', '4242', 12, 2035,
  'test',
  'test_ch_x' || g.i,
  'bench-admin-' || g.i,
  -- 1 order in 500 has a declared withdrawal (the "refund due" tab shows those not cancelled).
  CASE WHEN g.i % 500 = 7 THEN now() - make_interval(secs => (g.i - 1) * ${(2 * 365 * 86_400) / count}::float8) END,
  now() - make_interval(secs => (g.i - 1) * ${(2 * 365 * 86_400) / count}::float8),
  now()
FROM generate_series(1, ${count}) AS g(i)
CROSS JOIN LATERAL (
  SELECT
    (g.i::bigint * ${NUMBER_MULTIPLIER}) & ${(1n << 40n) - 1n} AS code,
    g.i % 3 <> 0 AS grip,
    5900 + CASE WHEN g.i % 3 <> 0 THEN 300 ELSE 0 END + 900 AS subtotal
) AS c`;
}

/** Seeds and analyses through `query` (a PGlite or pg client); returns the seconds the INSERT and ANALYZE took. */
async function seed(client) {
  const started = performance.now();
  await client.query(seedStatement(ORDERS));
  await client.query("ANALYZE orders");
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await client.query("SELECT count(*)::int AS n FROM orders");
  if (rows[0].n !== ORDERS) throw new Error(`seeded ${rows[0].n} orders instead of ${ORDERS}`);
  return seconds;
}

// Whatever must be undone if the run is cut short (the whole-run timeout, Ctrl-C): newest first.
const cleanups = new Set();
function onCleanup(fn) {
  const entry = { fn };
  cleanups.add(entry);
  return async () => {
    if (!cleanups.delete(entry)) return;
    await fn();
  };
}
async function runCleanups() {
  for (const entry of [...cleanups].reverse()) {
    cleanups.delete(entry);
    try {
      await withTimeout(Promise.resolve().then(entry.fn), 20_000, "cleanup");
    } catch (error) {
      console.error(`bench:admin: cleanup failed: ${error.message}`);
    }
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A fresh PGlite in a temp DATA_DIR (the server keeps it in $DATA_DIR/pglite), migrated and seeded, then closed. */
async function preparePglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "deck-bench-admin-"));
  const removeDir = onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const client = await PGlite.create(path.join(dataDir, "pglite"));
  let seedSeconds;
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    seedSeconds = await seed(client);
  } finally {
    // PGlite allows one process: it must be closed before the server opens it.
    await client.close();
  }
  return { env: { DATABASE_URL: "", DATA_DIR: dataDir }, seedSeconds, cleanup: removeDir };
}

/**
 * A database of its own beside the one in `url` (never anything else on the server), migrated and seeded; its
 * cleanup drops it. Throws `unreachable` when the server cannot be reached at all.
 */
async function preparePostgres(url) {
  const clientOptions = { connectionTimeoutMillis: 5_000 };
  try {
    await adminQuery(url, "select 1", clientOptions);
  } catch (error) {
    throw Object.assign(new Error(`PostgreSQL at ${redact(url)} is not reachable: ${error.message}`), { unreachable: true });
  }
  const database = await freshPostgresDatabase(url, "bench_admin", clientOptions);
  const drop = onCleanup(() => database.drop());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "deck-bench-admin-"));
  const removeDir = onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const cleanup = async () => {
    await removeDir();
    await drop();
  };
  try {
    const pool = new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 5_000 });
    let seedSeconds;
    try {
      await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
      seedSeconds = await seed(pool);
    } finally {
      await pool.end();
    }
    return { env: { DATABASE_URL: database.url, DATA_DIR: dataDir }, seedSeconds, cleanup, name: database.name };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** npm run operator:create's script, with the password on standard input, on the bench's database. */
function createOperator(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/create-operator.mjs", "--email", OPERATOR_EMAIL], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const kill = onCleanup(() => child.kill("SIGKILL"));
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      kill();
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      kill();
      if (code === 0) resolve(output.trim());
      else reject(new Error(`create-operator.mjs exited with ${code ?? signal}:\n${output}`));
    });
    child.stdin.on("error", () => undefined); // an early exit is reported by "exit"
    child.stdin.end(`${OPERATOR_PASSWORD}\n`);
  });
}

async function signIn(base) {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await response.text();
  const cookies = response.headers.getSetCookie();
  if (![302, 303].includes(response.status) || cookies.length === 0) {
    throw new Error(
      `POST /admin/login answered ${response.status} with ${cookies.length} Set-Cookie header(s), ` +
        `location ${response.headers.get("location")}:\n${body.slice(0, 500)}`,
    );
  }
  return cookies.map((cookie) => cookie.split(";")[0].trim()).join("; ");
}

function serverDbMs(header) {
  const match = header?.match(/(?:^|,)\s*db\s*;(?:[^,]*?;)?\s*dur=([\d.]+)/);
  return match ? Number(match[1]) : null;
}

/** A GET with the operator's cookie, read to the end; anything but a 200 fails the bench. */
async function get(base, pathname, cookie) {
  const started = performance.now();
  let response;
  let body;
  try {
    response = await fetch(`${base}${pathname}`, {
      redirect: "manual",
      headers: { Cookie: cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    throw new Error(`GET ${pathname} failed: ${error.message}`);
  }
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(
      `GET ${pathname} answered ${response.status} instead of 200` +
        `${response.headers.get("location") ? ` (location ${response.headers.get("location")})` : ""}:\n${body.slice(0, 800)}`,
    );
  }
  return { ms, dbMs: serverDbMs(response.headers.get("server-timing")), body };
}

/** The list's next page: the `after` of the first link that has one (hrefs in HTML write & as &amp;). */
function nextCursor(html) {
  const href = html.match(/href="([^"]*after=[^"]*)"/)?.[1];
  if (!href) return null;
  const decoded = href.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
  return new URL(decoded, "http://bench.invalid/admin").searchParams.get("after");
}

/** Follows the list's "next page" link `depth` times from the first page; returns the deep page's path. */
async function deepPagePath(base, cookie, depth) {
  let pathname = "/admin";
  const seen = new Set();
  for (let page = 1; page <= depth; page++) {
    const { body } = await get(base, pathname, cookie);
    const after = nextCursor(body);
    if (!after) throw new Error(`page ${page} of /admin has no link with after= (are there enough orders for ${depth} pages?)`);
    if (seen.has(after)) throw new Error(`page ${page} of /admin links to a cursor seen before: ${after}`);
    seen.add(after);
    pathname = `/admin?after=${encodeURIComponent(after)}`;
  }
  return pathname;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(base, cookie, label, pathname) {
  for (let i = 0; i < WARM_UPS; i++) await get(base, pathname, cookie);
  const requestMs = [];
  const dbMs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await get(base, pathname, cookie);
    requestMs.push(result.ms);
    if (result.dbMs !== null) dbMs.push(result.dbMs);
  }
  return {
    measure: label,
    path: pathname,
    runs: RUNS,
    dbP50: dbMs.length ? percentile(dbMs, 50) : null,
    dbP95: dbMs.length ? percentile(dbMs, 95) : null,
    dbMissing: RUNS - dbMs.length,
    requestP50: percentile(requestMs, 50),
    requestP95: percentile(requestMs, 95),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function benchmark(label, prepare) {
  console.log(`\n== ${label}: ${ORDERS.toLocaleString("en")} orders`);
  const database = await prepare();
  try {
    console.log(`seeded ${ORDERS.toLocaleString("en")} orders (INSERT … generate_series + ANALYZE) in ${database.seedSeconds.toFixed(1)} s`);
    const env = { ...database.env, NODE_ENV: "production", SESSION_SECRET };
    console.log(await withTimeout(createOperator(env), 70_000, "create-operator.mjs"));
    const server = await startProductionServer({ env });
    const stopServer = onCleanup(() => server.stop());
    try {
      const cookie = await signIn(server.base);
      const pick = Math.min(12_345, Math.ceil(ORDERS / 2));
      const number = orderNumberFor(pick);
      const email = emailFor(pick).toLowerCase();
      const searches = [
        ["search by number", `/admin?q=${encodeURIComponent(number)}`, number],
        ["search by e-mail", `/admin?q=${encodeURIComponent(email)}`, email],
        // Word prefixes of a name that about 1 in 270 orders has: hundreds of matches, newest 50 shown.
        ["search by name", `/admin?q=${encodeURIComponent("erika must")}`, "Erika Mustermann"],
      ];
      // Once: the searches find what they look for (an empty result would time a different query).
      for (const [what, pathname, expected] of searches) {
        const { body } = await get(server.base, pathname, cookie);
        if (!body.toLowerCase().includes(expected.toLowerCase())) console.warn(`warning: ${what} (${pathname}) did not show ${expected}`);
      }
      const deepPath = await deepPagePath(server.base, cookie, DEPTH);
      const loadBefore = loadAverage();
      const rows = [];
      rows.push(await measure(server.base, cookie, "first page", "/admin"));
      rows.push(await measure(server.base, cookie, "status=shipped", "/admin?status=shipped"));
      rows.push(await measure(server.base, cookie, "refund due", "/admin?status=withdrawn"));
      rows.push(await measure(server.base, cookie, `page ${DEPTH + 1} (cursor)`, deepPath));
      rows.push(await measure(server.base, cookie, "search by number", searches[0][1]));
      rows.push(await measure(server.base, cookie, "search by e-mail", searches[1][1]));
      rows.push(await measure(server.base, cookie, "search by name", searches[2][1]));
      const loadAfter = loadAverage();
      return { label, seedSeconds: database.seedSeconds, loadBefore, loadAfter, rows };
    } catch (error) {
      const log = server.log().trim();
      if (log) error.message += `\n--- server output (last 3000 characters) ---\n${log.slice(-3000)}`;
      throw error;
    } finally {
      await stopServer();
    }
  } finally {
    await database.cleanup();
  }
}

function print(result) {
  const isPostgres = result.label === "PostgreSQL";
  const limit = isPostgres ? TARGET_PG_P95_MS : TARGET_PGLITE_P95_MS;
  const ms = (value) => (value === null ? "n/a" : value.toFixed(1));
  const header = ["measure", "db p50 ms", "db p95 ms", "request p50 ms", "request p95 ms", `p95 < ${limit} ms`];
  const rows = result.rows.map((row) => [
    row.measure,
    ms(row.dbP50),
    ms(row.dbP95),
    ms(row.requestP50),
    ms(row.requestP95),
    row.requestP95 < limit ? "yes" : "NO",
  ]);
  const widths = header.map((cell, i) => Math.max(String(cell).length, ...rows.map((row) => String(row[i]).length)));
  console.log(`\n${result.label} — ${ORDERS.toLocaleString("en")} orders, ${RUNS} runs per measure after ${WARM_UPS} warm-ups`);
  console.log(`load average (1/5/15 min) before the measures: ${result.loadBefore}; after: ${result.loadAfter}`);
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  "));
  for (const row of result.rows) {
    if (row.dbMissing) console.warn(`warning: ${row.dbMissing} of ${row.runs} responses to ${row.measure} had no Server-Timing db;dur`);
  }
}

// ---------------------------------------------------------------------------------------------------------------

if (!args.includes("--no-build") || !existsSync(path.join(root, "build/server/index.js"))) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit", timeout: 10 * 60_000 });
  if (built.status !== 0) {
    console.error(`bench:admin: the build failed (${built.error?.message ?? `exit ${built.status ?? built.signal}`})`);
    process.exit(built.status || 1);
  }
}

const watchdog = setTimeout(async () => {
  console.error(`\nbench:admin: the run took longer than ${RUN_TIMEOUT_MS / 1000} s (--timeout); stopping.`);
  await runCleanups();
  process.exit(2);
}, RUN_TIMEOUT_MS);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\nbench:admin: ${signal}; cleaning up.`);
    await runCleanups();
    process.exit(130);
  });
}

console.log(`bench:admin — load average (1/5/15 min) at the start: ${loadAverage()} on ${os.availableParallelism()} CPUs`);
const results = [];
const failures = [];
try {
  results.push(await benchmark("PGlite", preparePglite));
} catch (error) {
  failures.push(["PGlite", error]);
  console.error(`\nPGlite FAILED: ${error.stack ?? error.message}`);
}
if (PG_URL === "off") {
  console.log("\nPostgreSQL skipped (--pg off).");
} else {
  try {
    results.push(await benchmark("PostgreSQL", () => preparePostgres(PG_URL)));
  } catch (error) {
    if (error.unreachable) {
      console.log(`\nPostgreSQL skipped: ${error.message}`);
    } else {
      failures.push(["PostgreSQL", error]);
      console.error(`\nPostgreSQL FAILED: ${error.stack ?? error.message}`);
    }
  }
}
await runCleanups();

for (const result of results) print(result);
console.log(
  `\nTarget: request p95 under ${TARGET_PG_P95_MS} ms on PostgreSQL, the same order of magnitude on PGlite ` +
    `(under ${TARGET_PGLITE_P95_MS} ms). db = the loader's database time (Server-Timing), request = the whole GET as the bench sees it.`,
);
const postgres = results.find((result) => result.label === "PostgreSQL");
if (postgres) {
  const missed = postgres.rows.filter((row) => !(row.requestP95 < TARGET_PG_P95_MS));
  console.log(missed.length ? `PostgreSQL misses the target on: ${missed.map((row) => row.measure).join(", ")}` : "PostgreSQL meets the target on every measure.");
}
if (failures.length) console.error(`\nFailed: ${failures.map(([label]) => label).join(", ")}`);
console.log(`load average (1/5/15 min) at the end: ${loadAverage()}`);
console.log(`BENCH_ADMIN_JSON ${JSON.stringify({ orders: ORDERS, runs: RUNS, results, failed: failures.map(([label]) => label) })}`);
clearTimeout(watchdog);
process.exitCode = failures.length ? 1 : 0;
// Everything is closed by now; should some handle linger, do not wait for it.
setTimeout(() => process.exit(), 5_000).unref();
