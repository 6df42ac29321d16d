// What the browser should fetch first for a page: the stylesheets the first paint needs, then the scripts that
// hydrate a page which already works without them (its forms post, and what is typed before they arrive is
// kept). React puts the module preloads (about thirty on a checkout step) ahead of the stylesheets in <head>, so
// the browser, with six connections to our host, asked for the stylesheets last and painted nothing until the
// scripts were in: on a phone's slow network the first paint came a second late (bench:lighthouse, D196).

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

/**
 * A page as it is sent, with its scripts lowered, and the `Link` header to send with it (null: none). One rule for
 * rendered pages (entry.server.tsx) and prerendered ones (server/static-files.mjs).
 * @param {string} html
 * @returns {{ html: string, link: string | null }}
 */
export function withFirstFetches(html) {
  const sent = withLowPriorityScripts(html);
  return { html: sent, link: stylesheetPreloadHeader(sent) };
}

const HEAD_END = "</head>";

/**
 * withFirstFetches for a rendered page's bytes: only its <head> is decoded and rewritten, and the body (most of the
 * page) is sent as React wrote it, without a trip through a string and back.
 * @param {Buffer} bytes
 * @returns {{ body: Buffer, link: string | null }}
 */
export function bytesWithFirstFetches(bytes) {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd === -1) return { body: bytes, link: null };
  const split = headEnd + HEAD_END.length;
  const { html, link } = withFirstFetches(bytes.subarray(0, split).toString("utf8"));
  return { body: Buffer.concat([Buffer.from(html, "utf8"), bytes.subarray(split)]), link };
}
