import { describe, expect, it } from "vitest";
import { nativeOf } from "./emoji-data.ts";
import { normaliseTerm } from "./emoji-format.mjs";
import { searchEmoji } from "./emoji-search.ts";
import { realEmojiData } from "#tests/support/emoji-fixtures.ts";
import type { EmojiEntry } from "./emoji-types.ts";

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

  it("names ❤️ by its CLDR name, 'red heart', finds it by that name and still by its Unicode name", () => {
    expect(data.byUnified.get("2764-fe0f")?.name).toBe("red heart");
    expect(glyphs(searchEmoji(all, "red heart"))[0]).toBe("❤️");
    expect(glyphs(searchEmoji(all, "heavy black heart"))).toContain("❤️");
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

  it("finds a query of several words word by word, after every whole-phrase match", () => {
    expect(glyphs(searchEmoji(all, "flag germany"))[0]).toBe("🇩🇪");
    expect(glyphs(searchEmoji(all, "germany flag"))[0]).toBe("🇩🇪");
    expect(glyphs(searchEmoji(all, "heart red")).slice(0, 3)).toContain("❤️");
    const phraseFirst = glyphs(searchEmoji(all, "red heart"));
    expect(phraseFirst[0]).toBe("❤️");
    expect(searchEmoji(all, "flag zzzz")).toEqual([]);
  });

  it("finds nothing for gibberish or an empty query", () => {
    expect(searchEmoji(all, "qwxzv")).toEqual([]);
    expect(searchEmoji(all, "   ")).toEqual([]);
  });
});

describe("searchEmoji against the straightforward ranking", () => {
  // The ranking as first written: every term compared one by one, then a stable sort by rank.
  function reference(entries: readonly EmojiEntry[], query: string): EmojiEntry[] {
    const wanted = normaliseTerm(query);
    if (!wanted) return [];
    const rankTerm = (term: string) =>
      term === wanted ? 0 : term.startsWith(wanted) || term.includes(` ${wanted}`) ? 1 : term.includes(wanted) ? 2 : 3;
    const best = (terms: readonly string[]) => Math.min(3, ...terms.map(rankTerm));
    const rank = (entry: EmojiEntry) => {
      const byName = best(entry.searchTerms.map(normaliseTerm));
      if (byName !== 3) return byName;
      const byKeyword = best(entry.keywords);
      if (byKeyword !== 3) return 4 + byKeyword;
      const words = wanted.split(" ").filter((word) => /[\p{L}\p{N}]/u.test(word));
      const terms = [...entry.searchTerms.map(normaliseTerm), ...entry.keywords];
      return words.length > 1 && words.every((word) => terms.some((term) => term.includes(word))) ? 7 : 3;
    };
    return entries
      .map((entry, order) => ({ entry, order, rank: rank(entry) }))
      .filter((item) => item.rank !== 3)
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ entry }) => entry);
  }

  it("gives the same results in the same order for many queries", () => {
    const queries = ["w", "wa", "wav", "wave", "hand", "heart", "cat", "fire", "thumbs up", "flag", "face with", "smiling",
      "joy", "e", "ey", "eyes", ":)", ":-d", "c:", "up", "man", "woman", "fa", "sweat_smile", "open", "x", "zz", "flag de"];
    for (const query of queries) expect(searchEmoji(all, query), query).toEqual(reference(all, query));
  });
});

describe("normaliseTerm", () => {
  it("lower-cases, trims and collapses separators", () => {
    expect(normaliseTerm("  Thumbs__Up-Sign  ")).toBe("thumbs up sign");
  });
});
