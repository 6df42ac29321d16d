import { catalog } from "#app/modules/catalog/catalog.ts";

/**
 * CSV for accounting (RFC 4180): UTF-8 with a byte-order mark (so that spreadsheet programs read it as UTF-8),
 * a header row, CRLF line ends, fields quoted where needed. Amounts are plain numbers in the shop's currency
 * (dot decimal), so that a spreadsheet sums them.
 */

export type CsvCell = string | number | null;

/**
 * A text cell that a spreadsheet would take for a formula (=, +, -, @, or a tab or carriage return before one) gets
 * a leading apostrophe, so that an order's name or address cannot run as a formula on the accountant's machine
 * (OWASP: CSV injection). Numbers are written as numbers and left alone.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = neutraliseFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

export const CSV_BOM = "\uFEFF";

/** Cents as a number of whole units with two decimals, e.g. 7590 → 75.9 (written "75.9"; a number, not text). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

const sellerDays = new Intl.DateTimeFormat("en-CA", { timeZone: catalog.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * A document's date as its document states it: the day on the seller's clock (catalog.timeZone), written
 * YYYY-MM-DD for accounting software; empty when there is none.
 */
export function sellerDay(moment: Date | null): string {
  return moment ? sellerDays.format(moment) : "";
}

/**
 * The credit notes for part of an order's amount (price reductions), oldest first, in one cell: each as its number,
 * its day on the seller's clock and the amount it gave back, "2026-000124 2026-11-10 12.50", separated by "; ".
 * Each is a document of its own, in the VAT period of its own day.
 */
export function partialCreditNotesCell(notes: readonly { number: string; issuedAt: string | Date; grossCents: number }[] | null): string {
  return (notes ?? []).map((note) => `${note.number} ${sellerDay(new Date(note.issuedAt))} ${centsToAmount(note.grossCents).toFixed(2)}`).join("; ");
}
