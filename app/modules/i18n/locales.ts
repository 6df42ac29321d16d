/**
 * The shop's languages. Shared by server and browser: which languages exist, how a request picks one, and the
 * Intl locale each formats money, dates and numbers with.
 */

export const LOCALES = ["en", "de"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * A request that names neither language (no cookie, no Accept-Language we speak) gets English: the language a
 * buyer abroad most likely reads. A German browser sends `de` and gets German.
 */
export const DEFAULT_LOCALE: Locale = "en";

/** The buyer's explicit choice from the language switcher; it wins over Accept-Language. */
export const LOCALE_COOKIE = "lang";

/** The tag Intl formats with: euro amounts as Irish English writes them (€59.00), or as German does (59,00 €). */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-IE", de: "de-DE" };

/** Each language's own name, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", de: "Deutsch" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The first language of an Accept-Language header we speak, by its q-values; undefined if none. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
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

/** The value of one cookie in a Cookie header. */
function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The language of a request: the switcher's cookie, then Accept-Language, then the default. */
export function localeOfRequest(headers: Headers): Locale {
  const chosen = cookieValue(headers.get("Cookie"), LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
}
