import { catalog } from "./catalog.ts";
import { COUNTRY_NAMES } from "./country-names.ts";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "#app/modules/i18n/locales.ts";

// Numbers are written by the shop's own code, not by Intl: the first Intl formatter a page makes loads the browser's
// ICU data, about 30 ms of main thread on a laptop and 120–250 ms on a slow phone, and every page shows a price while
// it hydrates (bench:lighthouse, D242). Two languages, one currency: the separators and where the sign and the unit go
// are all there is to it, and format.test.ts holds every output to Intl's (Node's ICU) over a wide range.
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ",", decimal: "." },
  de: { group: ".", decimal: "," },
};
const NO_BREAK_SPACE = "\u00a0";

/**
 * `units` (an integer, in 10^-scale) as the language writes it: thousands grouped, at least `minFraction` and at most
 * `scale` fraction digits (trailing zeros beyond `minFraction` dropped), a minus sign in front.
 */
function decimalText(units: number, scale: number, minFraction: number, locale: Locale): string {
  const { group, decimal } = SEPARATORS[locale];
  const digits = String(Math.abs(units)).padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+$)/g, group);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minFraction && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${units < 0 ? "-" : ""}${whole}${fraction ? decimal + fraction : ""}`;
}

/** Formats integer cents as money: 5900 → "€59.00" (en), "59,00 €" (de). The same output on server and client. */
export function formatMoney(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  const amount = decimalText(Math.round(Math.abs(cents)), 2, 2, locale);
  const sign = cents < 0 ? "-" : "";
  return locale === "de" ? `${sign}${amount}${NO_BREAK_SPACE}€` : `${sign}€${amount}`;
}

// Dates stay Intl's: the seller's time zone and its summer time are not the shop's to write out, and the pages that
// show dates (orders, the account, the back office) pay for it.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const DATE_OPTIONS = {
  date: { dateStyle: "medium", timeZone: catalog.timeZone },
  dateTime: { dateStyle: "medium", timeStyle: "short", timeZone: catalog.timeZone },
  zone: { timeZone: catalog.timeZone, timeZoneName: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** One formatter of each kind per language, made on first use: they are costly to make and cheap to use. */
function dateFormatter(kind: keyof typeof DATE_OPTIONS, locale: Locale): Intl.DateTimeFormat {
  const key = `${kind}:${locale}`;
  let made = dateFormatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(INTL_LOCALE[locale], DATE_OPTIONS[kind]);
    dateFormatters.set(key, made);
  }
  return made;
}

/** A day on the seller's clock, e.g. "24 Nov 2026" / "24.11.2026": one zone, so that server and browser render the same text. */
export function formatDate(iso: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  return dateFormatter("date", locale).format(new Date(iso));
}

/** A moment on the seller's clock, with its zone: "24 Nov 2026, 04:12 GMT+1", "24.11.2026, 04:12 MEZ". */
export function formatDateTime(iso: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  const moment = new Date(iso);
  const zoneName = dateFormatter("zone", locale).formatToParts(moment).find((part) => part.type === "timeZoneName")?.value ?? "";
  return `${dateFormatter("dateTime", locale).format(moment)} ${zoneName}`.trimEnd();
}

/** A rate in basis points for people: 1900 → "19%" (en), "19 %" (de); 2550 → "25.5%", "25,5 %". */
export function formatPercent(basisPoints: number, locale: Locale = DEFAULT_LOCALE): string {
  const rate = decimalText(Math.round(basisPoints), 2, 0, locale);
  return locale === "de" ? `${rate}${NO_BREAK_SPACE}%` : `${rate}%`;
}

/** Formats a deck width, e.g. 8 → "8.0″", 8.25 → "8.25″" (en) or "8,0″", "8,25″" (de). */
export function formatDeckSize(inches: number, locale: Locale): string {
  return `${decimalText(Math.round(inches * 1000), 3, 1, locale)}″`;
}

interface PageMeta {
  /** The page's own title; the shop's name follows it. */
  title: string;
  /** What search results show under the title; every page has one (Lighthouse's SEO audit asks for it). */
  description: string;
  /** Pages with a buyer's own data (orders, account) stay out of search engines. */
  noindex?: boolean;
}

/** A route's `meta`: one spelling of "Page · Shop" titles, plus a description, and Open Graph or noindex. */
export function pageMeta({ title, description, noindex }: PageMeta) {
  return [
    { title: `${title} · ${catalog.shopName}` },
    { name: "description", content: description },
    // A public page also says what a link to it shows when shared in a chat or a post (Open Graph).
    ...(noindex
      ? [{ name: "robots", content: "noindex" }]
      : [
          { property: "og:title", content: title },
          { property: "og:description", content: description },
          { property: "og:site_name", content: catalog.shopName },
          { property: "og:type", content: "website" },
        ]),
  ];
}

const regionNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A country by its ISO code, as the language names it: "Germany" / "Deutschland". The destinations from the shop's
 * own table (country-names.ts); any other code (the seller's, say, on the server) from Intl; a code nobody knows is
 * shown as it is. (The country select's whole list is named once per language, in countriesByName.)
 */
export function formatCountry(code: string, locale: Locale = DEFAULT_LOCALE): string {
  const known = Object.hasOwn(COUNTRY_NAMES, code) ? COUNTRY_NAMES[code]![locale] : undefined;
  if (known) return known;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region", fallback: "code" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
