import firstScreen from "./emoji-first-screen.json";
import { DEFAULT_LOCALE, type Locale } from "#app/modules/i18n/locales.ts";
import { sheetFileName, SHEETS_FOLDER, withTone } from "./emoji-format.mjs";
import { searchEmoji } from "./emoji-search.ts";
import {
  CATEGORY_KEYS,
  SKIN_TONES,
  type CategoryKey,
  type EmojiData,
  type EmojiEntry,
  type ModifierTone,
} from "./emoji-types.ts";

/** The image base URL the picker uses unless told otherwise: the shop's own server, never a CDN. */
export const DEFAULT_IMAGE_BASE_URL = "/emoji";

/** data.json (version 2) as scripts/build-emoji-assets.mjs writes it (see trimEmojiData there). */
export interface RawEmojiData {
  version: number;
  categories: { key: string; emojis: RawEmoji[] }[];
  glyphOnly: string[];
}

/** [unified, names, keywords?, skins?]: skins is 1 when the five tones follow withTone, else the variants by tone. */
export type RawEmoji =
  | [unified: string, names: string[]]
  | [unified: string, names: string[], keywords: string[]]
  | [unified: string, names: string[], keywords: string[], skins: 1 | Partial<Record<ModifierTone, string>>];

const DATA_VERSION = 2;
const MODIFIER_TONES = SKIN_TONES.filter((tone): tone is ModifierTone => tone !== "neutral");

type DataCategoryKey = Exclude<CategoryKey, "recent">;

function isDataCategory(key: string): key is DataCategoryKey {
  return key !== "recent" && (CATEGORY_KEYS as readonly string[]).includes(key);
}

function toSkins(unified: string, skins: RawEmoji[3]): EmojiEntry["skins"] {
  if (skins !== 1) return skins;
  return Object.fromEntries(MODIFIER_TONES.map((tone) => [tone, withTone(unified, tone)]));
}

/** "\nterm\nterm\n": a term is exact with "\nq\n", starts with q with "\nq", has a word starting with q with " q". */
export function haystackOf(terms: readonly string[]): string {
  return terms.length ? `\n${terms.join("\n")}\n` : "";
}

function toEntry([unified, names, keywords = [], skins]: RawEmoji, category: DataCategoryKey): EmojiEntry {
  const entry: EmojiEntry = {
    unified,
    name: names[0] ?? unified,
    searchTerms: names,
    keywords,
    nameHaystack: haystackOf(names),
    keywordHaystack: haystackOf(keywords),
    category,
  };
  if (skins) entry.skins = toSkins(unified, skins);
  return entry;
}

/** Turns data.json into the picker's entries, dropping categories this version does not know. */
export function parseEmojiData(raw: RawEmojiData): EmojiData {
  if (raw.version !== DATA_VERSION) throw new Error(`Emoji data version ${raw.version} is not ${DATA_VERSION}`);
  const categories = raw.categories
    .filter((category): category is { key: DataCategoryKey; emojis: RawEmoji[] } => isDataCategory(category.key))
    .map(({ key, emojis }) => ({ key, emojis: emojis.map((emoji) => toEntry(emoji, key)) }));
  const all = categories.flatMap(({ emojis }) => emojis);
  const byUnified = new Map(all.map((emoji) => [emoji.unified, emoji] as const));
  return { categories, all, byUnified, glyphOnly: new Set(raw.glyphOnly) };
}

// One request per base URL for the page's lifetime, however many pickers open; a failure is forgotten so that
// the next opening tries again. `loaded` holds the parsed data, so that a picker opened again shows at once.
const loads = new Map<string, Promise<EmojiData>>();
const loaded = new Map<string, EmojiData>();

/**
 * The data of one language (D172): `data.json` holds the English names and keywords, `data.de.json` the German
 * ones (CLDR's, from the same emojibase-data release). A page loads its own language's file only.
 */
