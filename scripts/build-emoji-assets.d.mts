// Types for the functions scripts/build-emoji-assets.mjs exports, so that the app's tests can check the trimming.

export interface DatasourceVariant {
  unified: string;
  non_qualified?: string | null;
}

export interface DatasourceEntry extends DatasourceVariant {
  name: string;
  short_names: string[];
  texts?: string[] | null;
  category: string;
  subcategory?: string;
  sort_order: number;
  skin_variations?: Record<string, DatasourceVariant>;
}

export interface TrimmedEmoji {
  u: string;
  n: string[];
  k?: string[];
  s?: Record<string, string>;
}

export interface TrimmedEmojiData {
  version: number;
  categories: { key: string; emojis: TrimmedEmoji[] }[];
  glyphOnly: string[];
}

export const TONES: string[];
export const CATEGORY_KEYS: Record<string, string>;
export function displayName(unicodeName: string): string;
export function twemojiFileFor(unified: string, nonQualified: string | null | undefined, available: Set<string>): string | null;
export function trimEmojiData(
  entries: DatasourceEntry[],
  availableSvgs: Set<string>,
): { data: TrimmedEmojiData; artwork: { unified: string; file: string }[] };
