// Emoji sheets: many Twemoji files in one SVG, one column of 36×36 cells. The picker draws cell i of a sheet with
// object-fit and object-position, so a screen of emoji costs one request instead of one per emoji, and gzip
// compresses the files together to about half their separate size (the paths share most of their vocabulary).
//
// This module answers the requests the picker makes at /emoji/sheets/<code>_<code>….svg, for the production
// server, Vite's dev server and bench:emoji's harness server; the sheet format itself is
// app/modules/emoji/emoji-sheet-format.mjs (the build's first-screen sheet and the print file use it too).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSheetFileName } from "#app/modules/emoji/emoji-format.mjs";
import { SHEETS_PATH, sheetSvg, twemojiInner } from "#app/modules/emoji/emoji-sheet-format.mjs";
import { SVG_FILE_POLICY } from "#app/modules/http/content-security.mjs";

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
