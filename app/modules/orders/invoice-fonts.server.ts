import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";

/**
 * The invoice's typeface: Barlow, the shop's own (self-hosted from @fontsource, SIL Open Font License), embedded
 * as a subset of the glyphs used. Fontsource splits each weight into a Latin file (ASCII, Latin-1 with the
 * German letters, €, typographic punctuation) and a Latin Extended one (Polish, Czech, Baltic… letters); a buyer's
 * name or address may need either, so every text is written in runs, each in the file whose unicode-range (read
 * from fontsource's own CSS) holds its characters. Barlow has no Greek or Cyrillic, which buyers in Greece, Cyprus
 * and Bulgaria write their names in: those runs are in Noto Sans (same licence), the nearest open sans-serif that
 * has them, so that no name on an invoice prints as boxes (D227).
 *
 * The WOFF files, not WOFF2: fontkit's subsetter breaks on WOFF2's composite glyphs (an offset error at `end()`).
 * They are unpacked once into plain TrueType (`sfntOfWoff`): fontkit reads a WOFF's tables through a JavaScript
 * inflate on every access, glyph by glyph, which made one invoice take most of a second.
 */
export type InvoiceWeight = "regular" | "bold";
/**
 * The subsets in the order a character is looked up in: Barlow's first, so Latin text is always Barlow. Its
 * Vietnamese file holds the Latin letters with two accents (ạ, ễ, ầ: U+1EA0–1EF1) that neither other file has, and
 * that a shipping address may hold (address-text.ts accepts every Latin letter).
 */
const SUBSETS = [
  { key: "latin", family: "barlow", name: "latin" },
  { key: "ext", family: "barlow", name: "latin-ext" },
  { key: "vietnamese", family: "barlow", name: "vietnamese" },
  { key: "greek", family: "noto-sans", name: "greek" },
  { key: "cyrillic", family: "noto-sans", name: "cyrillic" },
  // The rest of the Greek and Cyrillic scripts, which the address rule accepts whole: polytonic Greek (ἀ, ῥ) and the
  // Cyrillic letters of Kazakh, Tatar, Bashkir or Azerbaijani (Ә, Қ, Ө, Ү, Һ).
  { key: "greekExt", family: "noto-sans", name: "greek-ext" },
  { key: "cyrillicExt", family: "noto-sans", name: "cyrillic-ext" },
  // Latin letters Barlow's files name in their range but do not have (the capital ẞ, pinyin's ǐ ǒ ǘ, Ĕ, ĸ): Noto Sans.
  { key: "notoExt", family: "noto-sans", name: "latin-ext" },
] as const;
type SubsetKey = (typeof SUBSETS)[number]["key"];
export type InvoiceFontName = `${InvoiceWeight}-${SubsetKey}`;

interface Subset {
  file: Buffer;
  ranges: [number, number][];
  /** Whether the file has a glyph for a character (its cmap): a range may name more than a file holds. */
  hasGlyph: (code: number) => boolean;
}

const WEIGHTS: Record<InvoiceWeight, string> = { regular: "400", bold: "600" };

let loaded: Record<InvoiceWeight, Record<SubsetKey, Subset>> | undefined;

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

/**
 * Whether a font file has a glyph for each character: fontkit (pdfkit's own font reader) looks it up in the
 * file's Unicode cmap; a character mapped to .notdef counts as missing.
 */
export function glyphLookup(sfnt: Buffer): (code: number) => boolean {
  const font = fontkit.create(sfnt);
  if (!("hasGlyphForCodePoint" in font)) throw new Error("a font collection, not one font");
  return (code) => font.hasGlyphForCodePoint(code);
}

function loadSubset(family: string, name: string, weight: string): Subset {
  const require = createRequire(import.meta.url);
  const cssPath = require.resolve(`@fontsource/${family}/${weight}.css`);
  const css = readFileSync(cssPath, "utf8");
  const file = `${family}-${name}-${weight}-normal.woff`;
  const block = css.split("@font-face").find((face) => face.includes(`/files/${file}`) || face.includes(`/files/${file}2`));
  const range = block ? /unicode-range:\s*([^;]+);/.exec(block)?.[1] : undefined;
  if (!range) throw new Error(`no unicode-range for ${file} in @fontsource/${family}/${weight}.css`);
  const sfnt = sfntOfWoff(readFileSync(path.join(path.dirname(cssPath), "files", file)));
  return { file: sfnt, ranges: parseUnicodeRange(range), hasGlyph: glyphLookup(sfnt) };
}

function loadWeight(weight: string): Record<SubsetKey, Subset> {
  return Object.fromEntries(SUBSETS.map(({ key, family, name }) => [key, loadSubset(family, name, weight)])) as Record<SubsetKey, Subset>;
}

function fonts() {
  loaded ??= { regular: loadWeight(WEIGHTS.regular), bold: loadWeight(WEIGHTS.bold) };
  return loaded;
}

/** The font files to register with a PDF document, by the names `runs` uses. */
export function invoiceFontFiles(): Record<InvoiceFontName, Buffer> {
  const all = fonts();
  const files: Partial<Record<InvoiceFontName, Buffer>> = {};
  for (const weight of Object.keys(WEIGHTS) as InvoiceWeight[]) {
    for (const { key } of SUBSETS) files[`${weight}-${key}`] = all[weight][key].file;
  }
  return files as Record<InvoiceFontName, Buffer>;
}

const inRanges = (ranges: [number, number][], code: number) => ranges.some(([from, to]) => code >= from && code <= to);

/**
 * A text cut into runs of one font file each: each character in the first subset whose range names it and whose
 * file has its glyph. A character none
 * holds (Hebrew, Arabic, CJK: scripts that also need shaping or right-to-left layout, which PDFKit does not do)
 * stays in the Latin one, where it shows as the font's missing-glyph box rather than disappearing. A shipping name or
 * address has none of them: the order schema takes Latin, Greek and Cyrillic letters only (address-text.ts).
 */
export function fontRuns(text: string, weight: InvoiceWeight): { font: InvoiceFontName; text: string }[] {
  const subsets = fonts()[weight];
  const runs: { font: InvoiceFontName; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const key = SUBSETS.find(({ key }) => inRanges(subsets[key].ranges, code) && subsets[key].hasGlyph(code))?.key ?? "latin";
    const font: InvoiceFontName = `${weight}-${key}`;
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
