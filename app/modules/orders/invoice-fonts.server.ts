import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { inflateSync } from "node:zlib";

/**
 * The invoice's typeface: Barlow, the shop's own (self-hosted from @fontsource, SIL Open Font License), embedded
 * as a subset of the glyphs used. Fontsource splits each weight into a Latin file (ASCII, Latin-1 with the
 * German letters, €, typographic punctuation) and a Latin Extended one (Polish, Czech, Baltic… letters); a buyer's
 * name or address may need either, so every text is written in runs, each in the file whose unicode-range (read
 * from fontsource's own CSS) holds its characters.
 *
 * The WOFF files, not WOFF2: fontkit's subsetter breaks on WOFF2's composite glyphs (an offset error at `end()`).
 * They are unpacked once into plain TrueType (`sfntOfWoff`): fontkit reads a WOFF's tables through a JavaScript
 * inflate on every access, glyph by glyph, which made one invoice take most of a second.
 */
export type InvoiceWeight = "regular" | "bold";
export type InvoiceFontName = `${InvoiceWeight}-${"latin" | "ext"}`;

interface Subset {
  file: Buffer;
  ranges: [number, number][];
}

const WEIGHTS: Record<InvoiceWeight, string> = { regular: "400", bold: "600" };

let loaded: Record<InvoiceWeight, { latin: Subset; ext: Subset }> | undefined;

function parseUnicodeRange(range: string): [number, number][] {
  return range.split(",").map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to!, 16)];
  });
}

/**
 * A WOFF 1.0 file as the TrueType/OpenType file it wraps (W3C WOFF §4–5): each table inflated where it was
 * compressed, laid out behind a fresh table directory, 4-byte aligned. Checksums are the WOFF's own (those of
 * the original tables).
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("a WOFF table does not inflate to its length");
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const log2 = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** log2 * 16, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** log2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function loadWeight(weight: string): { latin: Subset; ext: Subset } {
  const require = createRequire(import.meta.url);
  const css = readFileSync(require.resolve(`@fontsource/barlow/${weight}.css`), "utf8");
  const dir = path.dirname(require.resolve(`@fontsource/barlow/${weight}.css`));
  const subset = (name: "latin" | "latin-ext"): Subset => {
    const file = `barlow-${name}-${weight}-normal.woff`;
    const block = css.split("@font-face").find((face) => face.includes(`/files/${file}`) || face.includes(`/files/barlow-${name}-${weight}-normal.woff2`));
    const range = block ? /unicode-range:\s*([^;]+);/.exec(block)?.[1] : undefined;
    if (!range) throw new Error(`no unicode-range for ${file} in @fontsource/barlow/${weight}.css`);
    return { file: sfntOfWoff(readFileSync(path.join(dir, "files", file))), ranges: parseUnicodeRange(range) };
  };
  return { latin: subset("latin"), ext: subset("latin-ext") };
}

function fonts() {
  loaded ??= { regular: loadWeight(WEIGHTS.regular), bold: loadWeight(WEIGHTS.bold) };
  return loaded;
}

/** The font files to register with a PDF document, by the names `runs` uses. */
export function invoiceFontFiles(): Record<InvoiceFontName, Buffer> {
  const all = fonts();
  return {
    "regular-latin": all.regular.latin.file,
    "regular-ext": all.regular.ext.file,
    "bold-latin": all.bold.latin.file,
    "bold-ext": all.bold.ext.file,
  };
}

const inRanges = (ranges: [number, number][], code: number) => ranges.some(([from, to]) => code >= from && code <= to);

/**
 * A text cut into runs of one font file each. A character neither file holds stays in the Latin one (it shows as
 * the font's missing-glyph box rather than disappearing).
 */
export function fontRuns(text: string, weight: InvoiceWeight): { font: InvoiceFontName; text: string }[] {
  const { latin } = fonts()[weight];
  const ext = fonts()[weight].ext;
  const runs: { font: InvoiceFontName; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const font: InvoiceFontName = !inRanges(latin.ranges, code) && inRanges(ext.ranges, code) ? `${weight}-ext` : `${weight}-latin`;
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
