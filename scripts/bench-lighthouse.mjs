#!/usr/bin/env node
// Lighthouse (the npm package, D135) with its default mobile settings on every page of the shop, on Debian's
// Chromium, against the production build:
//
//   npm run build && npm run bench:lighthouse [-- --only home,payment] [--runs 3] [--traces] [--port N]
//
// server.mjs serves the build on a fresh, throwaway DATA_DIR (an operator is created in it first). Playwright
// first walks a buyer's way through the shop (a new account, an order paid with the test card) and the back
// office, for the pages that need a session: their cookies go to Lighthouse as a Cookie header. The checkout
// steps that need an order draft (Shipping, Payment) get it in session storage before the page's own scripts
// run, as the buyer's tab would have it. Each page is then audited in a new tab with Lighthouse's mobile preset
// (Moto G Power screen, simulated slow 4G and 4× CPU), three times, keeping the median run (Lighthouse's own advice:
// on this 2-core machine one page's score moved by up to 6 points between runs). Prints pages × categories and the audits that cost each
// page points; writes the summary to reports/lighthouse.json and each page's full result to
// reports/lighthouse/<page>.json (open one in the Lighthouse viewer to read it).
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { chromiumLaunchOptions } from "./lib/chromium.mjs";
import { startProductionServer } from "./lib/production-server.mjs";
import {
  cookieHeader,
  createOperator,
  DRAFTS,
  newOperator,
  ORDER_STORAGE_KEY,
  walkBackOffice,
  walkBuyer,
} from "./lib/shop-walk.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const REPORT_DIR = path.join(ROOT, "reports");

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    port: { type: "string" },
    "chrome-port": { type: "string" },
    // Lighthouse's own advice on its variance: audit each page several times and take the median run.
    runs: { type: "string", default: "3" },
    // Also write each page's trace (reports/lighthouse/<page>.trace.json), to see what a metric waited for.
    traces: { type: "boolean", default: false },
  },
  strict: true,
});

if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.error("bench:lighthouse: no production build; run `npm run build` first.");
  process.exit(1);
}

/** The pages: name, path, and what the visit needs (a session's cookies, an order draft in the tab). */
function pagesOf({ buyer, backOffice }) {
  return [
    { name: "home", path: "/" },
    { name: "editor", path: "/editor" },
    { name: "example", path: "/Example" },
    { name: "grip-size", path: "/GripSize" },
    { name: "login", path: "/Login" },
    { name: "shipping", path: "/Shipping", draft: DRAFTS.shipping },
    { name: "payment", path: "/Payment", draft: DRAFTS.payment },
    { name: "order", path: buyer.orderPath, cookies: buyer.cookies },
    { name: "account", path: "/account", cookies: buyer.cookies },
    { name: "account-signed-out", path: "/account" },
    { name: "admin-login", path: "/admin/login" },
    { name: "admin-orders", path: "/admin", cookies: backOffice.cookies },
    { name: "admin-order", path: backOffice.orderPath, cookies: backOffice.cookies },
    { name: "not-found", path: "/no-such-page", status: 404 },
  ];
}

