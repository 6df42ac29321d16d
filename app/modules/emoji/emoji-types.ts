/** The picker's vocabulary: categories, skin tones, themes, insert modes and the shapes of its data. */

/** Category keys in display order (spec §9); "recent" is shown only when there are recently used emoji. */
export const CATEGORY_KEYS = [
  "recent",
  "smileys_people",
  "animals_nature",
  "food_drink",
  "activities",
  "travel_places",
  "objects",
  "symbols",
  "flags",
] as const;

export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** The spec's category names, kept verbatim. */
export const DEFAULT_CATEGORY_NAMES: Record<CategoryKey, string> = {
  recent: "Recently used",
  smileys_people: "Smiles & People",
  animals_nature: "Animals & Nature",
  food_drink: "Food & Drink",
  activities: "Activities",
  travel_places: "Travel places",
  objects: "Objects",
  symbols: "Symbols",
  flags: "Flags",
};

/** Neutral (no modifier) and the five Fitzpatrick modifiers, lightest first. */
export const SKIN_TONES = ["neutral", "1f3fb", "1f3fc", "1f3fd", "1f3fe", "1f3ff"] as const;

export type SkinTone = (typeof SKIN_TONES)[number];

export type ModifierTone = Exclude<SkinTone, "neutral">;

export const THEMES = ["light", "dark", "auto"] as const;

/** `auto` follows the operating system's prefers-color-scheme. */
export type EmojiTheme = (typeof THEMES)[number];

/** Where an attached picker puts the emoji in the field's text: at the caret (`insert`), first, or last. */
export type InsertMode = "insert" | "prepend" | "append";

/** One emoji as the picker uses it, built from the packed data in public/emoji/data.json. */
export interface EmojiEntry {
  /** Lower-case unified code of the neutral form, e.g. "1f44b". */
  unified: string;
  /** Display name, e.g. "waving hand"; it is also the accessible name. */
  name: string;
  /** The display name, then every other name and short name normalised for search. */
  searchTerms: string[];
  /** Keywords (subcategory, text emoticons), normalised; they rank after names in search. */
  keywords: string[];
  /** searchTerms as "\nterm\nterm\n", built once at load: a search is a few indexOf calls, no allocation. */
  nameHaystack: string;
  /** keywords the same way ("" when there are none). */
  keywordHaystack: string;
  category: Exclude<CategoryKey, "recent">;
  /** Unified codes of the tone variants; absent when the emoji has none. */
  skins?: Partial<Record<ModifierTone, string>>;
}

/** The loaded data: entries by category in display order, and the codes that have no Twemoji artwork. */
export interface EmojiData {
  categories: { key: Exclude<CategoryKey, "recent">; emojis: EmojiEntry[] }[];
  /** Every entry in display order: what search runs over. */
  all: EmojiEntry[];
  byUnified: Map<string, EmojiEntry>;
  glyphOnly: Set<string>;
}

/** What `onSelect` receives. */
export interface SelectedEmoji {
  /** Lower-case unified code of the form picked, tone included, e.g. "1f44b-1f3fb". */
  unified: string;
  /** The emoji as text, e.g. "👋🏻". */
  native: string;
  /** Display name, e.g. "waving hand". */
  name: string;
  /** The tone applied: "neutral" when the emoji has no variants or none was chosen. */
  tone: SkinTone;
  /** The self-hosted Twemoji SVG, or null when the emoji is newer than Twemoji (use `native`). */
  imageUrl: string | null;
}

/** A recently used emoji: the neutral form's code and the tone it was picked in. */
export interface RecentEmoji {
  unified: string;
  tone: SkinTone;
}
