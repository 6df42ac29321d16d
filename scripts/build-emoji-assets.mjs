#!/usr/bin/env node
// Builds the emoji picker's self-hosted assets into public/emoji/ (not committed, see .gitignore):
//   data.json      emoji-datasource trimmed to what the picker needs
//   svg/<u>.svg    the Twemoji artwork (CC-BY 4.0), one file per unified code the picker shows
//   LICENSE.txt    the credits the artwork's licence asks for
//
//   node scripts/build-emoji-assets.mjs [--force]
//
// A stamp of the package versions and of this script lets a second run skip the work; --force rebuilds anyway.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATASOURCE_DIR = path.join(ROOT, "node_modules/emoji-datasource");
const TWEMOJI_DIR = path.join(ROOT, "node_modules/@twemoji/svg");
const OUT_DIR = path.join(ROOT, "public/emoji");

/** Skin-tone modifiers in the order the picker offers them (after "neutral"). */
export const TONES = ["1f3fb", "1f3fc", "1f3fd", "1f3fe", "1f3ff"];

/** emoji-datasource's categories mapped to the spec's keys; "Component" (bare tone swatches, hair) is left out. */
export const CATEGORY_KEYS = {
  "Smileys & Emotion": "smileys_people",
  "People & Body": "smileys_people",
  "Animals & Nature": "animals_nature",
  "Food & Drink": "food_drink",
  Activities: "activities",
  "Travel & Places": "travel_places",
  Objects: "objects",
  Symbols: "symbols",
  Flags: "flags",
};

const CATEGORY_ORDER = [...new Set(Object.values(CATEGORY_KEYS))];

/**
 * The name people know: Unicode's character names are upper case and some carry a legacy " SIGN" suffix that
 * the CLDR names screen readers use drop ("WAVING HAND SIGN" is "waving hand").
 */
export function displayName(unicodeName) {
  return unicodeName.toLowerCase().replace(/ sign$/, "");
}

/**
 * The Twemoji file for a unified code, or null. Twemoji names files in lower case, drops FE0F outside ZWJ
 * sequences and drops leading zeros ("0023-FE0F-20E3" is "23-20e3.svg"), so several spellings are tried.
 */
export function twemojiFileFor(unified, nonQualified, available) {
  const spellings = [unified, unified.replace(/-FE0F/gi, ""), nonQualified]
    .filter(Boolean)
    .map((code) => code.toLowerCase());
  const candidates = spellings.flatMap((code) => [code, code.replace(/^0+/, "")]);
  return candidates.find((code) => available.has(code)) ?? null;
}

/** The variant for each tone; a two-person emoji without a single-tone variant uses both people in that tone. */
function skinVariants(entry) {
  if (!entry.skin_variations) return undefined;
  const variants = {};
  for (const tone of TONES) {
    const upper = tone.toUpperCase();
    const variant = entry.skin_variations[upper] ?? entry.skin_variations[`${upper}-${upper}`];
    if (variant) variants[tone] = variant.unified.toLowerCase();
  }
  return Object.keys(variants).length ? variants : undefined;
}

function searchNames(entry) {
  const names = [displayName(entry.name), entry.name.toLowerCase(), ...entry.short_names];
  return [...new Set(names)];
}

function trimEntry(entry) {
  const trimmed = { u: entry.unified.toLowerCase(), n: searchNames(entry) };
  const keywords = [entry.subcategory, ...(entry.texts ?? [])].filter(Boolean);
  if (keywords.length) trimmed.k = keywords;
  const skins = skinVariants(entry);
  if (skins) trimmed.s = skins;
  return trimmed;
}

/** Every unified code an entry shows (the base and its tone variants) with its non-qualified spelling. */
function codesOf(entry) {
  const variants = Object.values(entry.skin_variations ?? {});
  return [entry, ...variants].map((item) => ({ unified: item.unified, nonQualified: item.non_qualified }));
}

