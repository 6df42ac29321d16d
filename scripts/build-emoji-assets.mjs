#!/usr/bin/env node
// Builds the emoji picker's self-hosted assets into public/emoji/ (not committed, see .gitignore):
//   data.json            emoji-datasource trimmed and packed to what the picker needs (format in trimEmojiData), named
//                        with emojibase-data's CLDR labels (the everyday names: ❤️ is "red heart")
//   svg/<u>.svg          the Twemoji artwork (CC-BY 4.0), one file per unified code the picker shows
//   sheet-<hash>.svg     the artwork of the first screen (category icons, first emoji) in one file: one request
//   LICENSE.txt          the credits the artwork's licence asks for
// and app/modules/emoji/emoji-first-screen.json (committed; rewritten only when its content changes): the first
// screen's codes and names, bundled with the picker so that it draws its first emoji without waiting for data.json.
//
//   node scripts/build-emoji-assets.mjs [--force]
//
// A stamp of the package versions and of this script lets a second run skip the work; --force rebuilds anyway.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { normaliseTerm, withTone } from "#app/modules/emoji/emoji-format.mjs";
import { sheetSvg, twemojiFileFor, twemojiInner } from "#app/modules/emoji/emoji-sheet-format.mjs";

// ---- types (JSDoc, so that TypeScript's tests and fixtures read the same shapes this script writes) -------------
/**
 * @typedef {{ unified: string, non_qualified?: string | null }} DatasourceVariant
 * @typedef {DatasourceVariant & { name: string, short_names: string[], texts?: string[] | null, category: string,
 *   subcategory?: string, sort_order: number, skin_variations?: Record<string, DatasourceVariant> }} DatasourceEntry
 * @typedef {[unified: string, names: string[]]
 *   | [unified: string, names: string[], keywords: string[]]
 *   | [unified: string, names: string[], keywords: string[], skins: 1 | Record<string, string>]} TrimmedEmoji
 *   skins is 1 when the five tones follow withTone, else the variants by tone.
 * @typedef {{ version: 2, categories: { key: string, emojis: TrimmedEmoji[] }[], glyphOnly: string[] }} TrimmedEmojiData
 * @typedef {{ sheet: string, sheetCodes: string[], categoryIcons: Record<string, string>, category: string,
 *   emojis: [unified: string, name: string, germanName: string][] }} FirstScreenManifest
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATASOURCE_DIR = path.join(ROOT, "node_modules/emoji-datasource");
const TWEMOJI_DIR = path.join(ROOT, "node_modules/@twemoji/svg");
const EMOJIBASE_DIR = path.join(ROOT, "node_modules/emojibase-data");
const OUT_DIR = path.join(ROOT, "public/emoji");
const FIRST_SCREEN_FILE = path.join(ROOT, "app/modules/emoji/emoji-first-screen.json");

/** Skin-tone modifiers in the order the picker offers them (after "neutral"). */
const TONES = ["1f3fb", "1f3fc", "1f3fd", "1f3fe", "1f3ff"];

