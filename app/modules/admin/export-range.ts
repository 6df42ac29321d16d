/**
 * The CSV export's date range: `from` and `to` as calendar days (YYYY-MM-DD, what an <input type="date"> sends), each
 * optional, both included, on the seller's calendar (catalog.timeZone). An order is in the range when its invoice or
 * its credit note is dated in it (admin-orders.server.ts): the invoice's date decides the VAT period of the sale and
 * the credit note's date that of its correction (§ 17 UStG), so a month's export holds every document of the month.
 */

export interface ExportRange {
  from: string | null;
  to: string | null;
}

export type ExportRangeError = "malformed" | "toBeforeFrom";

export type ExportRangeResult =
  | { ok: true; range: ExportRange }
  /** What was sent (cut to a sane length, to be shown again in the form) and a message key per field. */
  | { ok: false; values: { from: string; to: string }; errors: Partial<Record<keyof ExportRange, ExportRangeError>> };

/** Whether a text is a real calendar day written YYYY-MM-DD (2026-02-29 is not one), from the year 1900 on. */
export function isCalendarDay(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads `from` and `to` from a URL's search parameters: empty or missing is no limit; anything else must be a day. */
export function exportRange(params: URLSearchParams): ExportRangeResult {
  const values = { from: (params.get("from") ?? "").trim().slice(0, 40), to: (params.get("to") ?? "").trim().slice(0, 40) };
  const errors: Partial<Record<keyof ExportRange, ExportRangeError>> = {};
  for (const field of ["from", "to"] as const) {
    if (values[field] && !isCalendarDay(values[field])) errors[field] = "malformed";
  }
  // Days written YYYY-MM-DD compare as text. The same day twice is one day's export.
  if (!errors.from && !errors.to && values.from && values.to && values.to < values.from) errors.to = "toBeforeFrom";
  if (errors.from || errors.to) return { ok: false, values, errors };
  return { ok: true, range: { from: values.from || null, to: values.to || null } };
}

/** Whether the export's parameters ask for a range at all. */
export function hasRange(range: ExportRange): boolean {
  return range.from !== null || range.to !== null;
}

/**
 * The export's file name, which says its range: orders-2026-11-01-to-2026-11-30.csv, orders-from-2026-11-01.csv,
 * orders-to-2026-11-30.csv, or without a range the day it was made (`today`, YYYY-MM-DD): orders-2026-11-29.csv. The
 * documents' journal is named the same with `documents-`.
 */
export function exportFileName(range: ExportRange, today: string, prefix: "orders" | "documents" = "orders"): string {
  if (range.from && range.to) return `${prefix}-${range.from}-to-${range.to}.csv`;
  if (range.from) return `${prefix}-from-${range.from}.csv`;
  if (range.to) return `${prefix}-to-${range.to}.csv`;
  return `${prefix}-${today}.csv`;
}

/**
 * The search part of an export's address (the CSV's, or the list's that shows the export form's errors): the list's
 * tab and search, and the range as sent; empty parts are left out.
 */
export function exportSearch(parts: { status: string | null; q: string; from: string; to: string }, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...parts, ...extra })) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}
