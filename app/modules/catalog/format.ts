import { catalog } from "./catalog.ts";

const money = new Intl.NumberFormat(catalog.locale, { style: "currency", currency: catalog.currency });

/** Formats integer cents as money, e.g. 5900 → "€59.00". The same output on server and client. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

const date = new Intl.DateTimeFormat(catalog.locale, { dateStyle: "medium", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat(catalog.locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A day, e.g. "24 Nov 2026", in UTC so that server and browser render the same text. */
export function formatDate(iso: string | Date): string {
  return date.format(new Date(iso));
}

/** A moment, e.g. "24 Nov 2026, 03:12" (UTC), for histories and lists. */
export function formatDateTime(iso: string | Date): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** Formats a deck width, e.g. 8 → "8.0″", 8.25 → "8.25″". */
export function formatDeckSize(inches: number): string {
  return `${Number.isInteger(inches) ? inches.toFixed(1) : String(inches)}″`;
}

interface PageMeta {
  /** The page's own title; the shop's name follows it. */
  title: string;
  /** What search results show under the title; every page has one (Lighthouse's SEO audit asks for it). */
  description: string;
  /** Pages with a buyer's own data (orders, account) stay out of search engines. */
  noindex?: boolean;
}

/** A route's `meta`: one spelling of "Page · Shop" titles, plus a description or noindex. */
export function pageMeta({ title, description, noindex }: PageMeta) {
  return [
    { title: `${title} · ${catalog.shopName}` },
    { name: "description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
