#!/usr/bin/env node
// The shop's emoji picker beside emoji-picker-react and frimousse, measured in Chromium on one harness in one run:
//   - open → first emoji: from the click that mounts the picker to the frame that shows its first emoji (an <img>
//     counts once it has loaded); open → first screen: until every emoji visible in its scroller is drawn;
//   - key → results: typed once the picker has settled (no request in flight, no DOM change for a while), from the
//     keydown of "w" in the empty search box to the frame that painted the picker's last DOM change (so debouncing
//     counts); key → all art: until the visible results' pictures have loaded and been painted too (the same for
//     pickers that draw glyphs);
//   - bytes to first emoji: everything the page requested before the first emoji was painted (HTML, JS, CSS,
//     data, images), on the wire (gzip, headers included), from Chrome's Network events. Also the total until
//     after the search.
//
//   node scripts/bench-emoji.mjs [--runs N] [--cpu RATE] [--pickers ours,frimousse] [--compare DIR]
//
// --compare DIR adds the picker of another checkout of the shop (its app/modules/emoji, served with its own
// public/emoji, built by its own scripts/build-emoji-assets.mjs), e.g. the last commit, on the same harness.
//
// Each picker is bundled alone with Vite into a temp dir and served with gzip from 127.0.0.1 by a server in a process
// of its own (scripts/bench-emoji/static-server.mjs, so that Playwright's traffic here does not delay it; frimousse gets
// emojibase-data from the same server: its emojibaseUrl points there); every request to another host is blocked
// and counted. Every picker gets the same conditions: the same viewport, the same CPU (--cpu throttles all alike
// through CDP), a fresh browser context per run (cold cache, empty storage), the same number of runs, interleaved
// so that a busy moment of the machine does not fall on one picker only. Figures are medians and p95.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { armSearchProbe, openProbe, settleProbe } from "./bench-emoji/probes.mjs";
import { isFile } from "./bench-emoji/static-server.mjs";
import { chromiumLaunchOptions } from "./lib/chromium.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EMOJI_ASSETS = path.join(ROOT, "public/emoji");
const RUNS = Number(readOption("--runs")) || 7;
const CPU_RATE = Number(readOption("--cpu")) || 1;
const VIEWPORT = { width: 1280, height: 800 };
const WAIT_MS = 8_000;
const QUIET_MS = 600; // no DOM change for this long ends a search measurement
const SETTLE_MS = 500; // before typing: no request in flight and no DOM change in the picker for this long
const SEARCH_KEY = "w";
const ONLY = readOption("--pickers")?.split(",");
// Every host but the harness's own fails to resolve. Not Playwright's request interception: that sends each
// request through this process and back, and delayed the requests a picker makes after the search (ours) by
// more than the pickers' differences.
const BLOCK_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";
const COMPARE = readOption("--compare");

