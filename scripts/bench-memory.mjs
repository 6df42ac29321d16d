// npm run bench:memory — resident memory (RSS) of the idle production server on the embedded PGlite and on
// PostgreSQL, side by side: right after start, and idle after a round of pages and one order. Target for PGlite:
// within 300 MB idle (#16). PGlite is measured on a new DATA_DIR (the first start, which makes the directory) and on
// the same directory started again.
//
// Options: --no-build, --pg URL (default postgres://postgres@127.0.0.1:5432/test; "off" to skip PostgreSQL),
// --idle-seconds N (default 10).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freshPostgresDatabase } from "./lib/postgres-database.mjs";
import { startProductionServer } from "./lib/production-server.mjs";
import { residentMb } from "./lib/resident-memory.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const PG_URL = option("pg", "postgres://postgres@127.0.0.1:5432/test");
const IDLE_SECONDS = Number(option("idle-seconds", "10"));
const TARGET_MB = 300;

/** What a visitor does: the pages of the shop, and one order. */
async function warm(base) {
  for (const page of ["/", "/editor", "/GripSize", "/Shipping", "/Payment", "/Login", "/account", "/healthz"]) {
    await (await fetch(`${base}${page}`)).arrayBuffer();
  }
  const response = await fetch(`${base}/Payment`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({
      grip: "on", size: "8.5", contact: "memory@example.com", name: "Memory Bench", address: "Main Street 1",
      addressextend: "", postalcode: "10115", city: "Berlin", country: "DE",
      design: JSON.stringify({ background: "#f4d35e", layers: [] }), checkoutId: randomUUID(), expectedTotalCents: "7590",
      cardNumber: "4242 4242 4242 4242", cardName: "Memory Bench", cardMonth: "12", cardYear: "35", cardCvv: "123",
    }),
  });
  if (response.status !== 302) throw new Error(`the order was not placed (${response.status})`);
  await (await fetch(`${base}${response.headers.get("location")}`)).arrayBuffer();
}

async function measure(label, env) {
  const server = await startProductionServer({ env });
  try {
    const startMb = residentMb(server.pid);
    await warm(server.base);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { label, startMb, idleMb: residentMb(server.pid) };
  } finally {
    await server.stop();
  }
}

async function withFreshPostgres(url, use) {
  const fresh = await freshPostgresDatabase(url, "deck_memory");
  try {
    return await use(fresh.url);
  } finally {
    await fresh.drop();
  }
}

if (!args.includes("--no-build") || !existsSync(path.join(root, "build/server/index.js"))) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const results = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), "deck-memory-"));
try {
  results.push(await measure("PGlite, first start (new DATA_DIR)", { DATABASE_URL: "", DATA_DIR: dataDir }));
  results.push(await measure("PGlite, started again", { DATABASE_URL: "", DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (PG_URL !== "off") {
  try {
    results.push(
      await withFreshPostgres(PG_URL, (url) => measure("PostgreSQL", { DATABASE_URL: url, SESSION_SECRET: "bench-secret-".repeat(4) })),
    );
  } catch (error) {
    console.error(`PostgreSQL skipped: ${error.message}`);
  }
}

const width = Math.max(...results.map((result) => result.label.length));
console.log(`${"server".padEnd(width)}  start MB  idle MB (after pages and an order, ${IDLE_SECONDS} s idle)`);
for (const result of results) {
  console.log(`${result.label.padEnd(width)}  ${String(result.startMb).padStart(8)}  ${String(result.idleMb).padStart(7)}`);
}
const pglite = results.filter((result) => result.label.startsWith("PGlite"));
const over = pglite.filter((result) => result.idleMb > TARGET_MB);
console.log(`\nTarget: the idle server on PGlite within ${TARGET_MB} MB resident: ${over.length ? "MISSED" : "met"}.`);
console.log(`BENCH_MEMORY_JSON ${JSON.stringify(results)}`);
process.exitCode = over.length ? 1 : 0;
