import { catalog } from "./catalog";

const money = new Intl.NumberFormat(catalog.locale, { style: "currency", currency: catalog.currency });

/** Formats integer cents as money, e.g. 5900 → "€59.00". The same output on server and client. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

/** Formats a deck width, e.g. 8 → "8.0″", 8.25 → "8.25″". */
export function formatDeckSize(inches: number): string {
  return `${Number.isInteger(inches) ? inches.toFixed(1) : String(inches)}″`;
}
