#!/usr/bin/env node
// Writes the editor's font tables from the bundled TTF files (committed output, rerun after changing a font):
//   app/modules/design/font-faces.generated.ts    ids, labels, family names, weights, the characters allowed
//   app/modules/design/font-metrics.generated.ts  vertical metrics and advance widths
//   app/modules/design/fonts.generated.css        the @font-face rules; Vite turns each url() into a hashed asset
//
//   node scripts/build-font-metrics.mjs [--check]
//
// The browser, the print renderer and the design model all lay text out from these widths, so a text layer has
// the same box everywhere. --check exits with 1 when the committed files differ from what would be written.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_FACES = path.join(ROOT, "app/modules/design/font-faces.generated.ts");
const OUT_METRICS = path.join(ROOT, "app/modules/design/font-metrics.generated.ts");
const OUT_CSS = path.join(ROOT, "app/modules/design/fonts.generated.css");

/** The fonts a buyer can choose, in the order the editor lists them. `file` is a package path. */
export const FONTS = [
  { id: "inter", label: "Inter Extra Bold", file: "@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf" },
  { id: "bebas-neue", label: "Bebas Neue", file: "@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf" },
  {
    id: "permanent-marker",
    label: "Permanent Marker",
    file: "@expo-google-fonts/permanent-marker/400Regular/PermanentMarker_400Regular.ttf",
  },
  {
    id: "roboto-slab",
    label: "Roboto Slab Bold",
    file: "@expo-google-fonts/roboto-slab/700Bold/RobotoSlab_700Bold.ttf",
  },
];

/**
 * Characters a text layer may hold, before narrowing to those every font has: printable ASCII without the
 * angle brackets (no markup can be typed), Latin-1 letters and signs, and common typographic punctuation.
 */
function candidateCharacters() {
  const codes = [];
  for (let code = 0x20; code <= 0x7e; code++) if (code !== 0x3c && code !== 0x3e) codes.push(code);
  for (let code = 0xa1; code <= 0xff; code++) if (code !== 0xad) codes.push(code);
  codes.push(0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac);
  return codes.map((code) => String.fromCodePoint(code));
}

// ---- reading a TrueType file ---------------------------------------------------------------------------------

function tableDirectory(font) {
  const tables = new Map();
  const count = font.readUInt16BE(4);
  for (let index = 0; index < count; index++) {
    const at = 12 + index * 16;
    tables.set(font.toString("latin1", at, at + 4), font.readUInt32BE(at + 8));
  }
  return tables;
}

function requireTable(tables, tag) {
  const offset = tables.get(tag);
  if (offset === undefined) throw new Error(`the font has no ${tag} table`);
  return offset;
}

/** Code point → glyph id from the Windows Unicode BMP subtable (format 4), which every bundled font has. */
function readCmap(font, cmapOffset) {
  const count = font.readUInt16BE(cmapOffset + 2);
  for (let index = 0; index < count; index++) {
    const record = cmapOffset + 4 + index * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const subtable = cmapOffset + font.readUInt32BE(record + 4);
    if (platform === 3 && encoding === 1 && font.readUInt16BE(subtable) === 4) return format4Lookup(font, subtable);
  }
  throw new Error("the font has no Windows Unicode BMP cmap (format 4)");
}

