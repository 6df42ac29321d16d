#!/usr/bin/env node
// The shop's emoji picker beside emoji-picker-react and frimousse, measured in Chromium on one harness in one run:
//   - open → first emoji painted: from the click that mounts the picker to the frame that shows its first emoji
//     (an <img> counts once it has loaded);
//   - key → results painted: from the keydown of "w" in the empty search box to the frame after the picker's
//     last DOM change (so debouncing counts);
//   - bytes on the wire (gzip) by kind, from Chrome's Network events (encodedDataLength), from page load until
//     after the search.
//
//   node scripts/bench-emoji.mjs [--runs N]
//
// Each picker is bundled alone with Vite into a temp dir and served with gzip from 127.0.0.1; every request to
// another host is blocked and counted. Every run uses a fresh browser context (cold cache); figures are medians.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EMOJI_ASSETS = path.join(ROOT, "public/emoji");
const RUNS = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const WAIT_MS = 8_000;
const QUIET_MS = 600; // no DOM change for this long ends a search measurement
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

function versionOf(name) {
  return JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
}

function hasEmojibaseData() {
  try {
    return statSync(path.join(ROOT, "node_modules/emojibase-data/en/data.json")).isFile();
  } catch {
    return false;
  }
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
 * nothing needs another host: our artwork is local, emoji-picker-react draws native glyphs, and frimousse gets a
 * local emojibase copy when one is installed.
 */
function pickers(emojibaseLocal) {
  return [
    {
      id: "ours",
      label: "Deck Studio picker",
      source: `import { EmojiPicker } from ${JSON.stringify(path.join(ROOT, "app/modules/emoji/emoji-picker.tsx"))};
export default function Picker() { return <EmojiPicker />; }`,
      root: ".emoji-picker",
      search: ".emoji-picker__search-input",
      emoji: ".emoji-picker__emoji img, .emoji-picker__emoji .emoji-art--glyph",
    },
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

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};
const COMPRESSIBLE = new Set(Object.values(TYPES));

/** Serves `routes` (URL prefix → directory) with gzip for text types, the way the shop's server does. */
function serve(routes) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const pathname = url.pathname === "/" ? "/index.html" : decodeURIComponent(url.pathname);
    const [prefix, dir] = Object.entries(routes).find(([route]) => pathname.startsWith(route)) ?? [];
    const file = dir && path.join(dir, pathname.slice(prefix.length));
    if (!file || !file.startsWith(dir) || !isFile(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const body = readFileSync(file);
    const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "") && COMPRESSIBLE.has(type);
    response.writeHead(200, {
      "Content-Type": type,
      "Cache-Control": "no-store",
      ...(gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : gzip ? gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

// ---- in-page probes -------------------------------------------------------------------------------------------

/** Resolves with ms from the open click to the frame that paints the first emoji, or null after WAIT_MS. */
function firstEmojiProbe({ selector, waitMs }) {
  const ready = (element) => !(element instanceof HTMLImageElement) || (element.complete && element.naturalWidth > 0);
  return new Promise((resolve) => {
    const giveUp = performance.now() + waitMs;
    const check = () => {
      const element = document.querySelector(selector);
      // Found during a frame's rAF: that frame paints it, and a task queued now runs after the paint.
      if (element && ready(element)) setTimeout(() => resolve(performance.now() - window.__openedAt), 0);
      else if (performance.now() > giveUp) resolve(null);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Arms a probe for the next keydown in the search box; window.__searchResult gets the timing once quiet. */
function armSearchProbe({ rootSelector, searchSelector, quietMs }) {
  const root = document.querySelector(rootSelector);
  const search = document.querySelector(searchSelector);
  window.__searchResult = undefined;
  let keyAt = 0;
  let paintedAt = 0;
  let quietTimer = 0;
  const finishWhenQuiet = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => {
      observer.disconnect();
      window.__searchResult = paintedAt ? paintedAt - keyAt : null;
    }, quietMs);
  };
  const observer = new MutationObserver(() => {
    requestAnimationFrame(() => setTimeout(() => (paintedAt = performance.now()), 0));
    finishWhenQuiet();
  });
  search.addEventListener(
    "keydown",
    (event) => {
      keyAt = event.timeStamp;
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      finishWhenQuiet();
    },
    { once: true, capture: true },
  );
}

// ---- one run --------------------------------------------------------------------------------------------------

/** Counts gzip bytes per resource type from the Network domain, for one page. */
async function trackBytes(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map();
  const bytes = { Script: 0, Stylesheet: 0, Fetch: 0, Image: 0, Other: 0 };
  cdp.on("Network.responseReceived", ({ requestId, type }) => types.set(requestId, type));
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const type = types.get(requestId);
    const kind = type === "XHR" ? "Fetch" : type in bytes ? type : "Other";
    bytes[kind] += encodedDataLength;
  });
  return bytes;
}

async function measureOnce(browser, baseUrl, picker) {
  const context = await browser.newContext();
  let blocked = 0;
  await context.route("**/*", (route) => {
    if (new URL(route.request().url()).hostname === "127.0.0.1") return route.continue();
    blocked++;
    return route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  const bytes = await trackBytes(context, page);
  await page.goto(baseUrl, { waitUntil: "networkidle" });
  const firstPaint = page.evaluate(firstEmojiProbe, { selector: picker.emoji, waitMs: WAIT_MS });
  await page.click("#open");
  const openMs = await firstPaint;
  let searchMs = null;
  if (openMs !== null && picker.search) searchMs = await measureSearch(page, picker);
  await page.waitForLoadState("networkidle");
  await context.close();
  return { openMs, searchMs, bytes, blocked };
}

async function measureSearch(page, picker) {
  await page.focus(picker.search);
  await page.evaluate(armSearchProbe, { rootSelector: picker.root, searchSelector: picker.search, quietMs: QUIET_MS });
  await page.keyboard.press("w");
  await page.waitForFunction(() => window.__searchResult !== undefined, null, { timeout: WAIT_MS });
  return page.evaluate(() => window.__searchResult);
}

// ---- the report -----------------------------------------------------------------------------------------------

function median(values) {
  const known = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
}

const kB = (value) => `${(value / 1000).toFixed(1)} kB`;
const ms = (value) => (value === null ? "n/a" : `${Math.round(value)} ms`);

function summarise(picker, runs) {
  const last = runs.at(-1);
  return {
    id: picker.id,
    label: picker.label,
    openMs: median(runs.map((run) => run.openMs)),
    searchMs: median(runs.map((run) => run.searchMs)),
    jsBytes: last.bytes.Script,
    cssBytes: last.bytes.Stylesheet,
    dataBytes: last.bytes.Fetch,
    imageBytes: last.bytes.Image,
    blocked: last.blocked,
    failedOpens: runs.filter((run) => run.openMs === null).length,
  };
}

function printTable(rows) {
  const header = ["picker", "open→first emoji", "key→results", "JS gz", "CSS gz", "data gz", "images gz", "blocked"];
  const lines = rows.map((row) => [
    row.label,
    ms(row.openMs),
    row.id === "baseline" ? "-" : ms(row.searchMs),
    kB(row.jsBytes),
    kB(row.cssBytes),
    kB(row.dataBytes),
    kB(row.imageBytes),
    String(row.blocked),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
}

function printNotes(rows, emojibaseLocal) {
  const baseline = rows.find((row) => row.id === "baseline");
  console.log(`\nMedians of ${RUNS} cold runs each (fresh context). Bytes are on the wire (gzip, headers included) from`);
  console.log(`page load to after the search; JS beyond React (baseline ${kB(baseline.jsBytes)}):`);
  for (const row of rows.filter((item) => item.id !== "baseline")) {
    console.log(`  ${row.label}: ${kB(row.jsBytes - baseline.jsBytes)}`);
  }
  console.log("emoji-picker-react bundles its emoji data in its JS; ours fetches data.json and Twemoji SVGs on opening.");
  if (!emojibaseLocal) {
    const frimousse = rows.find((row) => row.id === "frimousse");
    console.log(
      `frimousse: emojibase-data is not installed, so it has no local copy of its data; its default CDN requests were` +
        ` blocked (${frimousse.blocked}) and it never showed an emoji: its timings are n/a. Installing emojibase-data` +
        ` (devDependency) would let this harness serve it locally.`,
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
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const entries = [];
    for (const picker of pickers(emojibaseLocal)) {
      const dir = path.join(work, picker.id);
      const routes = await prepareHarness(dir, picker, emojibaseLocal);
      const server = await serve(routes);
      servers.push(server);
      entries.push({ picker, url: `http://127.0.0.1:${server.address().port}/`, runs: [] });
    }
    // Interleaved, so that a busy moment of the machine does not fall on one picker only.
    for (let run = 0; run < RUNS; run++) {
      for (const entry of entries) entry.runs.push(await measureOnce(browser, entry.url, entry.picker));
    }
    const rows = entries.map(({ picker, runs }) => summarise(picker, runs));
    printTable(rows);
    printNotes(rows, emojibaseLocal);
    const json = { runs: RUNS, emojibaseLocal, loadAverage: os.loadavg()[0], rows };
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
  const routes = { "/emoji/": EMOJI_ASSETS, "/": path.join(dir, "dist") };
  if (emojibaseLocal) routes["/emojibase/"] = path.join(ROOT, "node_modules/emojibase-data");
  return Object.fromEntries(Object.entries(routes).sort(([a], [b]) => b.length - a.length));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
