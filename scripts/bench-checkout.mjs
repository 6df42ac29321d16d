// npm run bench:checkout — many concurrent buyers complete purchases against the production server, 10% of them
// resubmitting with the same idempotency key (a double click or a retry). Prints orders per second, p50/p99
// latency, and the counts of lost and duplicated orders, on PGlite and on PostgreSQL. Then, on PostgreSQL, 1,000 buyers
// on one server and on two servers sharing the database (a buyer's second submission goes to the other server), with
// each server's resident memory before the load and after it: targets 0 lost, 0 duplicated, two servers' orders/s at
// least 1.6× one server's, memory back within 10% of its start. The machine's load average is printed beside them:
// on a small machine the load generator, PostgreSQL and the servers share the same cores.
//
// In those runs at most --concurrency buyers (default 50) are in the checkout at once, the next one arriving as one
// leaves, and a buyer whom the shop asks to try again (503 "try again in a minute", 409 "still being processed")
// presses Pay again with the same checkout after a pause, up to 5 times, as the page tells them to.
//
// Options: --buyers N (default 100), --no-build, --pg URL (default postgres://postgres@127.0.0.1:5432/test;
// "off" to skip PostgreSQL), --scale-buyers N (default 1000; 0 skips the one-/two-server runs), --concurrency N
// (default 50), --settle-seconds N (default 30: idle time before "after" is read), --scale-only (only the one-/two-server
// runs).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freshPostgresDatabase } from "./lib/postgres-database.mjs";
import { freePort, startProductionServer } from "./lib/production-server.mjs";
import { residentMb } from "./lib/resident-memory.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const BUYERS = Number(option("buyers", "100"));
const RESUBMIT_SHARE = 0.1;
const PG_URL = option("pg", "postgres://postgres@127.0.0.1:5432/test");
const SCALE_BUYERS = Number(option("scale-buyers", "1000"));
const SETTLE_SECONDS = Number(option("settle-seconds", "30"));
const CONCURRENCY = Number(option("concurrency", "50"));
const TRIES = 5;

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

/**
 * Every buyer at once, buyer i on server i mod n; a tenth of them send the same order twice at the same moment, the
 * second time to the next server (a retry that a load balancer sends elsewhere).
 */