function readOption(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function versionOf(name) {
  return JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
}

function hasEmojibaseData() {
  return isFile(path.join(ROOT, "node_modules/emojibase-data/en/data.json"));
}

// ---- the harness pages ----------------------------------------------------------------------------------------

/** Mounts the picker on a click, marking the moment in the page's timeline. */
const HARNESS_SHELL = `
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import Picker from "./picker.jsx";

function Harness() {
  const [open, setOpen] = useState(false);
  const onOpen = () => {
    window.__openedAt = performance.now();
    setOpen(true);
  };
  return (
    <main style={{ padding: 16 }}>
      <button id="open" type="button" onClick={onOpen}>Open</button>
      <div id="picker">{open ? <Picker /> : null}</div>
    </main>
  );
}
createRoot(document.getElementById("root")).render(<StrictMode><Harness /></StrictMode>);
`;

/**
 * One entry per picker: how to render it, and the selectors the measurements use. Each is configured so that
 * nothing needs another host: our artwork is local, emoji-picker-react draws native glyphs, and frimousse gets
 * emojibase-data from the harness's server: it fetches `${emojibaseUrl}/${locale}/data.json` and
 * `.../messages.json` (node_modules/frimousse/dist/index.js), served from node_modules/emojibase-data/en/.
 * `expects` lists requests the picker must have made on the local server, checked in every run.
 */
function ourPicker(id, label, checkout) {
  return {
    id,
    label,
    source: `import { EmojiPicker } from ${JSON.stringify(path.join(checkout, "app/modules/emoji/emoji-picker.tsx"))};
export default function Picker() { return <EmojiPicker />; }`,
    root: ".emoji-picker",
    search: ".emoji-picker__search-input",
    emoji: ".emoji-picker__emoji img, .emoji-picker__emoji .emoji-art--glyph",
    assets: path.join(checkout, "public/emoji"),
  };
}

function pickers(emojibaseLocal) {
  return [
    ourPicker("ours", "Deck Studio picker", ROOT),
    ...(COMPARE ? [ourPicker("compare", `Deck Studio picker (${path.basename(path.resolve(COMPARE))})`, path.resolve(COMPARE))] : []),
    {
      id: "emoji-picker-react",
      label: `emoji-picker-react ${versionOf("emoji-picker-react")} (native)`,
      source: `import EmojiPicker, { EmojiStyle } from "emoji-picker-react";
export default function Picker() { return <EmojiPicker emojiStyle={EmojiStyle.NATIVE} />; }`,
      root: ".EmojiPickerReact",
      search: ".EmojiPickerReact input",
      emoji: ".epr-emoji-native",
    },
    {
      id: "frimousse",
      label: `frimousse ${versionOf("frimousse")}`,
      source: `import { EmojiPicker } from "frimousse";
const url = ${JSON.stringify(emojibaseLocal ? "/emojibase" : null)} ?? undefined;
export default function Picker() {
  return (
    <EmojiPicker.Root emojibaseUrl={url} style={{ display: "flex", flexDirection: "column", width: 360, height: 360 }}>
      <EmojiPicker.Search />
      <EmojiPicker.Viewport style={{ flex: 1 }}>
        <EmojiPicker.Loading>Loading…</EmojiPicker.Loading>
        <EmojiPicker.Empty>No emoji found.</EmojiPicker.Empty>
        <EmojiPicker.List />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  );
}`,
      root: "[frimousse-root]",
      search: "[frimousse-search]",
      // Rows with role="row" only: frimousse keeps a hidden sizer row of placeholder emoji in the list.
      emoji: '[frimousse-row][role="row"] [frimousse-emoji]',
      expects: emojibaseLocal ? ["/emojibase/en/data.json", "/emojibase/en/messages.json"] : [],
    },
    {
      id: "baseline",
      label: "React alone (baseline)",
      source: `export default function Picker() { return <p className="baseline">No picker</p>; }`,
      root: "#picker",
      search: null,
      emoji: ".baseline",
    },
  ];
}

/** Bundles one harness page with Vite's build API into `dir/dist`, with the shop's node_modules linked in. */
async function buildHarness(dir, picker) {
  const { build } = await import("vite");
  writeFileSync(path.join(dir, "picker.jsx"), picker.source);
  writeFileSync(path.join(dir, "main.jsx"), HARNESS_SHELL);
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${picker.label}</title></head>` +
      `<body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>`,
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: "error",
    mode: "production",
    resolve: { alias: { "~": path.join(ROOT, "app") } },
    build: { outDir: path.join(dir, "dist"), emptyOutDir: true },
  });
}

// ---- the static server ----------------------------------------------------------------------------------------

/** Starts scripts/bench-emoji/static-server.mjs for `routes` in a child process; resolves with its port. */
function serve(routes) {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/bench-emoji/static-server.mjs"), JSON.stringify(routes)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the static server exited with ${code}`)));
    child.stdout.setEncoding("utf8").on("data", (text) => {
      const port = /listening (\d+)/.exec(text)?.[1];
      if (port) resolve({ port: Number(port), close: () => child.kill("SIGTERM") });
    });
  });
}

// ---- one run --------------------------------------------------------------------------------------------------

/**
 * Follows the page's requests through the Network domain: gzip bytes on the wire per resource kind, split at a
 * wall-clock moment (the first emoji's paint), the requests in flight, and the local paths requested.
 */
