// What the browser should fetch first for a page: the stylesheets the first paint needs, then the scripts that
// hydrate a page which already works without them (its forms post, and what is typed before they arrive is
// kept). React puts the module preloads (about thirty on a checkout step) ahead of the stylesheets in <head>, so
// the browser, with six connections to our host, asked for the stylesheets last and painted nothing until the
// scripts were in: on a phone's slow network the first paint came a second late (bench:lighthouse, D196). Now
// the scripts are not asked for at all until the page has been painted (D220).

import { CHUNK_ERROR_MESSAGES, RELOAD_GUARD_MS, RELOAD_MARKER_PREFIX } from "#app/modules/build-update/chunk-reload.mjs";

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HREF = /\bhref="(\/[^"]*)"/;
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g;

/**
 * The `Link` header value that preloads the stylesheets linked in `html`'s <head>, or null when it links none:
 * the browser reads it before the body, so the stylesheets are asked for before anything else.
 * @param {string} html
 * @returns {string | null}
 */
export function stylesheetPreloadHeader(html) {
  const headEnd = html.indexOf("</head>");
  const head = headEnd === -1 ? "" : html.slice(0, headEnd);
  const hrefs = [...head.matchAll(STYLESHEET_LINK)].map((link) => HREF.exec(link[0])?.[1]).filter(Boolean);
  return hrefs.length === 0 ? null : [...new Set(hrefs)].map((href) => `<${href}>; rel=preload; as=style`).join(", ");
}

/**
 * `html` with its module preloads at low fetch priority, so that stylesheets and fonts are not queued behind them.
 * @param {string} html
 * @returns {string}
 */
export function withLowPriorityScripts(html) {
  // The preloads are in <head>: the body (most of the page) is not searched.
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  return html.slice(0, headEnd).replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"') + html.slice(headEnd);
}

// ---- scripts after the first paint (D220) ---------------------------------------------------------------------

const ANY_MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HYDRATION_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/;
const NONCE = /\bnonce="([^"]*)"/;
/** How long one task of the starter may add preloads before it lets the page's other work run. */
const PRELOAD_SLICE_MS = 10;

/**
 * Starts hydration once the browser has shown the page: the page's module preloads, then React Router's inline
 * module (kept, not run, in #deferred-hydration). A tab in the background paints nothing, and a browser that cannot
 * report paints says nothing: those start at once; a paint that never comes (a stylesheet stuck on a bad
 * network) is waited for 3 s at most. The same text on every page, so a prerendered page names it by its hash.
 *
 * When the page's own code fails to load (a tab restored after a deployment removed its chunks), no app code runs
 * to notice: the module's error event is the only sign. The starter then applies the reload rule itself (once per
 * path within 10 s, the marker the app's guard uses), and inside the window says so at the top of the page,
 * which still works without its scripts.
 */
export const HYDRATION_STARTER = `(() => {
  const kept = document.getElementById("deferred-hydration");
  const nonce = document.currentScript && document.currentScript.nonce;
  let started = false;
  const failed = () => {
    const marker = ${JSON.stringify(RELOAD_MARKER_PREFIX)} + location.pathname;
    try {
      const last = Number(sessionStorage.getItem(marker));
      if (!(last > 0 && Date.now() - last < ${RELOAD_GUARD_MS})) {
        sessionStorage.setItem(marker, String(Date.now()));
        location.reload();
        return;
      }
    } catch (storageRefused) {}
    const messages = ${JSON.stringify(CHUNK_ERROR_MESSAGES)};
    const notice = document.createElement("p");
    notice.className = "chunk-error-notice";
    notice.setAttribute("role", "alert");
    notice.textContent = messages[document.documentElement.lang] || messages.en;
    (document.getElementById("main") || document.body).prepend(notice);
  };
  const start = () => {
    if (started || !kept) return;
    started = true;
    const hrefs = JSON.parse(kept.dataset.modules || "[]");
    // Each preload costs the main thread a request's set-up, about 4 ms on a slow phone: forty in one go were a
    // long task of 165 ms. So they go in slices of a few milliseconds, each its own task, then the module.
    const next = () => {
      const until = performance.now() + ${PRELOAD_SLICE_MS};
      while (hrefs.length > 0 && performance.now() < until) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = hrefs.shift();
        link.fetchPriority = "low";
        document.head.append(link);
      }
      if (hrefs.length > 0) return void setTimeout(next, 0);
      const script = document.createElement("script");
      script.type = "module";
      if (nonce) script.nonce = nonce;
      script.onerror = failed;
      script.textContent = kept.textContent;
      document.body.append(script);
    };
    next();
  };
  if (document.visibilityState !== "visible" || !(PerformanceObserver.supportedEntryTypes || []).includes("paint")) {
    start();
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 3000);
})();`;

/** A JSON value as an HTML attribute's text, in double quotes. */
function attributeJson(value) {
  return JSON.stringify(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * `html` whose scripts start after its first paint: the module preloads leave <head>, and React Router's inline
 * module becomes a kept text that HYDRATION_STARTER runs once the page is on screen. A page without that module
 * (an error page) keeps its preloads, lowered.
 *
 * Why: a page works before its scripts run (its forms post, and what is typed before they arrive is kept), so
 * nothing a shopper sees or does waits for them, while on a phone's slow network thirty scripts share the line
 * with the stylesheets and fonts the first paint needs (bench:lighthouse, D196, D220).
 * @param {string} html
 * @returns {string}
 */
export function withScriptsAfterFirstPaint(html) {
  const headEnd = html.indexOf("</head>");
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (headEnd === -1 || !hydration || hydration.index < headEnd) return withLowPriorityScripts(html);
  const head = html.slice(0, headEnd);
  const modules = [...head.matchAll(ANY_MODULE_PRELOAD)].map((link) => HREF.exec(link[0])?.[1]).filter(Boolean);
  const [whole, before = "", after = "", code = ""] = hydration;
  const nonce = NONCE.exec(before + after)?.[1];
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  // The kept text keeps the nonce too: it is what the starter runs, under the same policy.
  const kept =
    `<script${nonceAttribute} type="text/plain" id="deferred-hydration" data-modules="${attributeJson(modules)}">${code}</script>` +
    `<script${nonceAttribute}>${HYDRATION_STARTER}</script>`;
  const body = html.slice(headEnd);
  const at = hydration.index - headEnd;
  return head.replace(ANY_MODULE_PRELOAD, "") + body.slice(0, at) + kept + body.slice(at + whole.length);
}

/**
 * A page as it is sent, its scripts after its first paint, and the `Link` header to send with it (null: none). One
 * rule for rendered pages (entry.server.tsx) and prerendered ones (server/static-files.mjs).
 * @param {string} html
 * @returns {{ html: string, link: string | null }}
 */
export function withFirstFetches(html) {
  const sent = withScriptsAfterFirstPaint(html);
  return { html: sent, link: stylesheetPreloadHeader(sent) };
}

/**
 * withFirstFetches for a rendered page's bytes (a document without a head is sent as it is).
 * @param {Buffer} bytes
 * @returns {{ body: Buffer, link: string | null }}
 */
export function bytesWithFirstFetches(bytes) {
  if (bytes.indexOf("</head>") === -1) return { body: bytes, link: null };
  const { html, link } = withFirstFetches(bytes.toString("utf8"));
  return { body: Buffer.from(html, "utf8"), link };
}
