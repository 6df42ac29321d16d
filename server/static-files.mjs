// How the server hands out files from the client build. Hashed assets never change, so browsers keep them
// for a year; everything that can change between deployments must be revalidated.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy, inlineScriptHashes } from "#app/modules/http/content-security.mjs";
import { withFirstFetches } from "#app/modules/http/document-hints.mjs";
import { DEFAULT_LOCALE, localeOfRequest } from "#app/modules/i18n/request-locale.mjs";

const REVALIDATE = "no-cache";

/** Cache-Control for a file of the client build, by its URL path. */
export function cacheControlFor(urlPath) {
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (urlPath === "/builds/latest.json") return "no-store";
  // A build's meta is named by the build's id: it never changes.
  if (urlPath.startsWith("/builds/meta/")) return "public, max-age=31536000, immutable";
  if (/\.(html|data|json)$/.test(urlPath)) return REVALIDATE;
  return "public, max-age=3600";
}

/** Whether a request is answered in the language the prerendered files were written in (the default). */
function wantsPrerenderedLanguage(req) {
  return localeOfRequest({ get: (name) => req.get(name) }) === DEFAULT_LOCALE;
}

/**
 * A prerendered page as it is sent (kept in memory: a few kilobytes each), the policy naming its inline scripts
 * (fixed at build time, so named by hash), and the preload of its stylesheets.
 */
function prerenderedFile(file) {
  const { html, link } = withFirstFetches(readFileSync(file, "utf8"));
  return { html, policy: contentSecurityPolicy(inlineScriptHashes(html)), link };
}

/** The answer differs by language (Accept-Language, or the switcher's cookie): caches must keep them apart. */
const VARY_BY_LANGUAGE = "Accept-Language, Cookie";

/**
 * Prerendered pages (listed in this build's meta) are sent as the HTML written at build time, in the default
 * language: a visitor who reads another gets the page rendered by React Router, as its data payload (the
 * `.data` file beside it, which `dataFilesOfOtherLanguages` keeps from the static files). Paths match exactly as
 * prerendered; other spellings (/EDITOR) fall through to server rendering, which gives the same page.
 */
export function prerenderedPages(clientDir) {
  const latest = JSON.parse(readFileSync(path.join(clientDir, "builds/latest.json"), "utf8"));
  const meta = JSON.parse(readFileSync(path.join(clientDir, "builds/meta", `${latest.id}.json`), "utf8"));
  const files = new Map(
    meta.prerendered
      .map((page) => [page, path.join(clientDir, page === "/" ? "index.html" : `${page}/index.html`)])
      .filter(([, file]) => existsSync(file))
      .map(([page, file]) => [page, prerenderedFile(file)]),
  );
  const dataFiles = new Set(meta.prerendered.map((page) => (page === "/" ? "/_.data" : `${page}.data`)));
  const pages = (req, res, next) => {
    const page = (req.method === "GET" || req.method === "HEAD") && files.get(req.path);
    if (!page || !wantsPrerenderedLanguage(req)) {
      next();
      return;
    }
    res.setHeader("Vary", VARY_BY_LANGUAGE);
    res.setHeader("Cache-Control", REVALIDATE);
    res.setHeader("Content-Security-Policy", page.policy);
    if (page.link) res.setHeader("Link", page.link);
    res.type("html").send(page.html);
  };
  /** Whether the static files must leave this request to React Router: another language's data payload. */
  const isOtherLanguageData = (req) => {
    if (!dataFiles.has(req.path)) return false;
    req.res?.setHeader("Vary", VARY_BY_LANGUAGE);
    return !wantsPrerenderedLanguage(req);
  };
  return { pages, isOtherLanguageData };
}
