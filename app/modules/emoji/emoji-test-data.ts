// For tests only: the picker's data built from the installed emoji-datasource exactly as the build script does.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { trimEmojiData, type DatasourceEntry, type TrimmedEmojiData } from "../../../scripts/build-emoji-assets.mjs";
import { parseEmojiData, type RawEmojiData } from "./emoji-data";
import type { EmojiData } from "./emoji-types";

const require = createRequire(import.meta.url);

export function datasourceEntries(): DatasourceEntry[] {
  return JSON.parse(readFileSync(require.resolve("emoji-datasource/emoji.json"), "utf8")) as DatasourceEntry[];
}

export function twemojiFiles(): Set<string> {
  const dir = path.dirname(require.resolve("@twemoji/svg/package.json"));
  return new Set(readdirSync(dir).filter((name) => name.endsWith(".svg")).map((name) => name.slice(0, -4)));
}

let trimmed: TrimmedEmojiData | undefined;

/** data.json's content, computed once per test file. */
export function trimmedData(): TrimmedEmojiData {
  trimmed ??= trimEmojiData(datasourceEntries(), twemojiFiles()).data;
  return trimmed;
}

export function realEmojiData(): EmojiData {
  return parseEmojiData(trimmedData() as RawEmojiData);
}
