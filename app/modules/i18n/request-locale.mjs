// How a request picks its language. Plain JavaScript so that server.mjs (which serves the prerendered English
// pages before React Router) decides exactly as the app does; locales.ts re-exports it with types.

/** @typedef {"en" | "de"} Locale */

/** @type {readonly Locale[]} */
export const LOCALES = ["en", "de"];

/**
 * A request that names neither language (no cookie, no Accept-Language we speak) gets English: the language a
 * buyer abroad most likely reads. A German browser sends `de` and gets German.
 * @type {Locale}
 */
export const DEFAULT_LOCALE = "en";

/** The buyer's explicit choice from the language switcher; it wins over Accept-Language. */
export const LOCALE_COOKIE = "lang";

/** @returns {value is Locale} */
export function isLocale(/** @type {unknown} */ value) {
  return typeof value === "string" && /** @type {readonly string[]} */ (LOCALES).includes(value);
}

/**
 * The first language of an Accept-Language header we speak, by its q-values; undefined if none.
 * @param {string | null | undefined} header
 * @returns {Locale | undefined}
 */
export function localeFromAcceptLanguage(header) {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/**
 * The value of one cookie in a Cookie header.
 * @param {string | null | undefined} header
 * @param {string} name
 */
function cookieValue(header, name) {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/**
 * The language of a request: the switcher's cookie, then Accept-Language, then the default.
 * @param {{ get(name: string): string | null | undefined }} headers
 * @returns {Locale}
 */
export function localeOfRequest(headers) {
  const chosen = cookieValue(headers.get("Cookie"), LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
}
