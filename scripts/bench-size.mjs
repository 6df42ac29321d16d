#!/usr/bin/env node
// First-load JavaScript of each page of the shop, beside that of a bare React Router page built with the same
// versions and future flags, so that the shop's own weight reads as a ratio.
//
//   node scripts/bench-size.mjs [--no-build]
//
// --no-build measures the shop's existing build/ instead of running `react-router build` first (the bare app
// is always built). Sizes are gzip level 9, in kB of 1000 bytes like Vite's build report, JavaScript only.
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BARE_FIXTURE = path.join(ROOT, "scripts/bench-size/bare-app");
const NAV_BUDGET_KB = 30; // a client navigation should never wait on more than this much new JS
// A page's words (one language, its namespaces) travel in its data; they should stay small beside its JS.
const MESSAGES_BUDGET_KB = 8;
const MESSAGE_PAGES = ["/", "/editor", "/GripSize", "/Login", "/Shipping", "/Payment", "/orders/x", "/account", "/admin", "/admin/orders/x", "/legal/terms"];
const MANIFEST_PREFIX = "window.__reactRouterManifest=";
// With v8_splitRouteModules a route's client exports may live in chunks of their own, listed under these keys.
const SPLIT_CHUNK_KEYS = [
  "clientActionModule",
  "clientLoaderModule",
  "clientMiddlewareModule",
  "hydrateFallbackModule",
];

async function main() {
  const started = performance.now();
  const bareDir = mkdtempSync(path.join(os.tmpdir(), "bench-size-bare-"));
  try {
    await writeBareApp(bareDir);
    // The two builds are independent processes; running them side by side halves the wait. Both are awaited
    // even when one fails, so that no build is left running behind the error message.
    const builds = await Promise.allSettled([
      process.argv.includes("--no-build") ? null : build(ROOT, "the shop"),
      build(bareDir, "the bare app"),
    ]);
    const failed = builds.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    const bare = measureBare(path.join(bareDir, "build/client"));
    const rows = measurePages(path.join(ROOT, "build/client"), bare);
    printReport(rows, bare, performance.now() - started);
    printNavigations(path.join(ROOT, "build/client"));
    await printMessages(path.join(ROOT, "build/client"));
  } finally {
    // The node_modules inside is a symlink: rmSync removes the link, never the shop's packages behind it.
    rmSync(bareDir, { recursive: true, force: true });
  }
}

// ---- the bare app -------------------------------------------------------------------------------------------

/** Copies the fixture into `dir`, links the shop's node_modules (same versions, no install) and writes its config. */
async function writeBareApp(dir) {
  cpSync(BARE_FIXTURE, dir, { recursive: true });
  // "junction" matters on Windows only (no admin rights needed); elsewhere it is ignored.
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "junction");
  // Future flags change what the client bundle holds, so the bare app takes the shop's current ones rather
  // than a copy that would drift. The config is TypeScript: Vite's runnerImport loads it like React Router does.
  const { runnerImport } = await import("vite");
  const { module } = await runnerImport(path.join(ROOT, "react-router.config.ts"));
  const config = { ssr: true, future: module.default.future ?? {} };
  const header = "// Written by scripts/bench-size.mjs with the shop's future flags.";
  writeFileSync(
    path.join(dir, "react-router.config.ts"),
    `${header}\nexport default ${JSON.stringify(config, null, 2)};\n`,
  );
}

// ---- building -----------------------------------------------------------------------------------------------

