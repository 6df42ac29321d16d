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

/** [unified, names, keywords?, skins?]: skins is 1 when the five tones follow withTone, else the variants by tone. */
export type TrimmedEmoji =
  | [unified: string, names: string[]]
  | [unified: string, names: string[], keywords: string[]]
  | [unified: string, names: string[], keywords: string[], skins: 1 | Record<string, string>];

export interface TrimmedEmojiData {
  version: 2;
  categories: { key: string; emojis: TrimmedEmoji[] }[];
  glyphOnly: string[];
}

export interface FirstScreenManifest {
  sheet: string;
  sheetCodes: string[];
  categoryIcons: Record<string, string>;
  category: string;
  emojis: [unified: string, name: string][];
}

export const CATEGORY_ICONS: Record<string, string>;
export function firstScreenOf(
  data: TrimmedEmojiData,
  readSvg: (unified: string) => string,
): { sheet: string; manifest: FirstScreenManifest };
export function displayName(unicodeName: string): string;
export function twemojiFileFor(unified: string, nonQualified: string | null | undefined, available: Set<string>): string | null;
export function trimEmojiData(
  entries: DatasourceEntry[],
  availableSvgs: Set<string>,
): { data: TrimmedEmojiData; artwork: { unified: string; file: string }[] };
