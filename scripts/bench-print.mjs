#!/usr/bin/env node
// npm run bench:print — print PNG renders against the production server while shoppers browse: N renders at once
// (default 8, each of another order, so none is read back from the database), and meanwhile `/` and `/GripSize`
// requested over and over. Prints the other pages' p50/p99/max, the renders' times, and the server's resident
// memory before, at its peak and after, on PGlite (and on PostgreSQL with --pg URL).
//
//   node scripts/bench-print.mjs [--renders 8] [--no-build] [--pg postgres://postgres@127.0.0.1:5432/db]
//
// Extra environment (e.g. PRINT_RENDER_WORKERS=2) is passed on to the server. The target (issue #16): other pages'
// p99 under 200 ms while 8 renders run, and memory bounded.
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startProductionServer } from "./lib/production-server.mjs";
import { download, loadWhile, peakRssMb, percentile, placeOrder, printableDesign, printPngPath, rssMb } from "./lib/print-load.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const RENDERS = Number(option("renders", "8"));
const PG_URL = option("pg", null);
const PAGES = ["/", "/GripSize"];

async function quietLatencies(base) {
  // The same pages with no render running: the floor the loaded figures compare with.
  const { latencies } = await loadWhile(base, PAGES, new Promise((resolve) => setTimeout(resolve, 3_000)));
  return latencies;
}

async function run(label, env) {
  const server = await startProductionServer({ env: { PRINT_RENDER_QUEUE: String(Math.max(16, RENDERS)), ...env } });
  try {
    const paths = [];
    for (let seed = 0; seed < RENDERS; seed++) paths.push(await printPngPath(server.base, await placeOrder(server.base, printableDesign(seed))));
    const quiet = await quietLatencies(server.base);
    const rssBefore = rssMb(server.pid);
    const started = performance.now();
    const { result, latencies } = await loadWhile(server.base, PAGES, Promise.all(paths.map((p) => download(server.base, p))));
    const allRendered = (performance.now() - started) / 1000;
    const failed = result.filter((answer) => answer.status !== 200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return {
      label,
      quiet,
      latencies,
      renderMs: result.map((answer) => answer.ms),
      allRendered,
      failed: failed.map((answer) => answer.status),
      rssBefore,
      rssPeak: peakRssMb(server.pid),
      rssAfter: rssMb(server.pid),
    };
  } finally {
    await server.stop();
  }
}

function print(result) {
  const f = (ms) => `${ms.toFixed(0)} ms`.padStart(8);
  console.log(`\n${result.label}: ${RENDERS} print PNGs at once, all done in ${result.allRendered.toFixed(1)} s` +
    (result.failed.length ? `, ${result.failed.length} failed (${result.failed.join(", ")})` : ", none failed"));
  console.log(`  renders: fastest ${f(Math.min(...result.renderMs))}, slowest ${f(Math.max(...result.renderMs))}`);
  console.log("  page        while rendering: requests    p50      p99      max   | quiet: p50      p99");
  for (const page of PAGES) {
    const busy = result.latencies[page];
    const quiet = result.quiet[page];
    console.log(`  ${page.padEnd(10)}  ${String(busy.length).padStart(24)} ${f(percentile(busy, 50))} ${f(percentile(busy, 99))} ${f(Math.max(...busy))}   |    ${f(percentile(quiet, 50))} ${f(percentile(quiet, 99))}`);
  }
  console.log(`  server RSS: ${result.rssBefore?.toFixed(0) ?? "?"} MB before, peak ${result.rssPeak?.toFixed(0) ?? "?"} MB (VmHWM, since start), ${result.rssAfter?.toFixed(0) ?? "?"} MB after`);
}

if (!args.includes("--no-build")) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const extra = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("PRINT_RENDER_")));
console.log(`bench:print on ${os.availableParallelism()} cores, load average ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}` +
  (Object.keys(extra).length ? `, ${JSON.stringify(extra)}` : ""));
print(await run("PGlite", { DATABASE_URL: "" }));
if (PG_URL) print(await run("PostgreSQL", { DATABASE_URL: PG_URL, SESSION_SECRET: "bench-print-secret-".repeat(3) }));
console.log(`\nload average after: ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