/** emoji-datasource's categories mapped to the spec's keys; "Component" (bare tone swatches, hair) is left out. */
const CATEGORY_KEYS = {
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
 * The emoji each category button shows: emoji without tone variants, so that every tone reads the same.
 * @type {Record<string, string>}
 */
export const CATEGORY_ICONS = {
  recent: "1f558",
  smileys_people: "1f600",
  animals_nature: "1f43b",
  food_drink: "1f354",
  activities: "26bd",
  travel_places: "1f697",
  objects: "1f4a1",
  symbols: "1f523",
  flags: "1f3c1",
};

/**
 * How many emoji of the first category the picker bundles and draws from the sheet: seven rows of eight, more
 * than the grid shows before any scrolling (about 5½ rows).
 */
const FIRST_SCREEN_SIZE = 56;

/**
 * The CLDR short names ("labels") by code, from emojibase-data's `en/data.json`: the names people know and screen
 * readers read (❤️ is "red heart", where Unicode's character name says "heavy black heart"). Keyed by the code
 * without variation selectors (FE0F), as emojibase spells it; tone variants included.
 * @param {{ hexcode: string, label: string, skins?: { hexcode: string, label: string }[] }[]} emojibaseEntries
 * @returns {Map<string, string>}
 */
export function cldrLabels(emojibaseEntries) {
  const labels = new Map();
  for (const entry of emojibaseEntries) {
    for (const item of [entry, ...(entry.skins ?? [])]) labels.set(labelKey(item.hexcode), item.label);
  }
  return labels;
}

/**
 * The picker's data in another language (D172): the same emoji, order, categories and tone variants, with that
 * language's CLDR names (the display name first, then its normalised form) and its CLDR keywords ("tags") and
 * text emoticon as keywords, from emojibase-data's `<locale>/data.json`. An emoji CLDR does not name in that
 * language keeps the English names, so that it can still be found. Nothing of the English data is kept otherwise:
 * a page loads the data of its own language only.
 * @param {TrimmedEmojiData} data
 * @param {{ hexcode: string, label: string, tags?: string[], emoticon?: string | string[], skins?: { hexcode: string, label: string }[] }[]} emojibaseEntries
 * @returns {TrimmedEmojiData}
 */
export function localisedData(data, emojibaseEntries) {
  const labels = cldrLabels(emojibaseEntries);
  const keywords = new Map();
  for (const entry of emojibaseEntries) {
    const emoticons = [entry.emoticon ?? []].flat();
    keywords.set(labelKey(entry.hexcode), [...(entry.tags ?? []), ...emoticons]);
  }
  const categories = data.categories.map(({ key, emojis }) => ({
    key,
    emojis: emojis.map(([unified, names, , skins]) => {
      const label = labels.get(labelKey(unified));
      const localNames = label ? [...new Set([label, normaliseTerm(label)])] : names;
      const localKeywords = [...new Set((keywords.get(labelKey(unified)) ?? []).map(normaliseTerm))].filter(
        (term) => term && !localNames.includes(term),
      );
      const packed = [unified, localNames];
      if (localKeywords.length || skins) packed.push(localKeywords);
      if (skins) packed.push(skins);
      return packed;
    }),
  }));
  return { ...data, categories };
}

/** A code as cldrLabels keys it: lower case, without FE0F. */
function labelKey(code) {
  return code.toLowerCase().split("-").filter((part) => part !== "fe0f").join("-");
}

/**
 * The name people know, when CLDR has none: Unicode's character names are upper case and some carry a legacy " SIGN" suffix that
 * the CLDR names screen readers use drop ("WAVING HAND SIGN" is "waving hand").
 * @param {string} unicodeName
 * @returns {string}
 */
export function displayName(unicodeName) {
  return unicodeName.toLowerCase().replace(/ sign$/, "");
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

/**
 * The display name first (it is also the accessible name): CLDR's label, else the Unicode name made readable; then
 * every other name (the Unicode name, its readable form, the short names), normalised for search and without
 * repeats ("purple_heart" is "purple heart" again), so that the old names still find the emoji; the display name's
 * normalised form is added when it differs from it ("tightly-closed" is searched as "tightly closed").
 * @param {DatasourceEntry} entry
 * @param {Map<string, string>} labels
 */
function searchNames(entry, labels) {
  const display = labels.get(labelKey(entry.unified)) ?? displayName(entry.name);
  const names = [display];
  const seen = new Set(names);
  for (const name of [display, displayName(entry.name), entry.name, ...entry.short_names]) {
    const term = normaliseTerm(name);
    if (!seen.has(term)) names.push(term);
    seen.add(term);
  }
  return names;
}

/** 1 when all five tones follow withTone, else the variants that exist, by tone. */
function packedSkins(entry) {
  const skins = skinVariants(entry);
  if (!skins) return undefined;
  return TONES.every((tone) => skins[tone] === withTone(entry.unified.toLowerCase(), tone)) ? 1 : skins;
}

function trimEntry(entry, labels) {
  const unified = entry.unified.toLowerCase();
  const keywords = [...new Set([entry.subcategory, ...(entry.texts ?? [])].filter(Boolean).map(normaliseTerm))];
  const skins = packedSkins(entry);
  const packed = [unified, searchNames(entry, labels)];
  if (keywords.length || skins) packed.push(keywords);
  if (skins) packed.push(skins);
  return packed;
}

/** Every unified code an entry shows (the base and its tone variants) with its non-qualified spelling. */
function codesOf(entry) {
  const variants = Object.values(entry.skin_variations ?? {});
  return [entry, ...variants].map((item) => ({ unified: item.unified, nonQualified: item.non_qualified }));
}

/**
 * Trims emoji-datasource's entries to the picker's data and lists the artwork to copy.
 *
 * data (version 2): `{ version, categories: [{ key, emojis: [[unified, names, keywords?, skins?]] }], glyphOnly }`
 * where `unified` is the lower-case code; `names` the display name (the CLDR label from `labels`, see cldrLabels, else
 * the Unicode name made readable), then the Unicode name and the short names
 * normalised for search, without repeats; `keywords` (subcategory, text emoticons) normalised, present when
 * there are keywords or skins; `skins` 1 when the five tone variants follow withTone, else the variants keyed by
 * tone; and `glyphOnly` the codes without Twemoji art (shown as native glyphs).
 * artwork: `[{ unified, file }]`, the Twemoji file name (without .svg) to copy to `svg/<unified>.svg`.
 * @param {DatasourceEntry[]} entries
 * @param {Set<string>} availableSvgs
 * @param {Map<string, string>} [labels]
 * @returns {{ data: TrimmedEmojiData, artwork: { unified: string, file: string }[] }}
 */
export function trimEmojiData(entries, availableSvgs, labels = new Map()) {
  const byCategory = new Map(CATEGORY_ORDER.map((key) => [key, []]));
  const artwork = [];
  const glyphOnly = [];
  const shown = entries
    .filter((entry) => CATEGORY_KEYS[entry.category])
    .sort((a, b) => a.sort_order - b.sort_order);
  for (const entry of shown) {
    byCategory.get(CATEGORY_KEYS[entry.category]).push(trimEntry(entry, labels));
    for (const { unified, nonQualified } of codesOf(entry)) {
      const file = twemojiFileFor(unified, nonQualified, availableSvgs);
      if (file) artwork.push({ unified: unified.toLowerCase(), file });
      else glyphOnly.push(unified.toLowerCase());
    }
  }
  const categories = CATEGORY_ORDER.map((key) => ({ key, emojis: byCategory.get(key) }));
  return { data: { version: 2, categories, glyphOnly }, artwork };
}

// ---- the first screen ------------------------------------------------------------------------------------------

/**
 * The first screen: the category icons and the first FIRST_SCREEN_SIZE emoji (with their display names), and the
 * codes drawn from the sheet, in its order. Emoji without art are left out of the sheet (the picker shows their
 * glyph), so "not in the sheet" means "no art": this throws for art that cannot go in (not on Twemoji's 36×36
 * canvas), for a category icon without art, and for a first emoji with tone variants (the first screen is drawn
 * before the tone is known).
 * @param {TrimmedEmojiData} data
 * @param {(unified: string) => string} readSvg
 * @returns {{ sheet: string, manifest: FirstScreenManifest }}
 */
export function firstScreenOf(data, readSvg, germanData = data) {
  const [first] = data.categories;
  const germanNames = new Map(germanData.categories[0].emojis.map(([unified, names]) => [unified, names[0]]));
  const emojis = first.emojis.slice(0, FIRST_SCREEN_SIZE).map(([unified, names, , skins]) => {
    if (skins) throw new Error(`first screen: ${unified} has tone variants`);
    return [unified, names[0], germanNames.get(unified) ?? names[0]];
  });
  const glyphOnly = new Set(data.glyphOnly);
  const icons = Object.values(CATEGORY_ICONS);
  const iconWithoutArt = icons.find((unified) => glyphOnly.has(unified));
  if (iconWithoutArt) throw new Error(`first screen: the category icon ${iconWithoutArt} has no Twemoji art`);
  const art = [...new Set([...icons, ...emojis.map(([unified]) => unified)])]
    .filter((unified) => !glyphOnly.has(unified))
    .map((unified) => {
      const inner = twemojiInner(readSvg(unified));
      if (inner === undefined) throw new Error(`first screen: svg/${unified}.svg is not drawn on a 0 0 36 36 viewBox`);
      return { unified, inner };
    });
  const sheet = sheetSvg(art.map(({ inner }) => inner));
  const hash = createHash("sha256").update(sheet).digest("hex").slice(0, 10);
  return {
    sheet,
    manifest: {
      sheet: `sheet-${hash}.svg`,
      sheetCodes: art.map(({ unified }) => unified),
      categoryIcons: CATEGORY_ICONS,
      category: first.key,
      emojis,
    },
  };
}

// ---- writing the files ---------------------------------------------------------------------------------------

function packageVersion(dir) {
  return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

function stampOf() {
  // This script and the formats it writes with.
  const sources = [import.meta.url, import.meta.resolve("#app/modules/emoji/emoji-sheet-format.mjs"), import.meta.resolve("#app/modules/emoji/emoji-format.mjs")];
  const scripts = sources.map((url) => readFileSync(fileURLToPath(url)));
  const hash = createHash("sha256").update(Buffer.concat(scripts)).digest("hex").slice(0, 16);
  return `emoji-datasource ${packageVersion(DATASOURCE_DIR)}, emojibase-data ${packageVersion(EMOJIBASE_DIR)}, @twemoji/svg ${packageVersion(TWEMOJI_DIR)}, script ${hash}\n`;
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
    `Emoji names: emojibase-data ${packageVersion(EMOJIBASE_DIR)} by Miles Johnson (milesj/emojibase), MIT licence,`,
    "from the Unicode CLDR annotations (Unicode licence).",
    "",
  ].join("\n");
}

function writeAssets() {
  const entries = JSON.parse(readFileSync(path.join(DATASOURCE_DIR, "emoji.json"), "utf8"));
  const labels = cldrLabels(JSON.parse(readFileSync(path.join(EMOJIBASE_DIR, "en/data.json"), "utf8")));
  const { data, artwork } = trimEmojiData(entries, availableTwemoji(), labels);
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(path.join(OUT_DIR, "svg"), { recursive: true });
  for (const { unified, file } of artwork) {
    copyFileSync(path.join(TWEMOJI_DIR, `${file}.svg`), path.join(OUT_DIR, "svg", `${unified}.svg`));
  }
  writeFileSync(path.join(OUT_DIR, "data.json"), JSON.stringify(data));
  const german = localisedData(data, JSON.parse(readFileSync(path.join(EMOJIBASE_DIR, "de/data.json"), "utf8")));
  writeFileSync(path.join(OUT_DIR, "data.de.json"), JSON.stringify(german));
  writeFileSync(path.join(OUT_DIR, "LICENSE.txt"), licenceText());
  const readSvg = (unified) => readFileSync(path.join(OUT_DIR, "svg", `${unified}.svg`), "utf8");
  const { sheet, manifest } = firstScreenOf(data, readSvg, german);
  writeFileSync(path.join(OUT_DIR, manifest.sheet), sheet);
  writeIfChanged(FIRST_SCREEN_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
  const emojiCount = data.categories.reduce((sum, category) => sum + category.emojis.length, 0);
  return { emojiCount, svgCount: artwork.length, glyphOnlyCount: data.glyphOnly.length, sheet: manifest.sheet };
}

/** The first-screen file is committed: it is only written when its content changes (a new emoji-datasource). */
function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return;
  writeFileSync(file, content);
  console.log(`emoji assets: wrote ${path.relative(ROOT, file)}`);
}

/** The stamp matches and the sheet the committed first-screen file names is there. */
function upToDate(stampFile, stamp) {
  if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp || !existsSync(FIRST_SCREEN_FILE)) return false;
  const { sheet } = JSON.parse(readFileSync(FIRST_SCREEN_FILE, "utf8"));
  return typeof sheet === "string" && existsSync(path.join(OUT_DIR, sheet));
}

function main() {
  const stampFile = path.join(OUT_DIR, ".stamp");
  const stamp = stampOf();
  if (!process.argv.includes("--force") && upToDate(stampFile, stamp)) {
    console.log("emoji assets: public/emoji is up to date");
    return;
  }
  const { emojiCount, svgCount, glyphOnlyCount, sheet } = writeAssets();
  writeFileSync(stampFile, stamp);
  console.log(
    `emoji assets: ${emojiCount} emoji, ${svgCount} Twemoji SVG files, ${glyphOnlyCount} codes without art ` +
      `(shown as native glyphs) and the first screen's ${sheet} written to public/emoji`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