async function main() {
  const operator = newOperator();
  const server = await startProductionServer({
    port: values.port ? Number(values.port) : undefined,
    prepare: (env) => createOperator(env, operator),
  });
  let chrome;
  let browser;
  try {
    // Sessions and an order, made the way a person makes them.
    const walker = await chromium.launch(chromiumLaunchOptions());
    let buyer;
    let backOffice;
    try {
      buyer = await walkBuyer(await walker.newPage(), { base: server.base, dataDir: server.dataDir });
      backOffice = await walkBackOffice(await walker.newPage(), { base: server.base, operator });
    } finally {
      await walker.close();
    }

    const only = values.only?.split(",");
    const pages = pagesOf({ buyer, backOffice }).filter(({ name }) => !only || only.includes(name));
    const { executablePath, args } = chromiumLaunchOptions();
    chrome = await chromeLauncher.launch({
      chromePath: executablePath,
      chromeFlags: args,
      port: values["chrome-port"] ? Number(values["chrome-port"]) : undefined,
      logLevel: "silent",
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

    mkdirSync(path.join(REPORT_DIR, "lighthouse"), { recursive: true });
    const results = [];
    const runs = Math.max(1, Number(values.runs) || 1);
    for (const target of pages) {
      const started = Date.now();
      const attempts = [];
      for (let run = 0; run < runs; run++) attempts.push(await audit(browser, server.base, target));
      const result = medianRun(attempts);
      writeFileSync(path.join(REPORT_DIR, "lighthouse", `${target.name}.json`), JSON.stringify(result.lhr ?? result, null, 1));
      results.push(result);
      const scores = CATEGORIES.map((id) => `${id} ${result.scores?.[id] ?? "n/a"}`).join(", ");
      console.log(`${target.name.padEnd(20)} ${scores}  (performance in ${runs} runs: ${result.performanceRuns.join(", ")}; ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    report(results);
  } catch (error) {
    console.error(error);
    console.error(`\nserver log:\n${server.log()}`);
    process.exitCode = 1;
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    await server.stop();
  }
}

/** The run with the median performance score (the lower middle one for an even count), with every run's score. */
function medianRun(attempts) {
  const scored = attempts.filter((attempt) => attempt.scores?.performance != null);
  if (scored.length === 0) return { ...attempts[0], performanceRuns: [] };
  const sorted = [...scored].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...median, performanceRuns: scored.map((attempt) => attempt.scores.performance) };
}

/** Audits one page in a new tab; the scores (0–100), what cost points, and the whole result. */
async function audit(browser, base, { name, path: pagePath, cookies, draft, status }) {
  const page = await browser.newPage();
  try {
    if (draft) {
      await page.evaluateOnNewDocument(
        (origin, key, value) => {
          if (location.origin === origin && !sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
        },
        new URL(base).origin,
        ORDER_STORAGE_KEY,
        JSON.stringify(draft),
      );
    }
    const flags = {
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      // Lighthouse refuses to audit an error status unless told that it is the page under test.
      ...(status ? { ignoreStatusCode: true } : {}),
      ...(cookies ? { extraHeaders: { Cookie: cookieHeader(cookies) } } : {}),
    };
    const runnerResult = await lighthouse(base + pagePath, flags, undefined, page);
    const lhr = runnerResult?.lhr;
    if (values.traces && runnerResult?.artifacts?.Trace) {
      writeFileSync(path.join(REPORT_DIR, "lighthouse", `${name}.trace.json`), JSON.stringify(runnerResult.artifacts.Trace));
    }
    if (!lhr) return { name, path: pagePath, error: "Lighthouse returned no result" };
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
    );
    return { name, path: pagePath, scores, runtimeError: lhr.runtimeError?.message, findings: findingsOf(lhr), metrics: metricsOf(lhr), lhr };
  } catch (error) {
    return { name, path: pagePath, error: String(error?.message ?? error) };
  } finally {
    await page.close();
  }
}

/** The audits that cost a category points (weighted, score below 1), with the elements they name. */
function findingsOf(lhr) {
  const findings = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (id === "performance" && ref.weight === 0 && audit.details?.type !== "opportunity") continue;
      if (ref.weight === 0 && id !== "performance") continue;
      const items = (audit.details?.items ?? []).slice(0, 4).map((item) =>
        item.node?.selector ?? item.node?.snippet ?? item.url ?? item.source?.url ?? item.description ?? item.label,
      );
      findings.push({ category: id, id: ref.id, score: audit.score, title: audit.title, displayValue: audit.displayValue, items: items.filter(Boolean) });
    }
  }
  return findings;
}

/** The performance metrics, and the element that is the Largest Contentful Paint. */
function metricsOf(lhr) {
  const value = (id) => lhr.audits[id]?.displayValue;
  const lcpItems = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const lcpElement = lcpItems[0]?.items?.[0]?.node?.selector ?? lcpItems[0]?.items?.[0]?.node?.snippet;
  return {
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    lcpElement,
  };
}

function report(results) {
  const line = (cells, widths) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(" ");
  const widths = [20, 22, 12, 14, 15, 5, 8, 8, 8];
  const mark = (id, score) => (score == null ? "n/a" : `${score}${score >= TARGETS[id] ? "" : " ✗"}`);
  console.log(`\nLighthouse ${results.find((r) => r.lhr)?.lhr.lighthouseVersion ?? ""}, mobile preset (simulated slow 4G, 4× CPU), median of ${values.runs} runs per page; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(`Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS["best-practices"]}, SEO ${TARGETS.seo}\n`);
  console.log(line(["page", "path", "performance", "accessibility", "best practices", "SEO", "FCP", "LCP", "TBT"], widths));
  for (const result of results) {
    const shownPath = result.path.length > 21 ? `${result.path.slice(0, 20)}…` : result.path;
    if (!result.scores) {
      console.log(line([result.name, shownPath, `error: ${result.error}`], widths));
      continue;
    }
    const { fcp = "", lcp = "", tbt = "" } = result.metrics;
    console.log(line([result.name, shownPath, ...CATEGORIES.map((id) => mark(id, result.scores[id])), fcp, lcp, tbt], widths));
  }
  const met = results.every((r) => r.scores && CATEGORIES.every((id) => r.scores[id] != null && r.scores[id] >= TARGETS[id]));
  console.log(`\nTargets ${met ? "met on every page" : "NOT met on every page"}.`);
  console.log("\nWhat cost points (audit id: elements or resources):");
  for (const result of results) {
    if (result.runtimeError) console.log(`  ${result.name}: Lighthouse could not audit it: ${result.runtimeError}`);
    for (const finding of result.findings ?? []) {
      const items = finding.items.length ? `: ${finding.items.join(" | ")}` : "";
      console.log(`  ${result.name} [${finding.category}] ${finding.id}${finding.displayValue ? ` (${finding.displayValue})` : ""}${items}`);
    }
    if (result.metrics?.lcpElement) console.log(`  ${result.name} LCP element: ${result.metrics.lcpElement}`);
  }
  const summary = {
    date: new Date().toISOString(),
    loadAverage: os.loadavg(),
    targets: TARGETS,
    pages: results.map(({ lhr, ...rest }) => rest),
  };
  writeFileSync(path.join(REPORT_DIR, "lighthouse.json"), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nWritten: reports/lighthouse.json, reports/lighthouse/<page>.json`);
}

await main();
