import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { inlineScriptHashes } from "./content-security.mjs";
import {
  bytesWithFirstFetches,
  HYDRATION_STARTER,
  stylesheetPreloadHeader,
  withFirstFetches,
  withLowPriorityScripts,
  withScriptsAfterFirstPaint,
} from "./document-hints.mjs";

describe("stylesheetPreloadHeader", () => {
  it("names the head's stylesheets in their order, once each", () => {
    const html =
      '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/>' +
      '<link nonce="x" rel="stylesheet" href="/assets/app-1.css"/><link rel="stylesheet" href="/assets/route-2.css#"/>' +
      '<link rel="stylesheet" href="/assets/app-1.css"/></head><body></body></html>';
    expect(stylesheetPreloadHeader(html)).toBe(
      "</assets/app-1.css>; rel=preload; as=style, </assets/route-2.css#>; rel=preload; as=style",
    );
  });

  it("ignores stylesheets in the body, other origins and pages without any", () => {
    expect(stylesheetPreloadHeader('<html><head><link rel="stylesheet" href="https://evil.example/x.css"/></head>')).toBeNull();
    expect(stylesheetPreloadHeader('<html><head></head><body><link rel="stylesheet" href="/late.css"/></body>')).toBeNull();
    expect(stylesheetPreloadHeader("no document")).toBeNull();
  });
});

describe("withLowPriorityScripts", () => {
  it("lowers every module preload once and leaves other links alone", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js"/>' +
      '<link rel="stylesheet" href="/assets/app.css"/></head>';
    const lowered = withLowPriorityScripts(html);
    expect(lowered.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(lowered).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(withLowPriorityScripts(lowered)).toBe(lowered);
  });
});

/** A page as React Router writes it: preloads in <head>, the inline hydration module at the end of <body>. */
const routerPage = (nonce = ' nonce="abc"') =>
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js"' + nonce + '/>' +
  '<link rel="modulepreload" href="/assets/route-1.js"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
  '<body><form method="post"><input name="email"/></form><script' + nonce + '>window.ctx = {};</script>' +
  '<script' + nonce + ' type="module" async="">import * as root from "/assets/root.js";\nimport("/assets/entry.js");</script>' +
  '<script' + nonce + '>window.ctx.done = true;</script></body></html>';

describe("withScriptsAfterFirstPaint", () => {
  it("asks for no script before the first paint: the preloads leave <head>, the hydration module is kept as text", () => {
    const sent = withScriptsAfterFirstPaint(routerPage());
    const head = sent.slice(0, sent.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(sent).not.toMatch(/type="module"/);
    const kept = /<script nonce="abc" type="text\/plain" id="deferred-hydration" data-modules="([^"]*)">([\s\S]*?)<\/script>/.exec(sent);
    expect(kept?.[2]).toBe('import * as root from "/assets/root.js";\nimport("/assets/entry.js");');
    // The attribute's text, as the browser reads it, is the preloads' list.
    const list = kept?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&amp;/g, "&");
    expect(JSON.parse(list ?? "")).toEqual(["/assets/entry.js", "/assets/route-1.js"]);
    // The starter follows the kept text, with the page's nonce; the page's other scripts and form are untouched.
    expect(sent).toContain(`</script><script nonce="abc">${HYDRATION_STARTER}</script><script nonce="abc">window.ctx.done = true;`);
    expect(sent).toContain('<form method="post"><input name="email"/></form><script nonce="abc">window.ctx = {};</script>');
  });

  it("lets a prerendered page (no nonce) name the starter and the kept module by their hashes", () => {
    const sent = withScriptsAfterFirstPaint(routerPage(""));
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const sources = inlineScriptHashes(sent);
    expect(sources).toContain(hash(HYDRATION_STARTER));
    expect(sources).toContain(hash('import * as root from "/assets/root.js";\nimport("/assets/entry.js");'));
    expect(sent).toContain(`<script>${HYDRATION_STARTER}</script>`);
  });

  it("keeps the preloads, lowered, on a page without a hydration module", () => {
    const page = '<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><p>Error</p></body></html>';
    expect(withScriptsAfterFirstPaint(page)).toBe(withLowPriorityScripts(page));
  });
});

describe("bytesWithFirstFetches", () => {
  it("sends what withFirstFetches makes of the page (multi-byte words too)", () => {
    const html =
      '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"/><link rel="modulepreload" href="/assets/a.js"/>' +
      '<link rel="stylesheet" href="/assets/app.css"/><title>Größe wählen · Deck</title></head>' +
      '<body><p>Kufen für “Größe” – 8,25″ 🛹</p><link rel="modulepreload" href="/assets/late.js"/></body></html>';
    const { body, link } = bytesWithFirstFetches(Buffer.from(html, "utf8"));
    const expected = withFirstFetches(html);
    expect(body.toString("utf8")).toBe(expected.html);
    expect(link).toBe(expected.link);
    expect(body.toString("utf8")).toContain("Kufen für “Größe” – 8,25″ 🛹");
  });

  it("leaves a document without a head as it is", () => {
    const bytes = Buffer.from("<p>no head</p>");
    expect(bytesWithFirstFetches(bytes)).toEqual({ body: bytes, link: null });
  });
});