async function trackNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (CPU_RATE > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
  const requests = new Map();
  const otherHosts = new Map(); // origin → requests; they fail (see BLOCK_OTHER_HOSTS)
  const inFlight = new Set();
  let lastActivity = performance.now();
  cdp.on("Network.requestWillBeSent", ({ requestId, wallTime, request }) => {
    // A redirect reuses the id: the first request's time stands.
    if (!requests.has(requestId)) requests.set(requestId, { wallMs: wallTime * 1000, url: request.url, kind: "Other", bytes: 0 });
    const url = new URL(request.url);
    if (url.protocol.startsWith("http") && url.hostname !== "127.0.0.1") otherHosts.set(url.origin, (otherHosts.get(url.origin) ?? 0) + 1);
    inFlight.add(requestId);
    lastActivity = performance.now();
  });
  cdp.on("Network.responseReceived", ({ requestId, type }) => {
    const request = requests.get(requestId);
    if (request) request.kind = kindOf(type);
  });
  const done = (requestId, bytes = 0) => {
    const request = requests.get(requestId);
    if (request) request.bytes += bytes;
    inFlight.delete(requestId);
    lastActivity = performance.now();
  };
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => done(requestId, encodedDataLength));
  cdp.on("Network.loadingFailed", ({ requestId }) => done(requestId));
  return {
    /** Resolves once nothing has been in flight for quietMs (or after WAIT_MS). */
    async idle(quietMs) {
      const giveUp = performance.now() + WAIT_MS;
      while (performance.now() < giveUp && (inFlight.size > 0 || performance.now() - lastActivity < quietMs)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    bytes(untilWallMs = Infinity) {
      const totals = { Document: 0, Script: 0, Stylesheet: 0, Fetch: 0, Image: 0, Other: 0, requests: 0 };
      for (const request of requests.values()) {
        if (request.wallMs > untilWallMs || !request.url.startsWith("http")) continue;
        totals[request.kind] += request.bytes;
        totals.requests += 1;
      }
      return totals;
    },
    otherHosts,
    paths: () => [...requests.values()].map(({ url }) => (url.startsWith("http") ? new URL(url).pathname : url)),
  };
}

function kindOf(type) {
  if (type === "XHR" || type === "Fetch") return "Fetch";
  return ["Document", "Script", "Stylesheet", "Image"].includes(type) ? type : "Other";
}

async function measureOnce(browser, baseUrl, picker) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const network = await trackNetwork(context, page);
  const blocked = network.otherHosts;
  await page.goto(baseUrl, { waitUntil: "networkidle" });
  const opened = page.evaluate(openProbe, { selector: picker.emoji, waitMs: WAIT_MS });
  await page.click("#open");
  const open = await opened;
  let search = null;
  if (open && picker.search) {
    await network.idle(SETTLE_MS);
    await page.evaluate(settleProbe, { rootSelector: picker.root, quietMs: SETTLE_MS, waitMs: WAIT_MS });
    search = await measureSearch(page, picker);
  }
  await network.idle(SETTLE_MS);
  const paths = network.paths();
  const missing = (picker.expects ?? []).filter((wanted) => !paths.includes(wanted));
  await context.close();
  return {
    openMs: open?.firstMs ?? null,
    screenMs: open?.screenMs ?? null,
    searchMs: search?.domMs ?? null,
    artMs: search?.artMs ?? null,
    bytesToFirst: network.bytes(open ? open.firstWall : -Infinity),
    bytesTotal: network.bytes(),
    blocked,
    missing,
  };
}

async function measureSearch(page, picker) {
  await page.focus(picker.search);
  await page.evaluate(armSearchProbe, {
    rootSelector: picker.root,
    searchSelector: picker.search,
    emojiSelector: picker.emoji,
    quietMs: QUIET_MS,
  });
  await page.keyboard.press(SEARCH_KEY);
  await page.waitForFunction(() => window.__searchResult !== undefined, null, { timeout: WAIT_MS * 2 });
  return page.evaluate(() => window.__searchResult);
}

// ---- the report -----------------------------------------------------------------------------------------------

function known(values) {
  return values.filter((value) => value !== null).sort((a, b) => a - b);
}

