// Refuses request bodies whose declared length is over the server's limit, before anything parses them (the
// form actions cap again, at 64 KiB, and also catch bodies sent in chunks, which declare no length).
import { refusalPage } from "./refusal-pages.mjs";

/** Up to this much of a refused body is read and thrown away first, so that the browser gets the 413 page. */
const DISCARD_LIMIT = 8 * 1024 * 1024;

/**
 * Connect-style middleware: 413 with a page for a declared body over `maxBytes`. A server that answers while the
 * browser is still sending closes the connection on unread data and the browser shows a reset instead of the
 * page, so a body up to DISCARD_LIMIT is read to its end first; a larger one is cut off.
 * @param {number} maxBytes
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next: () => void) => void}
 */
export function bodyLimit(maxBytes) {
  return (req, res, next) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!(declared > maxBytes)) {
      next();
      return;
    }
    const answer = () => {
      res.statusCode = 413;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Connection", "close");
      const page = refusalPage("tooLarge", req);
      res.setHeader("Content-Language", page.locale);
      res.end(page.html);
    };
    if (declared > DISCARD_LIMIT) {
      answer();
      return;
    }
    req.on("end", answer);
    req.on("error", () => res.destroy());
    req.resume();
  };
}
