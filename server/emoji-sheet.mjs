// Emoji sheets: many Twemoji files in one SVG, one column of 36×36 cells. The picker draws cell i of a sheet with
// object-fit and object-position, so a screen of emoji costs one request instead of one per emoji, and gzip
// compresses the files together to about half their separate size (the paths share most of their vocabulary).
//
// One module for the sheet format, used by the build (the first screen's sheet, scripts/build-emoji-assets.mjs),
// by the servers (the production server, Vite's dev server, bench:emoji's harness server) for the sheets the
// picker asks for at /emoji/sheets/<code>_<code>….svg, and by their tests. Plain JavaScript, so that node loads it
// without a build step.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSheetFileName, SHEETS_FOLDER } from "../app/modules/emoji/emoji-format.mjs";
import { SVG_FILE_POLICY } from "./content-security.mjs";

const SHEET_CELL_SIZE = 36;
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
 * Answers sheet requests from the Twemoji files in `svgDir`: `{ status, headers, body }` for a path under
 * SHEETS_PATH, or null for any other path. Only codes that name one of the directory's files are read (the
 * listing is taken once), so a request can name nothing else on disk.
 */
export function emojiSheetResponder(svgDir) {
  let available;
  // Each file is read once, whichever sheets it goes into; composing a sheet from them is string work.
  const inners = new Map();
  const innerOf = (code) => {
    if (!inners.has(code)) inners.set(code, twemojiInner(readFileSync(path.join(svgDir, `${code}.svg`), "utf8")));
    return inners.get(code);
  };
  const notFound = (message) => ({ status: 404, headers: { "Content-Type": "text/plain" }, body: message });

  return function respond(pathname) {
    if (!pathname.startsWith(SHEETS_PATH)) return null;
    const codes = parseSheetFileName(pathname.slice(SHEETS_PATH.length));
    if (!codes) return { status: 400, headers: { "Content-Type": "text/plain" }, body: "Not a sheet of emoji codes" };
    available ??= new Set(readdirSync(svgDir).map((file) => file.replace(/\.svg$/, "")));
    const unknown = codes.find((code) => !available.has(code));
    if (unknown) return notFound(`No artwork for ${unknown}`);
    const cells = codes.map(innerOf);
    if (cells.some((inner) => inner === undefined)) return notFound("Artwork not on a 36×36 canvas");
    const body = sheetSvg(cells);
    // The art of a code changes only with a Twemoji upgrade; a week is a fair trade against that.
    const headers = {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=604800",
      "Content-Security-Policy": SVG_FILE_POLICY,
    };
    return { status: 200, headers, body };
  };
}

/** The responder as a connect/Express middleware (the production server and Vite's dev server). */
export function emojiSheetMiddleware(svgDir) {
  const respond = emojiSheetResponder(svgDir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    } catch {
      return next();
    }
    const answer = respond(pathname);
    if (!answer) return next();
    res.statusCode = answer.status;
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.end(req.method === "HEAD" ? undefined : answer.body);
  };
}