function format4Lookup(font, table) {
  const segments = font.readUInt16BE(table + 6) / 2;
  const ends = table + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (code) => {
    for (let segment = 0; segment < segments; segment++) {
      if (code > font.readUInt16BE(ends + segment * 2)) continue;
      const start = font.readUInt16BE(starts + segment * 2);
      if (code < start) return 0;
      const delta = font.readInt16BE(deltas + segment * 2);
      const rangeAt = rangeOffsets + segment * 2;
      const rangeOffset = font.readUInt16BE(rangeAt);
      if (rangeOffset === 0) return (code + delta) & 0xffff;
      const glyph = font.readUInt16BE(rangeAt + rangeOffset + (code - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The family name as font matchers see it: the typographic family (16) if present, else the family (1). */
function readFamilyName(font, nameOffset) {
  const count = font.readUInt16BE(nameOffset + 2);
  const strings = nameOffset + font.readUInt16BE(nameOffset + 4);
  const names = new Map();
  for (let index = 0; index < count; index++) {
    const record = nameOffset + 6 + index * 12;
    const [platform, encoding, , nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((at) =>
      font.readUInt16BE(record + at),
    );
    if (platform !== 3 || encoding !== 1) continue;
    const bytes = Buffer.from(font.subarray(strings + offset, strings + offset + length));
    names.set(nameId, bytes.swap16().toString("utf16le"));
  }
  const family = names.get(16) ?? names.get(1);
  if (!family) throw new Error("the font has no family name");
  return family;
}

/** Units per em, vertical metrics, weight, family name and an advance lookup of one TTF file. */
export function readFontFile(file) {
  const font = readFileSync(file);
  const tables = tableDirectory(font);
  const head = requireTable(tables, "head");
  const hhea = requireTable(tables, "hhea");
  const hmtx = requireTable(tables, "hmtx");
  const longMetrics = font.readUInt16BE(hhea + 34);
  const os2 = requireTable(tables, "OS/2");
  if (font.readUInt16BE(os2) < 2) throw new Error("the font's OS/2 table is older than version 2 (no cap height)");
  const glyphOf = readCmap(font, requireTable(tables, "cmap"));
  const advanceOfGlyph = (glyph) => font.readUInt16BE(hmtx + Math.min(glyph, longMetrics - 1) * 4);
  return {
    family: readFamilyName(font, requireTable(tables, "name")),
    weight: font.readUInt16BE(os2 + 4),
    unitsPerEm: font.readUInt16BE(head + 18),
    ascender: font.readInt16BE(hhea + 4),
    descender: -font.readInt16BE(hhea + 6),
    capHeight: font.readInt16BE(os2 + 88),
    glyphOf,
    advanceOf: (character) => advanceOfGlyph(glyphOf(character.codePointAt(0))),
  };
}

// ---- the generated files ---------------------------------------------------------------------------------------

export function resolveFontFile(file) {
  return createRequire(path.join(ROOT, "package.json")).resolve(file);
}

/** What the two generated files hold, computed from the fonts. */
export function fontTable() {
  const fonts = FONTS.map((font) => ({ ...font, parsed: readFontFile(resolveFontFile(font.file)) }));
  const characters = candidateCharacters().filter((character) =>
    fonts.every(({ parsed }) => parsed.glyphOf(character.codePointAt(0)) !== 0),
  );
  return {
    characters: characters.join(""),
    fonts: fonts.map(({ id, label, file, parsed }) => ({
      id,
      label,
      file,
      family: parsed.family,
      weight: parsed.weight,
      unitsPerEm: parsed.unitsPerEm,
      ascender: parsed.ascender,
      descender: parsed.descender,
      capHeight: parsed.capHeight,
      advances: characters.map((character) => parsed.advanceOf(character)),
    })),
  };
}

const HEADER =
  "// Written by scripts/build-font-metrics.mjs from the bundled TTF files: do not edit, rerun the script.";

/** font-faces.generated.ts: what validating a design needs. */
export function generatedFaces(table) {
  const faces = table.fonts.map(
    (font) =>
      `  { id: ${JSON.stringify(font.id)}, label: ${JSON.stringify(font.label)}, family: ${JSON.stringify(font.family)}, ` +
      `weight: ${font.weight}, file: ${JSON.stringify(font.file)} },`,
  );
  return [
    HEADER,
    "",
    "/** Every character a text layer may hold: all bundled fonts have a glyph for each. */",
    `export const TEXT_CHARACTERS = ${JSON.stringify(table.characters)};`,
    "",
    "/** The bundled fonts: `family` and `weight` are the TTF's own, `file` a package path. */",
    "export const FONT_FACES = [",
    ...faces,
    "] as const;",
    "",
  ].join("\n");
}

/**
 * font-metrics.generated.ts: what laying text out needs. A module of its own, so that pages which only
 * validate designs (checkout) do not load the widths.
 */
export function generatedMetrics(table) {
  const metrics = table.fonts.map((font) =>
    [
      `  ${JSON.stringify(font.id)}: {`,
      `    unitsPerEm: ${font.unitsPerEm},`,
      `    ascender: ${font.ascender},`,
      `    descender: ${font.descender},`,
      `    capHeight: ${font.capHeight},`,
      `    advances: [${font.advances.join(",")}],`,
      "  },",
    ].join("\n"),
  );
  return [
    HEADER,
    "",
    "/** Metrics in font units, by font id; `advances[i]` is the width of TEXT_CHARACTERS[i]. */",
    "export const FONT_METRICS = {",
    ...metrics,
    "} as const;",
    "",
  ].join("\n");
}

export function generatedCss(table) {
  const rules = table.fonts.map((font) =>
    [
      "@font-face {",
      `  font-family: ${JSON.stringify(font.family)};`,
      `  font-weight: ${font.weight};`,
      "  font-style: normal;",
      // Block briefly rather than swap: a fallback font would not fit the boxes laid out from these metrics.
      "  font-display: block;",
      `  src: url(${JSON.stringify(font.file)}) format("truetype");`,
      "}",
    ].join("\n"),
  );
  return ["/* Written by scripts/build-font-metrics.mjs: do not edit, rerun the script. */", ...rules, ""].join("\n\n");
}

function main() {
  const table = fontTable();
  const outputs = [
    [OUT_FACES, generatedFaces(table)],
    [OUT_METRICS, generatedMetrics(table)],
    [OUT_CSS, generatedCss(table)],
  ];
  if (process.argv.includes("--check")) {
    const stale = outputs.filter(([file, text]) => readFileSync(file, "utf8") !== text);
    for (const [file] of stale)
      console.error(`${path.relative(ROOT, file)} is out of date: run node scripts/build-font-metrics.mjs`);
    process.exitCode = stale.length ? 1 : 0;
    return;
  }
  for (const [file, text] of outputs) writeFileSync(file, text);
  console.log(`font metrics: ${table.fonts.length} fonts, ${table.characters.length} characters`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
