import { describe, expect, it } from "vitest";
import { nativeOf } from "./emoji-data";
import { normaliseForSearch, searchEmoji } from "./emoji-search";
import { realEmojiData } from "./emoji-test-data";
import type { EmojiEntry } from "./emoji-types";

const data = realEmojiData();
const all = data.categories.flatMap(({ emojis }) => emojis);
const glyphs = (entries: EmojiEntry[]) => entries.map((entry) => nativeOf(entry.unified));

describe("searchEmoji on the real data", () => {
  it("finds 👋 for `wave`, its short name (the original searched the first name only)", () => {
    expect(glyphs(searchEmoji(all, "wave"))[0]).toBe("👋");
  });

  it("finds 😂 for `joy`, a short name, before emoji that only contain it", () => {
    expect(glyphs(searchEmoji(all, "joy"))[0]).toBe("😂");
    expect(glyphs(searchEmoji(all, "joy"))).toContain("😹");
  });

  it("matches the display name and the Unicode name", () => {
    expect(glyphs(searchEmoji(all, "waving hand"))).toContain("👋");
    expect(glyphs(searchEmoji(all, "waving hand sign"))).toEqual(["👋"]);
  });

  it("is case-insensitive and trimmed", () => {
    expect(glyphs(searchEmoji(all, "  WAVE "))[0]).toBe("👋");
  });

  it("treats underscores, hyphens and spaces alike", () => {
    expect(glyphs(searchEmoji(all, "sweat smile"))).toContain("😅");
    expect(glyphs(searchEmoji(all, "sweat_smile"))).toContain("😅");
    expect(glyphs(searchEmoji(all, "flag_de"))).toContain("🇩🇪");
  });

  it("searches keywords too, after names", () => {
    const fruit = glyphs(searchEmoji(all, "fruit"));
    expect(fruit).toEqual(expect.arrayContaining(["🍎", "🍌", "🍇"]));
    const hand = searchEmoji(all, "hand");
    const firstKeywordOnly = hand.findIndex((entry) => !entry.searchTerms.some((term) => term.includes("hand")));
    expect(hand.slice(firstKeywordOnly).every((entry) => !entry.searchTerms.some((term) => term.includes("hand")))).toBe(true);
    expect(glyphs(hand).indexOf("👋")).toBeLessThan(firstKeywordOnly);
  });

  it("finds nothing for gibberish or an empty query", () => {
    expect(searchEmoji(all, "qwxzv")).toEqual([]);
    expect(searchEmoji(all, "   ")).toEqual([]);
  });
});

describe("normaliseForSearch", () => {
  it("lower-cases, trims and collapses separators", () => {
    expect(normaliseForSearch("  Thumbs__Up-Sign  ")).toBe("thumbs up sign");
  });
});
