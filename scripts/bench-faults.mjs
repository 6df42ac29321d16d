// npm run bench:faults — checkout under faults, on PGlite and on PostgreSQL. Many buyers check out at once (some
// submitting twice); the production server is killed with SIGKILL in the middle and started again on the same data.
// Prints what the buyers were told against what is stored: acknowledged orders, present, duplicates, charges without
// an order, attempts left open, what recovery did, and how long the restart and the recovery took. The buyers whose
// answer was cut off then retry once, as a buyer would.
//
// Options: --buyers N (default 150), --doubles N (default 20), --port P (default 3420: P..P+5 are used),
// --no-build, --pg URL (an admin connection to create a throwaway database on; default
// postgres://postgres@127.0.0.1:5432/postgres; "off" to skip PostgreSQL), --grace-ms N (PostgreSQL: how long an
// attempt stays `processing` before recovery takes it; default 5000 here, 120000 in production).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  checkoutLoad,
  compare,
  freshPostgresDatabase,
  readState,
  startServer,
  stopServer,
  submitOrder,
  waitForHealthy,
  waitForNoOpenAttempts,
} from "./lib/checkout-faults.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const BUYERS = Number(option("buyers", "150"));
const DOUBLES = Number(option("doubles", "20"));
const PORT = Number(option("port", "3420"));
const PG_URL = option("pg", "postgres://postgres@127.0.0.1:5432/postgres");
const GRACE_MS = Number(option("grace-ms", "5000"));
const SESSION_SECRET = "bench-faults-secret-".repeat(3);

/** The summed "checkout recovery round" lines of a server's JSON log. */
function recoveryDone(log) {
  const total = { completed: 0, voided: 0, released: 0, left: 0 };
  for (const line of log.split("\n")) {
    if (!line.includes('"checkout recovery round"')) continue;
    const round = JSON.parse(line).recovery ?? {};
    for (const key of Object.keys(total)) total[key] += round[key] ?? 0;
  }
  return total;
}

