import { describe, expect, it } from "vitest";
import { bytesWithFirstFetches, stylesheetPreloadHeader, withFirstFetches, withLowPriorityScripts } from "./document-hints.mjs";

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

describe("bytesWithFirstFetches", () => {
  it("sends what withFirstFetches makes of the page, body bytes untouched (multi-byte words too)", () => {
    const html =
      '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"/><link rel="modulepreload" href="/assets/a.js"/>' +
      '<link rel="stylesheet" href="/assets/app.css"/><title>Größe wählen · Deck</title></head>' +
      '<body><p>Kufen für “Größe” – 8,25″ 🛹</p><link rel="modulepreload" href="/assets/late.js"/></body></html>';
    const { body, link } = bytesWithFirstFetches(Buffer.from(html, "utf8"));
    const expected = withFirstFetches(html);
    expect(body.toString("utf8")).toBe(expected.html);
    expect(link).toBe(expected.link);
    expect(body.toString("utf8")).toContain('<link rel="modulepreload" href="/assets/late.js"/>');
  });

  it("leaves a document without a head as it is", () => {
    const bytes = Buffer.from("<p>no head</p>");
    expect(bytesWithFirstFetches(bytes)).toEqual({ body: bytes, link: null });
  });
});
