#!/usr/bin/env node
// Every page of the shop as a full-page PNG at 390 and 1280 CSS pixels wide, for review by eye:
//
//   npm run build && npm run screenshots [-- --out DIR]     (default DIR: screenshots/, git-ignored)
//
// It builds nothing itself: it serves the existing production build (`npm run build` first) with server.mjs on a
// fresh, throwaway DATA_DIR (an operator is created in it first), walks a buyer's way through the shop in
// Chromium (start page, editor, example, Grip & size, Login with a new account confirmed through the mailed link,
// Shipping, Payment with the test card 4242 4242 4242 4242, the order page, the account), then the pages of a
// visitor without a session (/account signed out, the 404 page) and the back office (sign-in, order list, the
// order), once per width, and writes `<page>-<width>.png`.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./lib/chromium.mjs";
import { startProductionServer } from "./lib/production-server.mjs";
import { createOperator, newOperator, walkBackOffice, walkBuyer, walkSignedOut } from "./lib/shop-walk.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const { values } = parseArgs({ options: { out: { type: "string" }, port: { type: "string" } }, strict: true });
const outDir = path.resolve(values.out ?? path.join(ROOT, "screenshots"));

if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.error("screenshots: no production build; run `npm run build` first.");
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });

const operator = newOperator();
const server = await startProductionServer({
  port: values.port ? Number(values.port) : undefined,
  prepare: (env) => createOperator(env, operator),
});
const browser = await chromium.launch(chromiumLaunchOptions());
const written = [];
try {
  for (const viewport of WIDTHS) {
    const visit = async (name, page) => {
      // Let fonts and images settle, then the whole page, below the fold too.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForLoadState("networkidle").catch(() => {});
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      // Transitions shown at their end: the card's turn to its back (0.6 s) was caught halfway, showing the front.
      await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      written.push(path.relative(process.cwd(), file));
      console.log(path.relative(process.cwd(), file));
    };
    const fresh = async () => (await browser.newContext({ viewport, baseURL: server.base })).newPage();
    await walkBuyer(await fresh(), { base: server.base, dataDir: server.dataDir, visit });
    await walkSignedOut(await fresh(), { base: server.base, visit });
    await walkBackOffice(await fresh(), { base: server.base, operator, visit });
    for (const context of browser.contexts()) await context.close();
  }
  console.log(`\n${written.length} screenshots in ${path.relative(process.cwd(), outDir) || "."}/`);
} catch (error) {
  console.error(error);
  console.error(`\nserver log:\n${server.log()}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