async function runBuyers(bases, buyers = BUYERS) {
  const keys = Array.from({ length: buyers }, () => randomUUID());
  const resubmitting = new Set(keys.slice(0, Math.round(buyers * RESUBMIT_SHARE)));
  const started = performance.now();
  const results = await Promise.all(
    keys.flatMap((key, i) => {
      const first = submit(bases[i % bases.length], key);
      return resubmitting.has(key) ? [first, submit(bases[(i + 1) % bases.length], key)] : [first];
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { keys, results, seconds };
}

/** A buyer who is asked to try again does, after a pause, with the same checkout (its idempotency key). */
async function submitUntilAnswered(base, checkoutId) {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    const result = await submit(base, checkoutId);
    if (result.status === 302 || attempt >= TRIES || ![0, 409, 503].includes(result.status)) {
      return { ...result, attempts: attempt, ms: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

/**
 * `buyers` buyers, at most CONCURRENCY of them at once, buyer i on server i mod n; a tenth of them send the same
 * order twice at the same moment, the second time to the next server.
 */
async function runArrivingBuyers(bases, buyers) {
  const keys = Array.from({ length: buyers }, () => randomUUID());
  const resubmitting = new Set(keys.slice(0, Math.round(buyers * RESUBMIT_SHARE)));
  const results = [];
  let next = 0;
  const started = performance.now();
  async function lane() {
    while (next < keys.length) {
      const i = next++;
      const key = keys[i];
      const first = submitUntilAnswered(bases[i % bases.length], key);
      const both = resubmitting.has(key) ? [first, submitUntilAnswered(bases[(i + 1) % bases.length], key)] : [first];
      results.push(...(await Promise.all(both)));
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
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
    const { keys, results, seconds } = await runBuyers([server.base]);
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

/**
 * `count` fresh servers on one fresh PostgreSQL database, each warmed up with ten orders; SCALE_BUYERS buyers spread
 * over them; each server's resident memory after the warm-up ("before") and after the load and SETTLE_SECONDS idle.
 */
async function scaleRun(url, count) {
  const database = await freshPostgresDatabase(url, "deck_scale");
  const servers = [];
  try {
    const env = { DATABASE_URL: database.url, SESSION_SECRET: "bench-secret-".repeat(4) };
    for (let i = 0; i < count; i++) {
      const metricsPort = await freePort();
      servers.push({ ...(await startProductionServer({ env: { ...env, METRICS_PORT: String(metricsPort) } })), metricsPort });
    }
    const bases = servers.map((server) => server.base);
    // Warm-up: each server's code paths compiled (ten orders each) before its memory is read and the clock starts.
    for (const base of bases) for (let i = 0; i < 10; i++) await submit(base, randomUUID());
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = servers.map((server) => residentMb(server.pid));
    const heapBefore = await Promise.all(servers.map(heapMb));
    const loadBefore = os.loadavg()[0];
    const cpuBefore = cpuTimes(servers.map((server) => server.pid));
    const { keys, results, seconds } = await runArrivingBuyers(bases, SCALE_BUYERS);
    const cpu = cpuShare(cpuBefore, cpuTimes(servers.map((server) => server.pid)));
    const loadAfter = os.loadavg()[0];
    const confirmed = new Set(results.filter((result) => result.orderId).map((result) => result.checkoutId)).size;
    const failures = results.filter((result) => result.status !== 302);
    const { lost, duplicated } = await verify(bases[0], keys, results);
    const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
    const rows = await countRowsInPostgres(database.url, keys);
    const peak = servers.map((server) => residentMb(server.pid));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const after = servers.map((server) => residentMb(server.pid));
    const heapAfter = await Promise.all(servers.map(heapMb));
    return {
      label: `PostgreSQL, ${count} server${count > 1 ? "s" : ""}`,
      servers: count,
      buyers: SCALE_BUYERS,
      requests: results.reduce((sum, result) => sum + result.attempts, 0),
      retried: results.filter((result) => result.attempts > 1).length,
      ordersPerSecond: confirmed / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      non302: failures.length,
      failureStatuses: [...new Set(failures.map((failure) => failure.status))],
      lost,
      duplicated,
      rows,
      memory: servers.map((_, i) => ({
        beforeMb: before[i],
        peakMb: peak[i],
        afterMb: after[i],
        heapBeforeMb: heapBefore[i],
        heapAfterMb: heapAfter[i],
      })),
      loadAverage: { before: loadBefore, after: loadAfter },
      cpu,
    };
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

/** The V8 heap's size (reserved by V8, not only used) of a server, from its Prometheus metrics; null if unreadable. */
async function heapMb(server) {
  try {
    const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
    const bytes = Number(/^nodejs_heap_size_total_bytes (\d+)/m.exec(text)?.[1]);
    return Number.isFinite(bytes) ? Math.round(bytes / 1048576) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time so far of the whole machine (from /proc/stat) and of the given processes (/proc/<pid>/stat), in clock
 * ticks: a second server can only add throughput if one server's run leaves cores idle. Linux only; null elsewhere.
 */
function cpuTimes(pids) {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const processes = pids.reduce((sum, pid) => sum + processTicks(pid), 0);
    // PostgreSQL's backends (one per pooled connection; they live as long as the pools) and this load generator.
    const postgres = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry) && readFileSync(`/proc/${entry}/comm`, { encoding: "utf8", flag: "r" }).trim() === "postgres")
      .reduce((sum, pid) => sum + processTicks(pid), 0);
    return { idle, total, processes, postgres, bench: processTicks(process.pid), at: performance.now() };
  } catch {
    return null;
  }
}

/** User and system CPU time of a process so far, in clock ticks (0 once it has gone). */
function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function cpuShare(before, after) {
  if (!before || !after) return null;
  const cores = os.cpus().length;
  const ticks = after.total - before.total;
  const seconds = (after.at - before.at) / 1000;
  const ticksPerSecond = ticks / seconds / cores;
  return {
    cores,
    machinePercent: Math.round((1 - (after.idle - before.idle) / ticks) * cores * 100),
    serversPercent: Math.round(((after.processes - before.processes) / ticksPerSecond / seconds) * 100),
    postgresPercent: Math.round(((after.postgres - before.postgres) / ticksPerSecond / seconds) * 100),
    benchPercent: Math.round(((after.bench - before.bench) / ticksPerSecond / seconds) * 100),
  };
}

function printScale(runs) {
  if (runs.length === 0) return;
  console.log(
    `\n${SCALE_BUYERS} buyers on one server and on two servers sharing PostgreSQL, at most ${CONCURRENCY} at once ` +
      `(${os.cpus().length} cores; a retried buyer's latency includes the pauses):`,
  );
  for (const run of runs) {
    const memory = run.memory
      .map((m, i) => `server ${i + 1}: ${m.beforeMb} → ${m.peakMb} → ${m.afterMb} MB (${(((m.afterMb - m.beforeMb) / m.beforeMb) * 100).toFixed(0)}%)`)
      .join("; ");
    console.log(
      `  ${run.label}: ${run.ordersPerSecond.toFixed(1)} orders/s, p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms, ` +
        `retried ${run.retried}, still not 302 ${run.non302}, lost ${run.lost}, duplicated ${run.duplicated}, rows ${run.rows.orders}/${run.rows.keys}, ` +
        `load average ${run.loadAverage.before.toFixed(1)} → ${run.loadAverage.after.toFixed(1)}` +
        (run.cpu
          ? `, machine CPU busy ${run.cpu.machinePercent}% of ${run.cpu.cores * 100}% (the shop's servers ${run.cpu.serversPercent}%, ` +
            `PostgreSQL ${run.cpu.postgresPercent}%, this load generator ${run.cpu.benchPercent}%)`
          : ""),
    );
    console.log(`    resident memory before → at the end of the load → after ${SETTLE_SECONDS} s idle: ${memory}`);
    const heap = run.memory.map((m, i) => `server ${i + 1}: ${m.heapBeforeMb} → ${m.heapAfterMb} MB`).join("; ");
    console.log(`    of which V8's heap, before → after idle: ${heap}`);
  }
  if (runs.length === 2) {
    const ratio = runs[1].ordersPerSecond / runs[0].ordersPerSecond;
    console.log(`  two servers / one server: ${ratio.toFixed(2)}× (target ≥ 1.6×)`);
    // Every order costs CPU in the server, in PostgreSQL and in the load generator, all on this machine's cores: at
    // the one-server run's cost per order, no number of servers can go faster than all cores busy.
    const { cpu } = runs[0];
    if (cpu) {
      const cpuMsPerOrder = (cpu.machinePercent * 10) / runs[0].ordersPerSecond;
      const ceiling = (cpu.cores * 1000) / cpuMsPerOrder;
      console.log(
        `  this machine's ceiling: ${cpuMsPerOrder.toFixed(1)} ms of CPU per order (all processes) on ${cpu.cores} cores = ` +
          `${ceiling.toFixed(0)} orders/s, ${(ceiling / runs[0].ordersPerSecond).toFixed(2)}× one server, whatever the number of servers`,
      );
    }
  }
  const memoryBack = runs.every((run) => run.memory.every((m) => m.afterMb <= m.beforeMb * 1.1));
  console.log(`  memory back within 10% of its start after the load: ${memoryBack ? "yes" : "no"}`);
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

const SCALE_ONLY = args.includes("--scale-only");
const results = SCALE_ONLY ? [] : [await benchmark("PGlite", { DATABASE_URL: "" })];
if (PG_URL !== "off" && !SCALE_ONLY) {
  try {
    // The bench gets a database of its own so that it never touches anything else on the server.
    const database = await freshPostgresDatabase(PG_URL, "deck_bench");
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
const scale = [];
if (PG_URL !== "off" && SCALE_BUYERS > 0) {
  try {
    scale.push(await scaleRun(PG_URL, 1));
    scale.push(await scaleRun(PG_URL, 2));
  } catch (error) {
    console.error(`One-/two-server runs skipped: ${error.message}`);
  }
}
print(results);
printScale(scale);
if (scale.length) console.log(`BENCH_CHECKOUT_SCALE_JSON ${JSON.stringify(scale)}`);
const bad = [...results, ...scale].some((result) => result.lost > 0 || result.duplicated > 0);
process.exitCode = bad ? 1 : 0;
