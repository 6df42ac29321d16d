import { normaliseForSearch } from "./emoji-search";
import { CATEGORY_KEYS, type CategoryKey, type EmojiData, type EmojiEntry, type ModifierTone } from "./emoji-types";

/** The image base URL the picker uses unless told otherwise: the shop's own server, never a CDN. */
export const DEFAULT_IMAGE_BASE_URL = "/emoji";

/** data.json as scripts/build-emoji-assets.mjs writes it. */
export interface RawEmojiData {
  version: number;
  categories: { key: string; emojis: RawEmoji[] }[];
  glyphOnly: string[];
}

export interface RawEmoji {
  u: string;
  n: string[];
  k?: string[];
  s?: Partial<Record<ModifierTone, string>>;
}

type DataCategoryKey = Exclude<CategoryKey, "recent">;

function isDataCategory(key: string): key is DataCategoryKey {
  return key !== "recent" && (CATEGORY_KEYS as readonly string[]).includes(key);
}

function toEntry(raw: RawEmoji, category: DataCategoryKey): EmojiEntry {
  const entry: EmojiEntry = {
    unified: raw.u,
    name: raw.n[0] ?? raw.u,
    searchTerms: normalisedSet(raw.n),
    keywords: normalisedSet(raw.k ?? []),
    category,
  };
  if (raw.s) entry.skins = raw.s;
  return entry;
}

function normalisedSet(terms: string[]): string[] {
  return [...new Set(terms.map(normaliseForSearch))];
}

/** Turns data.json into the picker's entries, dropping categories this version does not know. */
export function parseEmojiData(raw: RawEmojiData): EmojiData {
  const categories = raw.categories
    .filter((category): category is { key: DataCategoryKey; emojis: RawEmoji[] } => isDataCategory(category.key))
    .map(({ key, emojis }) => ({ key, emojis: emojis.map((emoji) => toEntry(emoji, key)) }));
  const byUnified = new Map(categories.flatMap(({ emojis }) => emojis.map((emoji) => [emoji.unified, emoji] as const)));
  return { categories, byUnified, glyphOnly: new Set(raw.glyphOnly) };
}

// One request per base URL for the page's lifetime, however many pickers open; a failure is forgotten so that
// the next opening tries again.
const loads = new Map<string, Promise<EmojiData>>();

/** Fetches and parses `${baseUrl}/data.json`; called when a picker opens, never at import or on the server. */
export function loadEmojiData(baseUrl: string = DEFAULT_IMAGE_BASE_URL): Promise<EmojiData> {
  const url = `${trimSlash(baseUrl)}/data.json`;
  let load = loads.get(url);
  if (!load) {
    load = fetchEmojiData(url);
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load;
}

async function fetchEmojiData(url: string): Promise<EmojiData> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Emoji data could not be loaded from ${url} (HTTP ${response.status})`);
  return parseEmojiData((await response.json()) as RawEmojiData);
}

/** The emoji as text: "1f44b-1f3fb" is "👋🏻". */
export function nativeOf(unified: string): string {
  return String.fromCodePoint(...unified.split("-").map((hex) => Number.parseInt(hex, 16)));
}

/** The self-hosted SVG of a code, or null when Twemoji has no art for it. */
export function imageUrlOf(unified: string, data: Pick<EmojiData, "glyphOnly">, baseUrl: string): string | null {
  return data.glyphOnly.has(unified) ? null : `${trimSlash(baseUrl)}/svg/${unified}.svg`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
