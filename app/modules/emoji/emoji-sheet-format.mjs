// The emoji sheet format and Twemoji's file naming, in one plain module for everything that reads Twemoji files:
// the build (scripts/build-emoji-assets.mjs: the first screen's sheet, which codes have art), the servers
// (server/emoji-sheet.mjs: sheets composed on request) and the print file (app/modules/design/print-file.server.ts:
// stickers inlined). Plain JavaScript so that node loads it without a build step; the browser never imports it.
import { SHEETS_FOLDER } from "./emoji-format.mjs";

export const SHEET_CELL_SIZE = 36;
/** Where the servers answer sheet requests: the sheets folder under the default emoji base URL. */
export const SHEETS_PATH = `/emoji/${SHEETS_FOLDER}/`;

/** A Twemoji file's content inside its root element, if it is drawn on the usual 36×36 canvas. */
const TWEMOJI_SVG = /^<svg\b[^>]*\bviewBox="0 0 36 36"[^>]*>([\s\S]*)<\/svg>\s*$/;

export function twemojiInner(svgText) {
  return TWEMOJI_SVG.exec(svgText)?.[1];
}

/** Ids made unique to one cell of a sheet (a few files define clip paths or gradients). */
export function scopeIds(inner, prefix) {
  return inner
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

/** One column of 36×36 cells from the cells' inner SVG; ids are scoped per cell. */
export function sheetSvg(cellInners) {
  const size = SHEET_CELL_SIZE;
  const height = cellInners.length * size;
  const body = cellInners.map(
    (inner, i) => `<svg y="${i * size}" width="${size}" height="${size}" viewBox="0 0 36 36">${scopeIds(inner, `c${i}-`)}</svg>`,
  );
  const namespaces = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
  return `<svg ${namespaces} width="${size}" height="${height}" viewBox="0 0 ${size} ${height}">${body.join("")}</svg>`;
}

/**
 * The Twemoji file for a unified code, or null. Twemoji names files in lower case, drops FE0F outside ZWJ
 * sequences and drops leading zeros ("0023-FE0F-20E3" is "23-20e3.svg"), so several spellings are tried.
 */
/**
 * @param {string} unified
 * @param {string | null | undefined} nonQualified
 * @param {ReadonlySet<string>} available
 * @returns {string | null}
 */
export function twemojiFileFor(unified, nonQualified, available) {
  const spellings = [unified, unified.replace(/-FE0F/gi, ""), nonQualified]
    .filter(Boolean)
    .map((code) => code.toLowerCase());
  const candidates = spellings.flatMap((code) => [code, code.replace(/^0+/, "")]);
  return candidates.find((code) => available.has(code)) ?? null;
}
