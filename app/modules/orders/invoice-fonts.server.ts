import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { inflateSync } from "node:zlib";

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
  /** The characters the file has a glyph for (its cmap): a range may name more than a file holds. */
  glyphs: Set<number>;
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
 * The characters a TrueType file maps to a glyph other than .notdef, from its Unicode cmap subtable (OpenType
 * "cmap": format 12 for the full range where there is one, else format 4 for the Basic Multilingual Plane).
 */
export function charactersOf(sfnt: Buffer): Set<number> {
  const numTables = sfnt.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    if (sfnt.toString("latin1", 12 + i * 16, 16 + i * 16) === "cmap") cmap = sfnt.readUInt32BE(20 + i * 16);
  }
  if (cmap < 0) throw new Error("a font without a cmap table");
  const subtables = Array.from({ length: sfnt.readUInt16BE(cmap + 2) }, (_, i) => {
    const record = cmap + 4 + i * 8;
    const offset = cmap + sfnt.readUInt32BE(record + 4);
    return { platform: sfnt.readUInt16BE(record), encoding: sfnt.readUInt16BE(record + 2), offset, format: sfnt.readUInt16BE(offset) };
  });
  const unicode = (subtable: { platform: number; encoding: number }) => subtable.platform === 0 || (subtable.platform === 3 && [1, 10].includes(subtable.encoding));
  const table = subtables.find((t) => unicode(t) && t.format === 12) ?? subtables.find((t) => unicode(t) && t.format === 4);
  if (!table) throw new Error("a font without a Unicode cmap");
  const characters = new Set<number>();
  if (table.format === 12) {
    const groups = sfnt.readUInt32BE(table.offset + 12);
    for (let i = 0; i < groups; i++) {
      const group = table.offset + 16 + i * 12;
      const [start, end, glyph] = [sfnt.readUInt32BE(group), sfnt.readUInt32BE(group + 4), sfnt.readUInt32BE(group + 8)];
      for (let code = start; code <= end; code++) if (glyph + code - start !== 0) characters.add(code);
    }
    return characters;
  }
  const segments = sfnt.readUInt16BE(table.offset + 6) / 2;
  const ends = table.offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let i = 0; i < segments; i++) {
    const [end, start] = [sfnt.readUInt16BE(ends + i * 2), sfnt.readUInt16BE(starts + i * 2)];
    const delta = sfnt.readInt16BE(deltas + i * 2);
    const rangeOffset = sfnt.readUInt16BE(rangeOffsets + i * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph = code;
      if (rangeOffset !== 0) {
        glyph = sfnt.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (code - start) * 2);
        if (glyph === 0) continue;
      }
      if ((glyph + delta) & 0xffff) characters.add(code);
    }
  }
  return characters;
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
  return { file: sfnt, ranges: parseUnicodeRange(range), glyphs: charactersOf(sfnt) };
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
    const key = SUBSETS.find(({ key }) => inRanges(subsets[key].ranges, code) && subsets[key].glyphs.has(code))?.key ?? "latin";
    const font: InvoiceFontName = `${weight}-${key}`;
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
