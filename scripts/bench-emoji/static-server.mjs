// bench:emoji's static server, in a process of its own: the bench's own process is busy with Playwright's CDP
// traffic (every network event of the page), and a server in it answered the requests a picker makes after the
// search tens of milliseconds late, which would have charged the harness's wait to that picker.
//
//   node scripts/bench-emoji/static-server.mjs '{"/emoji/": "/abs/dir", "/": "/abs/dist"}'   → prints "listening <port>"
import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { emojiSheetResponder } from "#server/emoji-sheet.mjs";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};
const COMPRESSIBLE = new Set(Object.values(TYPES));

/**
 * Serves `routes` (URL prefix → directory) with gzip for text types, the way the shop's server does, and the emoji
 * sheets our picker requests, composed by the shop's own responder (server/emoji-sheet.mjs).
 */
function serve(routes) {
  const sheets = routes["/emoji/"] && emojiSheetResponder(path.join(routes["/emoji/"], "svg"));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const pathname = url.pathname === "/" ? "/index.html" : decodeURIComponent(url.pathname);
    const sheet = sheets?.(pathname);
    if (sheet) {
      const gzip = sheet.status === 200 && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
      response.writeHead(sheet.status, { ...sheet.headers, "Cache-Control": "no-store", ...(gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}) });
      response.end(gzip ? gzipSync(sheet.body) : sheet.body);
      return;
    }
    const [prefix, dir] = Object.entries(routes).find(([route]) => pathname.startsWith(route)) ?? [];
    const file = dir && path.join(dir, pathname.slice(prefix.length));
    if (!file || !file.startsWith(dir) || !isFile(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const body = readFileSync(file);
    const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "") && COMPRESSIBLE.has(type);
    response.writeHead(200, {
      "Content-Type": type,
      "Cache-Control": "no-store",
      ...(gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : gzip ? gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

// Run as the child process (the bench itself imports isFile only).
if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? "")).href) {
  const server = await serve(JSON.parse(process.argv[2] ?? "{}"));
  console.log(`listening ${server.address().port}`);
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