/**
 * Trims emoji-datasource's entries to the picker's data and lists the artwork to copy.
 *
 * data: `{ version, categories: [{ key, emojis: [{ u, n, k?, s? }] }], glyphOnly }` where `u` is the lower-case
 * unified code, `n` the names (display name first, then the Unicode name and the short names), `k` keywords,
 * `s` the tone variants keyed by tone, and `glyphOnly` the codes without Twemoji art (shown as native glyphs).
 * artwork: `[{ unified, file }]`, the Twemoji file name (without .svg) to copy to `svg/<unified>.svg`.
 */
export function trimEmojiData(entries, availableSvgs) {
  const byCategory = new Map(CATEGORY_ORDER.map((key) => [key, []]));
  const artwork = [];
  const glyphOnly = [];
  const shown = entries
    .filter((entry) => CATEGORY_KEYS[entry.category])
    .sort((a, b) => a.sort_order - b.sort_order);
  for (const entry of shown) {
    byCategory.get(CATEGORY_KEYS[entry.category]).push(trimEntry(entry));
    for (const { unified, nonQualified } of codesOf(entry)) {
      const file = twemojiFileFor(unified, nonQualified, availableSvgs);
      if (file) artwork.push({ unified: unified.toLowerCase(), file });
      else glyphOnly.push(unified.toLowerCase());
    }
  }
  const categories = CATEGORY_ORDER.map((key) => ({ key, emojis: byCategory.get(key) }));
  return { data: { version: 1, categories, glyphOnly }, artwork };
}

// ---- writing the files ---------------------------------------------------------------------------------------

function packageVersion(dir) {
  return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

function stampOf() {
  const script = readFileSync(fileURLToPath(import.meta.url));
  const hash = createHash("sha256").update(script).digest("hex").slice(0, 16);
  return `emoji-datasource ${packageVersion(DATASOURCE_DIR)}, @twemoji/svg ${packageVersion(TWEMOJI_DIR)}, script ${hash}\n`;
}

function availableTwemoji() {
  const files = readdirSync(TWEMOJI_DIR).filter((name) => name.endsWith(".svg"));
  return new Set(files.map((name) => name.slice(0, -".svg".length)));
}

function licenceText() {
  return [
    "Emoji artwork: Twemoji by Twitter, Inc. and other contributors (jdecked/twemoji), packaged as @twemoji/svg",
    `${packageVersion(TWEMOJI_DIR)}. Graphics licensed under CC-BY 4.0: https://creativecommons.org/licenses/by/4.0/`,
    "",
    `Emoji data: emoji-datasource ${packageVersion(DATASOURCE_DIR)} by Cal Henderson (iamcal/emoji-data), MIT licence.`,
    "",
  ].join("\n");
}

function writeAssets() {
  const entries = JSON.parse(readFileSync(path.join(DATASOURCE_DIR, "emoji.json"), "utf8"));
  const { data, artwork } = trimEmojiData(entries, availableTwemoji());
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(path.join(OUT_DIR, "svg"), { recursive: true });
  for (const { unified, file } of artwork) {
    copyFileSync(path.join(TWEMOJI_DIR, `${file}.svg`), path.join(OUT_DIR, "svg", `${unified}.svg`));
  }
  writeFileSync(path.join(OUT_DIR, "data.json"), JSON.stringify(data));
  writeFileSync(path.join(OUT_DIR, "LICENSE.txt"), licenceText());
  const emojiCount = data.categories.reduce((sum, category) => sum + category.emojis.length, 0);
  return { emojiCount, svgCount: artwork.length, glyphOnlyCount: data.glyphOnly.length };
}

function main() {
  const stampFile = path.join(OUT_DIR, ".stamp");
  const stamp = stampOf();
  if (!process.argv.includes("--force") && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    console.log("emoji assets: public/emoji is up to date");
    return;
  }
  const { emojiCount, svgCount, glyphOnlyCount } = writeAssets();
  writeFileSync(stampFile, stamp);
  console.log(
    `emoji assets: ${emojiCount} emoji, ${svgCount} Twemoji SVG files, ${glyphOnlyCount} codes without art ` +
      `(shown as native glyphs) written to public/emoji`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
