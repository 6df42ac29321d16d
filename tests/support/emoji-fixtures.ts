// For tests only: the picker's data built from the installed emoji-datasource and emojibase-data's names exactly as
// the build script does.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { cldrLabels, trimEmojiData, type DatasourceEntry, type TrimmedEmojiData } from "#scripts/build-emoji-assets.mjs";
import { parseEmojiData, type RawEmojiData } from "#app/modules/emoji/emoji-data.ts";
import type { EmojiData } from "#app/modules/emoji/emoji-types.ts";

const require = createRequire(import.meta.url);

let entries: DatasourceEntry[] | undefined;
let files: Set<string> | undefined;

/** emoji-datasource's 1.3 MB emoji.json, parsed once per test file (read-only: the build script copies it). */
export function datasourceEntries(): DatasourceEntry[] {
  entries ??= JSON.parse(readFileSync(require.resolve("emoji-datasource/emoji.json"), "utf8")) as DatasourceEntry[];
  return entries;
}

export function twemojiFiles(): Set<string> {
  const dir = path.dirname(require.resolve("@twemoji/svg/package.json"));
  files ??= new Set(readdirSync(dir).filter((name) => name.endsWith(".svg")).map((name) => name.slice(0, -4)));
  return files;
}

/** emojibase-data's English CLDR labels by code (cldrLabels). */
export function emojibaseLabels(): Map<string, string> {
  return cldrLabels(JSON.parse(readFileSync(require.resolve("emojibase-data/en/data.json"), "utf8")));
}

let trimmed: TrimmedEmojiData | undefined;

/** data.json's content, computed once per test file. */
export function trimmedData(): TrimmedEmojiData {
  trimmed ??= trimEmojiData(datasourceEntries(), twemojiFiles(), emojibaseLabels()).data;
  return trimmed;
}

export function realEmojiData(): EmojiData {
  return parseEmojiData(trimmedData() as RawEmojiData);
}

/** happy-dom lays nothing out; the virtualised grid needs its scroller's size (256 × 336 px) to render rows. */
export function fakePickerScroller(): void {
  for (const [property, size] of [["clientHeight", 256], ["clientWidth", 336]] as const) {
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains("emoji-picker__scroller") ? size : 0;
      },
    });
  }
}