function median(values) {
  const sorted = known(values);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank p95 (with 7 runs, the slowest). */
function p95(values) {
  const sorted = known(values);
  return sorted.length ? sorted[Math.ceil(sorted.length * 0.95) - 1] : null;
}

const kB = (value) => `${(value / 1000).toFixed(1)} kB`;
const ms = (value) => (value === null ? "n/a" : `${Math.round(value)} ms`);
const spread = (values) => `${ms(median(values))} / ${ms(p95(values))}`;

/** Bytes per kind: the median over runs (they differ only by what was in flight at the paint). */
function medianBytes(runs, key) {
  const kinds = ["Document", "Script", "Stylesheet", "Fetch", "Image", "Other", "requests"];
  const result = Object.fromEntries(kinds.map((kind) => [kind, median(runs.map((run) => run[key][kind]))]));
  result.total = median(runs.map((run) => kinds.filter((kind) => kind !== "requests").reduce((sum, kind) => sum + run[key][kind], 0)));
  return result;
}

function summarise(picker, runs) {
  const blocked = new Map();
  for (const run of runs) for (const [origin, count] of run.blocked) blocked.set(origin, (blocked.get(origin) ?? 0) + count);
  return {
    id: picker.id,
    label: picker.label,
    open: runs.map((run) => run.openMs),
    screen: runs.map((run) => run.screenMs),
    search: runs.map((run) => run.searchMs),
    art: runs.map((run) => run.artMs),
    openMs: median(runs.map((run) => run.openMs)),
    openP95: p95(runs.map((run) => run.openMs)),
    screenMs: median(runs.map((run) => run.screenMs)),
    searchMs: median(runs.map((run) => run.searchMs)),
    searchP95: p95(runs.map((run) => run.searchMs)),
    artMs: median(runs.map((run) => run.artMs)),
    artP95: p95(runs.map((run) => run.artMs)),
    toFirst: medianBytes(runs, "bytesToFirst"),
    total: medianBytes(runs, "bytesTotal"),
    blocked: Object.fromEntries(blocked),
    blockedCount: [...blocked.values()].reduce((sum, count) => sum + count, 0),
    failedOpens: runs.filter((run) => run.openMs === null).length,
    missing: [...new Set(runs.flatMap((run) => run.missing))],
  };
}

function printTable(rows) {
  const header = [
    "picker",
    "open→1st emoji",
    "open→1st screen",
    "key→results",
    "key→all art",
    "JS",
    "CSS",
    "data",
    "images",
    "total (reqs)",
    "blocked",
  ];
  const lines = rows.map((row) => [
    row.label,
    spread(row.open),
    spread(row.screen),
    row.id === "baseline" ? "-" : spread(row.search),
    row.id === "baseline" ? "-" : spread(row.art),
    kB(row.toFirst.Script),
    kB(row.toFirst.Stylesheet),
    kB(row.toFirst.Fetch),
    kB(row.toFirst.Image),
    `${kB(row.toFirst.total)} (${row.toFirst.requests})`,
    String(row.blockedCount),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(`${"".padEnd(widths[0])}  ${"times: median / p95".padEnd(widths[1] + widths[2] + widths[3] + widths[4] + 6)}  bytes to first emoji (gzip on the wire)`);
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
}

function printNotes(rows, emojibaseLocal) {
  const baseline = rows.find((row) => row.id === "baseline");
  console.log(
    `\n${RUNS} cold runs per picker (fresh context each), interleaved; viewport ${VIEWPORT.width}×${VIEWPORT.height}, CPU ` +
      `${CPU_RATE > 1 ? `throttled ${CPU_RATE}×` : "not throttled"}; load average ${os.loadavg()[0].toFixed(2)} at the end.`,
  );
  console.log(
    "Bytes to first emoji: every request the page started before the first emoji was painted (page, JS, CSS, data," +
      " images), headers included; data = fetch/XHR. The whole page load counts, so React is in every JS figure.",
  );
  console.log(`JS beyond React (baseline ${kB(baseline.toFirst.Script)}), and everything until after the search:`);
  for (const row of rows.filter((item) => item.id !== "baseline")) {
    const total = row.total;
    console.log(
      `  ${row.label}: JS ${kB(row.toFirst.Script - baseline.toFirst.Script)}; until after the search ` +
        `${kB(total.total)} in ${total.requests} requests (JS ${kB(total.Script)}, CSS ${kB(total.Stylesheet)}, ` +
        `data ${kB(total.Fetch)}, images ${kB(total.Image)})`,
    );
  }
  for (const row of rows) {
    if (row.blockedCount) console.log(`  ${row.label}: blocked ${JSON.stringify(row.blocked)} over all runs`);
    if (row.failedOpens) console.log(`  ${row.label}: no emoji within ${WAIT_MS} ms in ${row.failedOpens} of ${RUNS} runs`);
    if (row.missing.length) console.log(`  ${row.label}: never requested ${row.missing.join(", ")} on the local server`);
  }
  console.log("emoji-picker-react bundles its emoji data in its JS and draws native glyphs; frimousse fetches emojibase");
  console.log("data and draws native glyphs; ours fetches data.json and draws self-hosted Twemoji SVGs (first screen");
  console.log("and category icons from one sheet, bundled names for the first screen; further art from sheets the");
  console.log("server composes on request: a section's first 48 emoji, then 16 at a time).");
  if (!emojibaseLocal) {
    console.log(
      "frimousse: emojibase-data is not installed, so it has no local copy of its data; its CDN requests were blocked" +
        " and its timings are n/a. Installing emojibase-data (devDependency) lets this harness serve it locally.",
    );
  }
}

// ---- main -----------------------------------------------------------------------------------------------------

async function main() {
  if (!isFile(path.join(EMOJI_ASSETS, "data.json"))) {
    throw new Error("public/emoji/data.json is missing: run `node scripts/build-emoji-assets.mjs` first");
  }
  const emojibaseLocal = hasEmojibaseData();
  const work = mkdtempSync(path.join(os.tmpdir(), "bench-emoji-"));
  const servers = [];
  const { chromium } = await import("@playwright/test");
  const launch = chromiumLaunchOptions();
  const browser = await chromium.launch({ ...launch, args: [...launch.args, BLOCK_OTHER_HOSTS] });
  try {
    const entries = [];
    for (const picker of pickers(emojibaseLocal).filter(({ id }) => !ONLY || ONLY.includes(id) || id === "baseline" || id === "compare")) {
      const dir = path.join(work, picker.id);
      const routes = await prepareHarness(dir, picker, emojibaseLocal);
      const server = await serve(routes);
      servers.push(server);
      entries.push({ picker, url: `http://127.0.0.1:${server.port}/`, runs: [] });
    }
    // One unrecorded round first (Vite's output and the server warmed alike), then interleaved runs, so that a
    // busy moment of the machine does not fall on one picker only.
    for (const entry of entries) await measureOnce(browser, entry.url, entry.picker);
    for (let run = 0; run < RUNS; run++) {
      for (const entry of entries) entry.runs.push(await measureOnce(browser, entry.url, entry.picker));
    }
    const rows = entries.map(({ picker, runs }) => summarise(picker, runs));
    printTable(rows);
    printNotes(rows, emojibaseLocal);
    const json = { runs: RUNS, cpuRate: CPU_RATE, viewport: VIEWPORT, emojibaseLocal, loadAverage: os.loadavg()[0], rows };
    console.log(`BENCH_EMOJI_JSON ${JSON.stringify(json)}`);
  } finally {
    await browser.close();
    for (const server of servers) server.close();
    // node_modules inside is a symlink: rmSync removes the link, never the shop's packages behind it.
    rmSync(work, { recursive: true, force: true });
  }
}

async function prepareHarness(dir, picker, emojibaseLocal) {
  mkdirSync(dir, { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "junction");
  await buildHarness(dir, picker);
  const routes = { "/emoji/": picker.assets ?? EMOJI_ASSETS, "/": path.join(dir, "dist") };
  if (emojibaseLocal) routes["/emojibase/"] = path.join(ROOT, "node_modules/emojibase-data");
  return Object.fromEntries(Object.entries(routes).sort(([a], [b]) => b.length - a.length));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