export function dataUrl(baseUrl: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${trimSlash(baseUrl)}/${locale === DEFAULT_LOCALE ? "data.json" : `data.${locale}.json`}`;
}

/** Fetches and parses the data of a language; called when a picker opens or is about to, never at import or on the server. */
export function loadEmojiData(baseUrl: string = DEFAULT_IMAGE_BASE_URL, locale: Locale = DEFAULT_LOCALE): Promise<EmojiData> {
  const url = dataUrl(baseUrl, locale);
  let load = loads.get(url);
  if (!load) {
    load = fetchEmojiData(url).then((data) => {
      loaded.set(url, data);
      return data;
    });
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load;
}

/** The data if it has already been loaded in this page, else undefined. */
export function loadedEmojiData(baseUrl: string = DEFAULT_IMAGE_BASE_URL, locale: Locale = DEFAULT_LOCALE): EmojiData | undefined {
  return loaded.get(dataUrl(baseUrl, locale));
}

async function fetchEmojiData(url: string): Promise<EmojiData> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Emoji data could not be loaded from ${url} (HTTP ${response.status})`);
  const data = parseEmojiData((await response.json()) as RawEmojiData);
  warmUpSearch(data);
  return data;
}

/**
 * One search while the page is idle, so that the first keystroke does not pay for the one-time work (the
 * haystack strings made flat, the search code compiled): a few ms on a busy machine.
 */
function warmUpSearch(data: EmojiData): void {
  if (typeof requestIdleCallback !== "function") return;
  requestIdleCallback(() => searchEmoji(data.all, "e"), { timeout: 2000 });
}

// Images asked for ahead of time, kept referenced until they have loaded.
const preloads = new Map<string, HTMLImageElement>();

/**
 * Starts what a picker needs to show its first screen: the data and the first screen's sheet. For a control that
 * opens a picker, on pointerdown or focus: by the click the requests are under way. Does nothing on the server.
 */
export function preloadEmojiPicker(
  baseUrl: string = DEFAULT_IMAGE_BASE_URL,
  { art = true, locale = DEFAULT_LOCALE }: { art?: boolean; locale?: Locale } = {},
): void {
  if (typeof window === "undefined") return;
  void loadEmojiData(baseUrl, locale).catch(() => undefined);
  const url = sheetUrl(baseUrl);
  if (!art || preloads.has(url) || typeof Image === "undefined") return;
  const image = new Image();
  image.decoding = "async";
  image.src = url;
  preloads.set(url, image);
}

/** Forgets the loaded data; tests use it so that each starts before the first load. */
export function resetEmojiDataForTests(): void {
  loads.clear();
  loaded.clear();
  preloads.clear();
}

export { nativeOf } from "./emoji-format.mjs";

/** The self-hosted SVG of a code, or null when Twemoji has no art for it. */
export function imageUrlOf(unified: string, data: Pick<EmojiData, "glyphOnly">, baseUrl: string): string | null {
  return data.glyphOnly.has(unified) ? null : `${trimSlash(baseUrl)}/svg/${unified}.svg`;
}

/** imageUrlOf, also before the data has loaded (a first-screen emoji has art when the sheet holds it). */
export function imageUrlFor(unified: string, data: Pick<EmojiData, "glyphOnly"> | undefined, baseUrl: string): string | null {
  if (data) return imageUrlOf(unified, data, baseUrl);
  return SHEET_CELLS.has(unified) ? `${trimSlash(baseUrl)}/svg/${unified}.svg` : null;
}

// ---- the first screen -------------------------------------------------------------------------------------------

/**
 * Where an emoji's picture comes from: its own SVG file, a cell of the first screen's sheet (one file holding the
 * category icons and the first emoji, scripts/build-emoji-assets.mjs firstScreenOf), or none (the native glyph).
 */
export type ArtSource = {
  url: string;
  /** The cell of a sheet (one column of square cells) at `url`. */
  cell?: number;
  /** The emoji's own file, drawn instead when a requested sheet fails to load. */
  fallbackUrl?: string;
} | null;

const SHEET_CELLS = new Map(firstScreen.sheetCodes.map((unified, index) => [unified, index] as const));

export function sheetUrl(baseUrl: string): string {
  return `${trimSlash(baseUrl)}/${firstScreen.sheet}`;
}

/**
 * The picture the picker draws for a code: the sheet's cell when the sheet has it, else the code's file, else
 * null (no art). Before the data has loaded only the first screen is drawn, and a first-screen code missing from
 * the sheet has no art (the build script checks it).
 */
export function artOf(unified: string, data: Pick<EmojiData, "glyphOnly"> | undefined, baseUrl: string): ArtSource {
  const cell = SHEET_CELLS.get(unified);
  if (cell !== undefined) return { url: sheetUrl(baseUrl), cell };
  const url = data ? imageUrlOf(unified, data, baseUrl) : null;
  return url ? { url } : null;
}

