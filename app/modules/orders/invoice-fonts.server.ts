import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The invoice's typeface: Barlow, the shop's own (self-hosted from @fontsource, SIL Open Font License), embedded
 * as a subset of the glyphs used. Fontsource splits each weight into a Latin file (ASCII, Latin-1 with the
 * German letters, €, typographic punctuation) and a Latin Extended one (Polish, Czech, Baltic… letters); a buyer's
 * name or address may need either, so every text is written in runs, each in the file whose unicode-range (read
 * from fontsource's own CSS) holds its characters.
 *
 * The WOFF files, not WOFF2: fontkit's subsetter breaks on WOFF2's composite glyphs (an offset error at `end()`).
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

function loadWeight(weight: string): { latin: Subset; ext: Subset } {
  const require = createRequire(import.meta.url);
  const css = readFileSync(require.resolve(`@fontsource/barlow/${weight}.css`), "utf8");
  const dir = path.dirname(require.resolve(`@fontsource/barlow/${weight}.css`));
  const subset = (name: "latin" | "latin-ext"): Subset => {
    const file = `barlow-${name}-${weight}-normal.woff`;
    const block = css.split("@font-face").find((face) => face.includes(`/files/${file}`) || face.includes(`/files/barlow-${name}-${weight}-normal.woff2`));
    const range = block ? /unicode-range:\s*([^;]+);/.exec(block)?.[1] : undefined;
    if (!range) throw new Error(`no unicode-range for ${file} in @fontsource/barlow/${weight}.css`);
    return { file: readFileSync(path.join(dir, "files", file)), ranges: parseUnicodeRange(range) };
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
