#!/usr/bin/env node
// Dragging a layer in the deck editor, measured in Chromium against the production server, and the editor's
// JavaScript weight.
//
//   node scripts/bench-editor.mjs [--frames 300] [--cpu-slowdown 1] [--port N]
//
// Builds first when build/ is missing. Starts server.mjs on its own port with a throwaway DATA_DIR, opens /editor
// with a 30-layer design in session storage (the order store's format), then drags one layer with page.mouse, one
// pointer move per frame, while a requestAnimationFrame loop records frame times. Prints the median and p95 of
// the frame-to-frame deltas, and the editor route's JavaScript (gzip -9, read from React Router's manifest).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { benchDesign, ORDER_STORAGE_KEY } from "./bench-editor/design.mjs";
import { chromiumLaunchOptions } from "./lib/chromium.mjs";
import { startProductionServer } from "./lib/production-server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENT_DIR = path.join(ROOT, "build/client");
const LAYER_COUNT = 30;
const WARM_UP_FRAMES = 30;
const FRAME_BUDGET_MS = 1000 / 60;

async function main() {
  const frames = Number(readOption("--frames") ?? 300);
  const cpuSlowdown = Number(readOption("--cpu-slowdown") ?? 1);
  if (!existsSync(path.join(ROOT, "build/server/index.js")) || !existsSync(path.join(CLIENT_DIR, "assets"))) {
    console.log("build/ is missing: building first (npm run build)");
    await run("npm", ["run", "--silent", "build"]);
  }
  const port = readOption("--port") === undefined ? undefined : Number(readOption("--port"));
  let server;
  let browser;
  try {
    server = await startProductionServer({ port, timeoutMs: 60_000 });
    browser = await chromium.launch(chromiumLaunchOptions());
    const drag = await measureDrag(browser, server.base, frames, cpuSlowdown);
    printReport({ frames, cpuSlowdown, drag, size: measureEditorJs() });
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

function readOption(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

// ---- the server ---------------------------------------------------------------------------------------------

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

// ---- the drag -----------------------------------------------------------------------------------------------

async function measureDrag(browser, origin, frames, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const design = benchDesign(LAYER_COUNT);
  await page.addInitScript(
    ([key, draft]) => sessionStorage.setItem(key, draft),
    [ORDER_STORAGE_KEY, JSON.stringify(draftWith(design))],
  );
  await page.goto(`${origin}/editor`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const layers = page.locator("[data-layer-id]");
  await layers.nth(LAYER_COUNT - 1).waitFor();
  const count = await layers.count();
  if (count !== LAYER_COUNT) throw new Error(`the editor shows ${count} layers, expected ${LAYER_COUNT}`);
  if (cpuSlowdown > 1)
    await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });

  const target = design.layers[Math.floor(LAYER_COUNT / 2)];
  const hitArea = page.locator(`[data-layer-id="${target.id}"] .editor-layer__hit`);
  const before = await savedLayer(page, target.id);
  await dragFrames(page, hitArea, WARM_UP_FRAMES, false);
  const { deltas, moves } = await dragFrames(page, hitArea, frames, true);
  const after = await savedLayer(page, target.id);
  if (before.x === after.x && before.y === after.y)
    throw new Error("the dragged layer did not move: the drag did not reach the editor");
  await context.close();
  return { deltas, moves, layerId: target.id };
}

function draftWith(design) {
  return {
    grip: false,
    size: 8,
    contact: "",
    name: "",
    address: "",
    addressextend: "",
    postalcode: "",
    city: "",
    country: "",
    design,
    checkoutId: "",
  };
}

async function savedLayer(page, id) {
  return page.evaluate(
    ([key, layerId]) => JSON.parse(sessionStorage.getItem(key)).design.layers.find((layer) => layer.id === layerId),
    [ORDER_STORAGE_KEY, id],
  );
}

/**
 * Presses on the middle of the layer and moves the pointer along a loop that stays on the deck until `frames`
 * animation frames have passed, then releases it. Each move waits for Chromium to take it, and Chromium hands
 * pointer moves to the page once per frame, so the moves keep pace with the frames. When `record` is set,
 * returns the requestAnimationFrame deltas (ms) from the press to the release, and how many moves were made.
 */
async function dragFrames(page, hitArea, frames, record) {
  const box = await hitArea.boundingBox();
  if (!box) throw new Error("the layer to drag is not on screen");
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.evaluate(() => {
    const times = [];
    window.__benchFrames = times;
    window.__benchRecording = true;
    const tick = (time) => {
      times.push(time);
      if (window.__benchRecording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.down();
  let moves = 0;
  while ((await page.evaluate(() => window.__benchFrames.length)) <= frames) {
    for (let batch = 0; batch < 10; batch++, moves++) {
      await page.mouse.move(start.x + 40 * Math.sin(moves / 15), start.y + 120 * Math.sin(moves / 40));
    }
  }
  await page.mouse.up();
  // The frame after the release shows the saved design.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const times = await page.evaluate(() => {
    window.__benchRecording = false;
    return window.__benchFrames;
  });
  return { deltas: record ? times.slice(1).map((time, index) => time - times[index]) : [], moves };
}

// ---- the JavaScript -----------------------------------------------------------------------------------------

const MANIFEST_PREFIX = "window.__reactRouterManifest=";

function readManifest() {
  const assetsDir = path.join(CLIENT_DIR, "assets");
  const texts = readdirSync(assetsDir)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => readFileSync(path.join(assetsDir, name), "utf8"))
    .filter((text) => text.startsWith(MANIFEST_PREFIX));
  if (texts.length !== 1) throw new Error(`expected one React Router manifest in ${assetsDir}, found ${texts.length}`);
  return JSON.parse(texts[0].slice(MANIFEST_PREFIX.length).replace(/;\s*$/, ""));
}

const gzipBytes = (url) => gzipSync(readFileSync(path.join(CLIENT_DIR, url.replace(/^\//, ""))), { level: 9 }).length;
const sumOf = (urls) => [...new Set(urls)].reduce((sum, url) => sum + gzipBytes(url), 0);

function routeFiles(route) {
  const split = ["clientActionModule", "clientLoaderModule", "clientMiddlewareModule", "hydrateFallbackModule"];
  return [route.module, ...(route.imports ?? []), ...split.map((key) => route[key])].filter(Boolean);
}

/** Chunks a file loads with import(), and what those import in turn (static and dynamic). */
function lazyChunks(url, seen = new Set()) {
  const code = readFileSync(path.join(CLIENT_DIR, url.replace(/^\//, "")), "utf8");
  for (const match of code.matchAll(/(?:import\(|from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) {
    const chunk = `/assets/${match[1]}`;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    lazyChunks(chunk, seen);
  }
  return seen;
}

function measureEditorJs() {
  const manifest = readManifest();
  const editor = manifest.routes["routes/editor"];
  if (!editor) throw new Error("the manifest has no routes/editor");
  const shell = [manifest.url, manifest.entry.module, ...manifest.entry.imports, ...routeFiles(manifest.routes.root)];
  const firstLoadFiles = [...shell, ...routeFiles(editor)];
  const shellSet = new Set(shell);
  const loaded = new Set(firstLoadFiles);
  const onDemand = [...lazyChunks(editor.module)].filter((url) => !loaded.has(url));
  return {
    firstLoad: sumOf(firstLoadFiles),
    ownChunk: sumOf(routeFiles(editor).filter((url) => !shellSet.has(url))),
    routeModule: gzipBytes(editor.module),
    onDemand: sumOf(onDemand),
    onDemandFiles: onDemand.map((url) => path.basename(url)),
  };
}

// ---- the report ---------------------------------------------------------------------------------------------

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function printReport({ frames, cpuSlowdown, drag, size }) {
  const sorted = [...drag.deltas].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const p95 = percentile(sorted, 0.95);
  const long = sorted.filter((delta) => delta > FRAME_BUDGET_MS * 1.5).length;
  const kB = (bytes) => (bytes / 1000).toFixed(1);
  console.log(
    `Dragging 1 of ${LAYER_COUNT} layers on /editor for ${frames} frames (Chromium, CPU slowdown ${cpuSlowdown}×)`,
  );
  console.log(
    `  frame time median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`,
  );
  console.log(
    `  ${sorted.length} frames, ${drag.moves} pointer moves, ${long} frames longer than 1.5 × ${FRAME_BUDGET_MS.toFixed(1)} ms`,
  );
  console.log(`Editor route JavaScript (gzip -9, 1 kB = 1000 B)`);
  console.log(
    `  first load ${kB(size.firstLoad)} kB (shell + route), own chunk ${kB(size.ownChunk)} kB, route module ${kB(size.routeModule)} kB`,
  );
  console.log(
    `  loaded on demand (emoji picker): ${kB(size.onDemand)} kB in ${size.onDemandFiles.join(", ") || "nothing"}`,
  );
  const json = {
    layers: LAYER_COUNT,
    frames: sorted.length,
    pointerMoves: drag.moves,
    cpuSlowdown,
    frameMs: { median: round(median), p95: round(p95), max: round(sorted.at(-1)), longFrames: long },
    editorJs: {
      unit: "kB",
      gzipLevel: 9,
      firstLoadKb: Number(kB(size.firstLoad)),
      ownChunkKb: Number(kB(size.ownChunk)),
      routeModuleKb: Number(kB(size.routeModule)),
      onDemandKb: Number(kB(size.onDemand)),
    },
  };
  console.log(`BENCH_EDITOR_JSON ${JSON.stringify(json)}`);
}

const round = (value) => Number(value.toFixed(2));

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