/**
 * How many consecutive emoji of a grid section one requested sheet holds: the section's first screen (six rows of
 * eight: search results, or a category jumped to) in one, then two rows at a time as it scrolls. One sheet is one
 * request and one SVG document for the browser to set up, which costs more than its size; gzip over joined files is
 * ~57% of the separate files' bytes for 8, ~53% for 16, ~50% for 48.
 */
export const FIRST_SHEET_SIZE = 48;
export const SHEET_PAGE_SIZE = 16;

/** The page of a position in its section, and the positions it spans. */
export function sheetPageOf(position: number): { page: number; start: number; end: number } {
  if (position < FIRST_SHEET_SIZE) return { page: 0, start: 0, end: FIRST_SHEET_SIZE };
  const page = 1 + Math.floor((position - FIRST_SHEET_SIZE) / SHEET_PAGE_SIZE);
  const start = FIRST_SHEET_SIZE + (page - 1) * SHEET_PAGE_SIZE;
  return { page, start, end: start + SHEET_PAGE_SIZE };
}

/** Where the server composes the sheet of `codes` on request (server/emoji-sheet.mjs). */
export function requestedSheetUrl(baseUrl: string, codes: readonly string[]): string {
  return `${trimSlash(baseUrl)}/${SHEETS_FOLDER}/${sheetFileName(codes)}`;
}

/** Where a cell lies in the grid: its section's emoji, in order, and its position among them. */
export interface CellPlace {
  section: number;
  sectionCodes: readonly string[];
  position: number;
}

/**
 * Art for the emoji of a grid once the data is there: a first-screen emoji from the first screen's sheet; any
 * other emoji with art from the sheet of its page of its section (sheetPageOf: so that searching or scrolling
 * fetches one file per page instead of one per emoji, at about half the bytes); no art,
 * the native glyph. Pages are counted per section, so the recent list arriving does not move the categories'.
 */
export function pagedArt(data: Pick<EmojiData, "glyphOnly">, baseUrl: string): (unified: string, place: CellPlace) => ArtSource {
  const pages = new Map<string, Map<string, number>>();
  const pageCells = (place: CellPlace) => {
    const { page, start, end } = sheetPageOf(place.position);
    const key = `${place.section}:${page}`;
    let cells = pages.get(key);
    if (!cells) {
      const codes = place.sectionCodes
        .slice(start, end)
        .filter((unified) => !SHEET_CELLS.has(unified) && !data.glyphOnly.has(unified));
      cells = new Map([...new Set(codes)].map((unified, index) => [unified, index]));
      pages.set(key, cells);
    }
    return cells;
  };
  return (unified, place) => {
    const ownUrl = imageUrlOf(unified, data, baseUrl);
    if (SHEET_CELLS.has(unified) || !ownUrl) return artOf(unified, data, baseUrl);
    const cells = pageCells(place);
    const cell = cells.get(unified);
    if (cell === undefined) return { url: ownUrl };
    return { url: requestedSheetUrl(baseUrl, [...cells.keys()]), cell, fallbackUrl: ownUrl };
  };
}

/** The category buttons' icons (emoji without tone variants, all in the sheet). */
export const CATEGORY_ICONS = firstScreen.categoryIcons as Record<CategoryKey, string>;

type FirstScreen = { key: DataCategoryKey; emojis: EmojiEntry[] };

function firstScreenIn(locale: Locale): FirstScreen {
  return {
    key: firstScreen.category as DataCategoryKey,
    emojis: firstScreen.emojis.map(([unified = "", english = unified, german = english]) => {
      const name = locale === "de" ? german : english;
      return {
        unified,
        name,
        searchTerms: [name],
        keywords: [],
        nameHaystack: haystackOf([name]),
        keywordHaystack: "",
        category: firstScreen.category as DataCategoryKey,
      };
    }),
  };
}

const firstScreens = new Map<Locale, FirstScreen>();

/**
 * The first emoji of the first category with their display names in the page's language (the English and
 * German names of these 56 are in the bundled manifest), drawn before the data has arrived. They cannot be
 * searched yet (search waits for the data).
 */
export function firstScreenFor(locale: Locale): FirstScreen {
  let screen = firstScreens.get(locale);
  if (!screen) firstScreens.set(locale, (screen = firstScreenIn(locale)));
  return screen;
}

/** The English first screen. */
export const FIRST_SCREEN: FirstScreen = firstScreenFor(DEFAULT_LOCALE);

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