/** Runs the shop's own react-router CLI with `cwd`; its output is shown only when the build fails. */
function build(cwd, label) {
  const devPackage = path.join(ROOT, "node_modules/@react-router/dev");
  const bin = path.join(
    devPackage,
    JSON.parse(readFileSync(path.join(devPackage, "package.json"), "utf8")).bin["react-router"],
  );
  // NODE_ENV=development in the caller's shell would otherwise give development React builds: not what ships.
  const env = { ...process.env, NODE_ENV: "production" };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "build"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`react-router build failed for ${label} in ${cwd} (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

// ---- reading a build ----------------------------------------------------------------------------------------

/**
 * The browser manifest React Router wrote into build/client/assets: the same object as the server build's
 * `assets` export, but reading it runs none of the app's server code (database, config) just to get sizes.
 */
function readManifest(clientDir) {
  const assetsDir = path.join(clientDir, "assets");
  if (!existsSync(assetsDir)) throw new Error(`${assetsDir} does not exist: build first (run without --no-build)`);
  const found = readdirSync(assetsDir)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => readFileSync(path.join(assetsDir, name), "utf8"))
    .filter((text) => text.startsWith(MANIFEST_PREFIX));
  if (found.length !== 1) throw new Error(`expected one React Router manifest in ${assetsDir}, found ${found.length}`);
  return JSON.parse(found[0].slice(MANIFEST_PREFIX.length).replace(/;\s*$/, ""));
}

/** gzip -9 size in bytes of each asset URL ("/assets/x.js", served from build/client), read once. */
function sizer(clientDir) {
  const cache = new Map();
  return (url) => {
    if (!cache.has(url)) {
      const file = path.join(clientDir, url.replace(/^\//, ""));
      if (!existsSync(file)) throw new Error(`manifest lists ${url} but ${file} does not exist`);
      cache.set(url, gzipSync(readFileSync(file), { level: 9 }).length);
    }
    return cache.get(url);
  };
}

/** The route's ids from root down to `id`: on a first load all of them are matched, so all of them load. */
function branch(manifest, id) {
  const ids = [];
  for (let at = id; at; at = manifest.routes[at].parentId) ids.unshift(at);
  return ids;
}

/** The JS files one route brings: its module, the chunks it imports, and any split-off client export chunks. */
function routeFiles(route) {
  return [route.module, ...(route.imports ?? []), ...SPLIT_CHUNK_KEYS.map((key) => route[key])].filter(Boolean);
}

/** Routes that render a page: resource routes (healthz) have no default export and are never loaded as pages. */
function pageIds(manifest) {
  return Object.keys(manifest.routes).filter((id) => id !== "root" && manifest.routes[id].hasDefaultExport);
}

/** "/" joined path of the branch; an index route has the path of its parent. */
function routePath(manifest, id) {
  return (
    "/" +
    branch(manifest, id)
      .map((at) => manifest.routes[at].path)
      .filter(Boolean)
      .join("/")
  );
}

/** Bytes of a set of URLs, each file counted once however many routes import it. */
function total(urls, sizeOf) {
  return [...new Set(urls)].reduce((sum, url) => sum + sizeOf(url), 0);
}

/**
 * First load = what <Scripts> makes the browser fetch: the manifest, the client entry and its imports, then every
 * matched route's files. The own chunk is this route's files that the shell (manifest, entry, parent routes)
 * does not already hold: what a client navigation to it from another page may have to wait for.
 */
function measureRoute(manifest, id, sizeOf) {
  const [own, ...parents] = branch(manifest, id).reverse();
  const shell = [
    manifest.url,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...parents.flatMap((at) => routeFiles(manifest.routes[at])),
  ];
  const ownFiles = routeFiles(manifest.routes[own]);
  const shellSet = new Set(shell);
  return {
    firstLoad: total([...shell, ...ownFiles], sizeOf),
    ownChunk: total(
      ownFiles.filter((url) => !shellSet.has(url)),
      sizeOf,
    ),
  };
}

function measureBare(clientDir) {
  const manifest = readManifest(clientDir);
  const [id, ...others] = pageIds(manifest);
  if (!id || others.length)
    throw new Error(`the bare app should have exactly one page, found ${others.length + Boolean(id)}`);
  return { id, ...measureRoute(manifest, id, sizer(clientDir)) };
}

function measurePages(clientDir, bare) {
  const manifest = readManifest(clientDir);
  const sizeOf = sizer(clientDir);
  return pageIds(manifest).map((id) => {
    const { firstLoad, ownChunk } = measureRoute(manifest, id, sizeOf);
    const routePathText = manifest.routes[id].path === "*" ? "* (404)" : routePath(manifest, id);
    return { id, path: routePathText, firstLoad, bare: bare.firstLoad, ratio: firstLoad / bare.firstLoad, ownChunk };
  });
}

/** A buyer's way through the shop: each step's client navigation, and the jump the brief budgets. */
const NAVIGATIONS = [
  ["routes/home", "routes/editor"],
  ["routes/editor", "routes/grip-size"],
  ["routes/home", "routes/grip-size"],
  ["routes/grip-size", "routes/login"],
  ["routes/login", "routes/shipping"],
  ["routes/shipping", "routes/payment"],
  ["routes/grip-size", "routes/payment"],
  ["routes/payment", "routes/order"],
];

/**
 * What a client navigation from one page to another waits for: the JS of the target that the page already
 * loaded does not include. Shared chunks (forms, schemas) are fetched once along the way, so this is what
 * the 30 kB budget is about, rather than a page's own chunk counted alone.
 */
function printNavigations(clientDir) {
  const manifest = readManifest(clientDir);
  const sizeOf = sizer(clientDir);
  const filesOf = (id) => branch(manifest, id).flatMap((at) => routeFiles(manifest.routes[at]));
  console.log("\nClient navigation: new JS to fetch (gz)");
  for (const [from, to] of NAVIGATIONS) {
    if (!manifest.routes[from] || !manifest.routes[to]) continue;
    const loaded = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports, ...filesOf(from)]);
    const bytes = total(filesOf(to).filter((url) => !loaded.has(url)), sizeOf);
    const verdict = bytes / 1000 > NAV_BUDGET_KB ? `> ${NAV_BUDGET_KB} kB budget` : "";
    console.log(`  ${routePath(manifest, from).padEnd(18)} → ${routePath(manifest, to).padEnd(18)} ${kB(bytes).toFixed(1).padStart(6)} kB ${verdict}`);
  }
}

/**
 * The words each page receives: one language's messages of the page's namespaces (the root loader sends them
 * with the page's data), gzipped; and a check that no JavaScript chunk carries message text, which would mean
 * words of every language shipped in code.
 */
async function printMessages(clientDir) {
  const { runnerImport } = await import("vite");
  const { module: namespaces } = await runnerImport(path.join(ROOT, "app/modules/i18n/page-namespaces.ts"));
  const localesDir = path.join(ROOT, "app/locales");
  const locales = readdirSync(localesDir).filter((name) => !name.includes("."));
  const read = (locale, namespace) => {
    const file = path.join(localesDir, locale, `${namespace}.json`);
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  };
  console.log(`\nMessages sent with each page (gz, one language; budget ${MESSAGES_BUDGET_KB} kB)`);
  console.log(`  ${"page".padEnd(16)} ${"namespaces".padEnd(34)} ${locales.map((l) => l.padStart(8)).join(" ")}`);
  const rows = [];
  for (const page of MESSAGE_PAGES) {
    const pageNamespaces = namespaces.namespacesFor(page);
    const sizes = locales.map((locale) => {
      const messages = Object.fromEntries(pageNamespaces.map((ns) => [ns, read(locale, ns)]));
      return gzipSync(JSON.stringify(messages), { level: 9 }).length;
    });
    const over = sizes.some((bytes) => bytes / 1000 > MESSAGES_BUDGET_KB) ? ` > ${MESSAGES_BUDGET_KB} kB budget` : "";
    console.log(`  ${page.padEnd(16)} ${pageNamespaces.join(",").padEnd(34)} ${sizes.map((b) => `${kB(b).toFixed(1)} kB`.padStart(8)).join(" ")}${over}`);
    rows.push({ page, namespaces: pageNamespaces, kb: Object.fromEntries(locales.map((l, i) => [l, kB(sizes[i])])) });
  }
  // Message text in JS: every message of 24 characters or more, looked for in every chunk of the client build.
  const texts = locales.flatMap((locale) =>
    namespaces.NAMESPACES.flatMap((ns) => leafTexts(read(locale, ns))).filter((text) => text.length >= 24),
  );
  const chunks = readdirSync(path.join(clientDir, "assets")).filter((name) => name.endsWith(".js"));
  const leaked = chunks.flatMap((name) => {
    const code = readFileSync(path.join(clientDir, "assets", name), "utf8");
    return texts.filter((text) => code.includes(JSON.stringify(text).slice(1, -1))).map((text) => `${name}: ${text.slice(0, 40)}`);
  });
  console.log(
    leaked.length === 0
      ? `  No JS chunk carries message text (${texts.length} messages of ${locales.join(", ")} looked for in ${chunks.length} chunks).`
      : `  Message text found in JS (every language shipped in code):\n    ${leaked.slice(0, 10).join("\n    ")}`,
  );
  console.log(`BENCH_SIZE_MESSAGES_JSON ${JSON.stringify({ budgetKb: MESSAGES_BUDGET_KB, pages: rows, leakedInJs: leaked.length })}`);
}

function leafTexts(messages) {
  return Object.values(messages).flatMap((value) => (value && typeof value === "object" ? leafTexts(value) : [String(value)]));
}

// ---- output -------------------------------------------------------------------------------------------------

const kB = (bytes) => Number((bytes / 1000).toFixed(1));

function printReport(rows, bare, elapsedMs) {
  const header = ["route id", "path", "first load gz", "bare page gz", "ratio", "own chunk gz"];
  const lines = rows.map((row) => [
    row.id,
    row.path,
    `${kB(row.firstLoad).toFixed(1)} kB`,
    `${kB(row.bare).toFixed(1)} kB`,
    row.ratio.toFixed(2),
    `${kB(row.ownChunk).toFixed(1)} kB${kB(row.ownChunk) > NAV_BUDGET_KB ? ` > ${NAV_BUDGET_KB} kB budget` : ""}`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  // Text columns to the left, numbers to the right, so the decimals line up.
  const format = (cells) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
  console.log(
    "\nJS only, gzip -9, 1 kB = 1000 B. First load = manifest + entry + root + route files;" +
      " own chunk = route files not in entry/root." +
      `\nBare page (${bare.id}): own chunk ${kB(bare.ownChunk).toFixed(1)} kB. Took ${(elapsedMs / 1000).toFixed(1)} s.`,
  );
  const json = {
    unit: "kB",
    gzipLevel: 9,
    navBudgetKb: NAV_BUDGET_KB,
    bare: {
      id: bare.id,
      firstLoadKb: kB(bare.firstLoad),
      ownChunkKb: kB(bare.ownChunk),
      firstLoadBytes: bare.firstLoad,
    },
    routes: rows.map((row) => ({
      id: row.id,
      path: row.path,
      firstLoadKb: kB(row.firstLoad),
      bareKb: kB(row.bare),
      ratio: Number(row.ratio.toFixed(2)),
      ownChunkKb: kB(row.ownChunk),
      firstLoadBytes: row.firstLoad,
      ownChunkBytes: row.ownChunk,
    })),
  };
  console.log(`BENCH_SIZE_JSON ${JSON.stringify(json)}`);
}

await main().catch((error) => {
  console.error(`bench-size: ${error.message}`);
  process.exit(1);
});
