// What the build script (scripts/build-emoji-assets.mjs), the servers (server/emoji-sheet.mjs) and the picker must
// agree on, in one place: how terms are normalised, how a code and a tone variant are spelt, how a requested sheet
// is named. The editor's print file draws glyphs with it too.
// Plain JavaScript without imports, so that node loads it as is and the browser bundle gets nothing else with it.

/**
 * Lower case, trimmed, with underscores, hyphens and runs of spaces made one space, so that "Thumbs_Up",
 * "thumbs-up" and " thumbs  up " all read "thumbs up": the data's terms when built, the query when searched.
 * @param {string} text
 * @returns {string}
 */
export function normaliseTerm(text) {
  return text.toLocaleLowerCase("en").replace(/[\s_-]+/g, " ").trim();
}

/**
 * The emoji as text: "1f44b-1f3fb" is "👋🏻".
 * @param {string} unified
 * @returns {string}
 */
export function nativeOf(unified) {
  return String.fromCodePoint(...unified.split("-").map((hex) => Number.parseInt(hex, 16)));
}

/**
 * A tone variant's code as most emoji spell it: the modifier right after the first code point, dropping a
 * variation selector there ("261d-fe0f" in 1f3fb is "261d-1f3fb", "1f9d1-200d-1f4bb" is "1f9d1-1f3ff-200d-1f4bb").
 * The build script writes `skins: 1` only for emoji whose five variants follow this rule.
 * @param {string} unified
 * @param {string} tone
 * @returns {string}
 */
export function withTone(unified, tone) {
  const [first, ...rest] = unified.split("-");
  if (rest[0] === "fe0f") rest.shift();
  return [first, tone, ...rest].join("-");
}

/** The folder of requested sheets under the emoji image base URL. */
export const SHEETS_FOLDER = "sheets";
/** The most emoji one requested sheet may hold. */
export const MAX_SHEET_CODES = 64;
/** An emoji code as our files are named: lowercase hex code points joined by "-". */
const CODE = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,9}$/;

/**
 * The file name of the sheet of `codes`, in their order.
 * @param {readonly string[]} codes
 * @returns {string}
 */
export function sheetFileName(codes) {
  return `${codes.join("_")}.svg`;
}

/**
 * The codes a sheet file name asks for, or null when it is not one (bad form, too many, or a repeated code).
 * @param {string} name
 * @returns {string[] | null}
 */
export function parseSheetFileName(name) {
  if (name.length > MAX_SHEET_CODES * 64 || !name.endsWith(".svg")) return null;
  const codes = name.slice(0, -".svg".length).split("_");
  if (codes.length > MAX_SHEET_CODES || new Set(codes).size !== codes.length) return null;
  return codes.every((code) => CODE.test(code)) ? codes : null;
}
