// How a requested emoji sheet is named: the one contract between the picker, which builds the URL, and the servers
// that compose the sheet (server/emoji-sheet.mjs). Plain JavaScript without imports, so that node loads it as is
// and the browser bundle gets nothing else with it.

/** The folder of requested sheets under the emoji image base URL. */
export const SHEETS_FOLDER = "sheets";
/** The most emoji one requested sheet may hold. */
export const MAX_SHEET_CODES = 64;
/** An emoji code as our files are named: lowercase hex code points joined by "-". */
const CODE = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,9}$/;

/** The file name of the sheet of `codes`, in their order. */
export function sheetFileName(codes) {
  return `${codes.join("_")}.svg`;
}

/** The codes a sheet file name asks for, or null when it is not one (bad form, too many, or a repeated code). */
export function parseSheetFileName(name) {
  if (name.length > MAX_SHEET_CODES * 64 || !name.endsWith(".svg")) return null;
  const codes = name.slice(0, -".svg".length).split("_");
  if (codes.length > MAX_SHEET_CODES || new Set(codes).size !== codes.length) return null;
  return codes.every((code) => CODE.test(code)) ? codes : null;
}
