import { catalog } from "./catalog.ts";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "#app/modules/i18n/locales.ts";

// Formatters are costly to make and cheap to use: one of each per language, made on first use.
const formatters = new Map<
  Locale,
  { money: Intl.NumberFormat; date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }
>();

function formattersFor(locale: Locale) {
  let made = formatters.get(locale);
  if (!made) {
    const tag = INTL_LOCALE[locale];
    made = {
      money: new Intl.NumberFormat(tag, { style: "currency", currency: catalog.currency }),
      date: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: catalog.timeZone }),
      dateTime: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: catalog.timeZone }),
      zone: new Intl.DateTimeFormat(tag, { timeZone: catalog.timeZone, timeZoneName: "short" }),
    };
    formatters.set(locale, made);
  }
  return made;
}

/** Formats integer cents as money: 5900 → "€59.00" (en), "59,00 €" (de). The same output on server and client. */
export function formatMoney(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  return formattersFor(locale).money.format(cents / 100);
}

/** A day on the seller's clock, e.g. "24 Nov 2026" / "24.11.2026": one zone, so that server and browser render the same text. */
export function formatDate(iso: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  return formattersFor(locale).date.format(new Date(iso));
}

/** A moment on the seller's clock, with its zone: "24 Nov 2026, 04:12 GMT+1", "24.11.2026, 04:12 MEZ". */
export function formatDateTime(iso: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  const { dateTime, zone } = formattersFor(locale);
  const moment = new Date(iso);
  const zoneName = zone.formatToParts(moment).find((part) => part.type === "timeZoneName")?.value ?? "";
  return `${dateTime.format(moment)} ${zoneName}`.trimEnd();
}

const percentFormatters = new Map<Locale, Intl.NumberFormat>();

/** A rate in basis points for people: 1900 → "19%" (en), "19 %" (de); 2550 → "25.5%", "25,5 %". */
export function formatPercent(basisPoints: number, locale: Locale = DEFAULT_LOCALE): string {
  let formatter = percentFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { style: "percent", maximumFractionDigits: 2 });
    percentFormatters.set(locale, formatter);
  }
  return formatter.format(basisPoints / 10_000);
}

const deckSizes = new Map<Locale, Intl.NumberFormat>();

/** Formats a deck width, e.g. 8 → "8.0″", 8.25 → "8.25″" (en) or "8,0″", "8,25″" (de). */
export function formatDeckSize(inches: number, locale: Locale): string {
  let format = deckSizes.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 1, maximumFractionDigits: 3 });
    deckSizes.set(locale, format);
  }
  return `${format.format(inches)}″`;
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
 * A country by its ISO code, as the language names it: "Germany" / "Deutschland". English keeps the catalog's
 * names; other languages ask Intl. A code nobody knows is shown as it is. (The country select's whole list is
 * named once per language, in countriesByName.)
 */
export function formatCountry(code: string, locale: Locale = DEFAULT_LOCALE): string {
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
