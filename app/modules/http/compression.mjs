// How answers are compressed: brotli (what browsers ask for) at quality 3, else gzip. Quality 3 compresses a
// rendered checkout page in half the CPU of quality 4 (the compression package's default) for 4 % more bytes
// (~0.4 kB of ~10 kB). server.mjs compresses files and other answers with these settings; a rendered page is
// compressed here in one step, as it is already whole (entry.server.tsx): a compression stream cost its
// request ~0.8 ms of CPU across two threads against ~0.5 ms in one call. The call runs on libuv's thread pool, not
// the main thread, which renders the next page meanwhile (D210).
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };

/**
 * The encoding for an answer, by the request's Accept-Encoding: "br", else "gzip", else null (none). An encoding
 * with q=0 is refused; `*` stands for any not named.
 * @param {string | null | undefined} acceptEncoding
 * @returns {"br" | "gzip" | null}
 */
export function chooseEncoding(acceptEncoding) {
  const weights = new Map();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/**
 * A whole document's bytes in `encoding`, compressed on the thread pool.
 * @param {Uint8Array} bytes
 * @param {"br" | "gzip"} encoding
 * @returns {Promise<Buffer>}
 */
export function compress(bytes, encoding) {
  return encoding === "br" ? brotliCompressAsync(bytes, BROTLI_OPTIONS) : gzipAsync(bytes);
}