async function crashAndRecover(label, { databaseUrl, port }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "deck-faults-"));
  const env = {
    DATABASE_URL: databaseUrl ?? "",
    SESSION_SECRET,
    CHECKOUT_RECOVERY_AFTER_MS: String(GRACE_MS),
    CHECKOUT_RECOVERY_INTERVAL_MS: "1000",
  };
  let server = startServer({ port, dataDir, env });
  try {
    await waitForHealthy(server, 120_000);
    const crashed = server;
    let killedAt = 0;
    const killAfter = Math.round(BUYERS / 3);
    const load = await checkoutLoad(server.base, {
      buyers: BUYERS,
      doubles: DOUBLES,
      concurrency: 32,
      onResult: (_, results) => {
        if (!killedAt && results.filter((result) => result.status === 302).length >= killAfter) {
          killedAt = performance.now();
          crashed.child.kill("SIGKILL");
        }
      },
    });
    await crashed.exited;
    if (!killedAt) throw new Error("the load finished before the kill");

    server = startServer({ port: port + 1, dataDir, env });
    await waitForHealthy(server, 120_000);
    const restartSeconds = (performance.now() - killedAt) / 1000;
    // PGlite resolves everything before it listens; PostgreSQL once the grace period has passed.
    const open = databaseUrl ? await waitForNoOpenAttempts(databaseUrl, GRACE_MS + 60_000) : { open: null };
    const recoverSeconds = (performance.now() - killedAt) / 1000;

    // The buyers who got no answer try again, once.
    const answeredKeys = new Set(load.results.filter((result) => result.status === 302).map((result) => result.checkoutId));
    const retryKeys = [...new Set(load.results.filter((result) => result.status !== 302).map((result) => result.checkoutId))].filter(
      (key) => !answeredKeys.has(key),
    );
    const retries = await Promise.all(retryKeys.map((key) => submitOrder(server.base, key)));
    const log = server.output();
    await stopServer(server);

    const state = await readState({ databaseUrl, dataDir });
    const outcome = compare([...load.results, ...retries], state);
    const beforeKill = compare(load.results, state);
    return {
      label,
      buyers: BUYERS,
      doubles: DOUBLES,
      requests: load.results.length,
      // Cut off in flight (the connection reset), and refused (sent after the kill to a server that was gone).
      cutOff: load.results.filter((result) => result.status === 0 && result.error !== "ECONNREFUSED").length,
      refused: load.results.filter((result) => result.error === "ECONNREFUSED").length,
      acknowledgedBeforeKill: beforeKill.acknowledged,
      presentOfThose: beforeKill.present,
      duplicates: outcome.duplicates,
      orders: outcome.orders,
      charges: outcome.charges,
      voided: outcome.voided,
      chargesWithoutOrder: outcome.chargesWithoutOrder.length,
      ordersWithVoidedCharge: outcome.ordersWithVoidedCharge.length,
      stuck: outcome.stuck.length,
      openAfterWait: open.open,
      recovery: recoveryDone(log),
      restartSeconds,
      recoverSeconds,
      retries: retries.length,
      retryStatuses: Object.entries(
        retries.reduce((counts, retry) => ({ ...counts, [retry.status]: (counts[retry.status] ?? 0) + 1 }), {}),
      )
        .map(([status, count]) => `${count}×${status}`)
        .join(" "),
      acknowledgedAfterRetries: outcome.acknowledged,
      presentAfterRetries: outcome.present,
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// DB-OUTAGE PHASE (PostgreSQL only). The database connection is cut in the middle of the load through the TCP
// proxy of scripts/lib/tcp-proxy.mjs (made by the observability work), then restored; the same accounting as
// above. Skipped with a note when the proxy is not there.
// ---------------------------------------------------------------------------------------------------------------
async function databaseOutage(label, { databaseUrl, port }) {
  const proxyModule = path.join(root, "scripts/lib/tcp-proxy.mjs");
  if (!existsSync(proxyModule)) return { label, skipped: "scripts/lib/tcp-proxy.mjs is not there: no outage phase" };
  const { startTcpProxy } = await import(pathToFileURL(proxyModule).href);
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy({ targetPort: Number(target.port || 5432), targetHost: target.hostname });
  const proxied = new URL(databaseUrl);
  proxied.port = String(proxy.port);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "deck-outage-"));
  const env = {
    DATABASE_URL: proxied.toString(),
    SESSION_SECRET,
    CHECKOUT_RECOVERY_AFTER_MS: String(GRACE_MS),
    CHECKOUT_RECOVERY_INTERVAL_MS: "1000",
  };
  const server = startServer({ port, dataDir, env });
  try {
    await waitForHealthy(server, 120_000);
    let cutAt = 0;
    const OUTAGE_MS = 3000;
    const load = await checkoutLoad(server.base, {
      buyers: BUYERS,
      doubles: DOUBLES,
      concurrency: 32,
      onResult: (_, results) => {
        if (!cutAt && results.filter((result) => result.status === 302).length >= Math.round(BUYERS / 3)) {
          cutAt = performance.now();
          proxy.cut("reset");
          setTimeout(() => proxy.restore(), OUTAGE_MS);
        }
      },
    });
    if (performance.now() - cutAt < OUTAGE_MS) await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (performance.now() - cutAt)));
    proxy.restore();
    const survived = server.child.exitCode === null;
    const open = await waitForNoOpenAttempts(databaseUrl, GRACE_MS + 60_000);
    const recoverSeconds = (performance.now() - cutAt) / 1000;
    const answeredKeys = new Set(load.results.filter((result) => result.status === 302).map((result) => result.checkoutId));
    const retryKeys = [...new Set(load.results.map((result) => result.checkoutId))].filter((key) => !answeredKeys.has(key));
    const retries = await Promise.all(retryKeys.map((key) => submitOrder(server.base, key)));
    const log = server.output();
    await stopServer(server);
    const state = await readState({ databaseUrl, dataDir });
    const beforeRetry = compare(load.results, state);
    const outcome = compare([...load.results, ...retries], state);
    return {
      label,
      survived,
      outageMs: OUTAGE_MS,
      requests: load.results.length,
      statuses: Object.entries(load.results.reduce((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {}))
        .map(([status, count]) => `${count}×${status}`)
        .join(" "),
      acknowledged: beforeRetry.acknowledged,
      present: beforeRetry.present,
      duplicates: outcome.duplicates,
      chargesWithoutOrder: outcome.chargesWithoutOrder.length,
      ordersWithVoidedCharge: outcome.ordersWithVoidedCharge.length,
      stuck: outcome.stuck.length,
      openAfterWait: open.open,
      recovery: recoveryDone(log),
      recoverSeconds,
      retries: retries.length,
      retryStatuses: Object.entries(retries.reduce((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {}))
        .map(([status, count]) => `${count}×${status}`)
        .join(" "),
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await proxy.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(rows, columns) {
  const header = columns.map(([title]) => title);
  const cells = rows.map((row) => columns.map(([, cell]) => String(cell(row))));
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
  for (const row of [header, ...cells]) console.log(row.map((cell, i) => cell.padStart(widths[i])).join("  "));
}

if (!args.includes("--no-build") || !existsSync(path.join(root, "build/server/index.js"))) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");
console.log(`load average before: ${load()} (${os.cpus().length} cores)`);
const crashes = [await crashAndRecover("PGlite", { port: PORT })];
const outages = [];
if (PG_URL !== "off") {
  try {
    const database = await freshPostgresDatabase(PG_URL, "deck_faults");
    try {
      crashes.push(await crashAndRecover("PostgreSQL", { databaseUrl: database.url, port: PORT + 2 }));
    } finally {
      await database.drop();
    }
    const outageDatabase = await freshPostgresDatabase(PG_URL, "deck_outage");
    try {
      outages.push(await databaseOutage("PostgreSQL", { databaseUrl: outageDatabase.url, port: PORT + 4 }));
    } finally {
      await outageDatabase.drop();
    }
  } catch (error) {
    console.error(`PostgreSQL skipped: ${error.message}`);
  }
}

console.log(`\nSIGKILL after a third of ${BUYERS} buyers (${DOUBLES} submitting twice) had their confirmation; restart on the same data:\n`);
table(crashes, [
  ["database", (r) => r.label],
  ["requests", (r) => r.requests],
  ["cut off", (r) => r.cutOff],
  ["refused", (r) => r.refused],
  ["acknowledged", (r) => r.acknowledgedBeforeKill],
  ["present", (r) => r.presentOfThose],
  ["duplicates", (r) => r.duplicates],
  ["orders", (r) => r.orders],
  ["charges", (r) => r.charges],
  ["voided", (r) => r.voided],
  ["charge w/o order", (r) => r.chargesWithoutOrder],
  ["stuck", (r) => r.stuck],
  ["recovery c/v/r", (r) => `${r.recovery.completed}/${r.recovery.voided}/${r.recovery.released}`],
  ["restart s", (r) => r.restartSeconds.toFixed(1)],
  ["recovered s", (r) => r.recoverSeconds.toFixed(1)],
  ["retries", (r) => `${r.retries}: ${r.retryStatuses || "-"}`],
]);
if (outages.length) {
  console.log("\nDatabase outage (TCP proxy cut for 3 s in the middle of the load, then restored):\n");
  for (const outage of outages) {
    if (outage.skipped) console.log(`${outage.label}: skipped: ${outage.skipped}`);
  }
  const ran = outages.filter((outage) => !outage.skipped);
  if (ran.length) {
    table(ran, [
      ["database", (r) => r.label],
      ["requests", (r) => r.requests],
      ["server lived", (r) => (r.survived ? "yes" : "no (exited)")],
      ["answers", (r) => r.statuses],
      ["acknowledged", (r) => r.acknowledged],
      ["present", (r) => r.present],
      ["duplicates", (r) => r.duplicates],
      ["charge w/o order", (r) => r.chargesWithoutOrder],
      ["stuck", (r) => r.stuck],
      ["recovery c/v/r", (r) => `${r.recovery.completed}/${r.recovery.voided}/${r.recovery.released}`],
      ["settled s", (r) => r.recoverSeconds.toFixed(1)],
      ["retries", (r) => `${r.retries}: ${r.retryStatuses || "-"}`],
    ]);
  }
}
console.log(`\nrecovery c/v/r: attempts completed / charges voided / attempts released by recovery. Grace ${GRACE_MS} ms on PostgreSQL.`);
console.log(`load average after: ${load()}`);
console.log(`BENCH_FAULTS_JSON ${JSON.stringify({ crashes, outages })}`);
const bad = [...crashes, ...outages.filter((outage) => !outage.skipped)].some(
  (r) =>
    r.duplicates > 0 ||
    r.chargesWithoutOrder > 0 ||
    r.ordersWithVoidedCharge > 0 ||
    r.stuck > 0 ||
    r.survived === false ||
    (r.presentOfThose ?? r.present) !== (r.acknowledgedBeforeKill ?? r.acknowledged),
);
process.exitCode = bad ? 1 : 0;
