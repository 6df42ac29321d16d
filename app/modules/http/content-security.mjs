// The Content-Security-Policy of the shop's HTML pages: scripts only from our origin plus the page's own
// inline scripts (React Router's hydration data), named by a per-request nonce when the page is rendered, or by
// their hashes when it is a prerendered file (a nonce written into a file at build time would be the same for
// everyone). Styles come only from our stylesheets: no `style="…"` in rendered HTML, no <style> elements. The app
// renders none (classes, data attributes and SVG attributes instead); React's style props in the browser are set
// through the CSSOM, which the policy does not restrict.
import { createHash, randomBytes } from "node:crypto";

/** A fresh nonce for one response. */
export function createNonce() {
  return randomBytes(18).toString("base64");
}

/**
 * The policy, with `scriptSources` the page's inline scripts: `'nonce-…'` or `'sha256-…'` sources.
 * @param {readonly string[]} scriptSources
 * @returns {string}
 */
export function contentSecurityPolicy(scriptSources) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trimEnd(),
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** @param {string} nonce */
export function nonceSource(nonce) {
  return `'nonce-${nonce}'`;
}

/**
 * The `'sha256-…'` sources of every inline script in an HTML document. Scripts with a src need none, and neither do
 * JSON data blocks (the page's words): the browser never runs them, so script-src does not apply.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? "") || isDataBlock(attributes ?? "")) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body ?? "", "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/**
 * For SVG files (emoji art, sheets, the favicon): an SVG opened on its own is a document that could run script.
 * Ours never do; this makes sure of it.
 */
export const SVG_FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** Whether a script element's attributes make it a data block (type="application/json"), which is never run. */
export function isDataBlock(attributes) {
  return /\btype\s*=\s*["']?application\/json\b/i.test(attributes);
}
