import { normaliseTerm } from "./emoji-format.mjs";
import type { EmojiEntry } from "./emoji-types.ts";

// Lower is better: the whole term, then a word that starts with the query, then anywhere inside a term.
// Keyword matches rank after all of these (see rankEntry).
const EXACT = 0;
const WORD_START = 1;
const INSIDE = 2;
const NO_MATCH = 3;
const FIRST_KEYWORD_RANK = NO_MATCH + 1;
// Every word of a query of several, each somewhere in the names or keywords ("flag germany" for "flag: Germany").
const ALL_WORDS = FIRST_KEYWORD_RANK + INSIDE + 1;
const RANKS = ALL_WORDS + 1;

/**
 * The best rank of a query among the terms of a haystack ("\nterm\nterm\n", see haystackOf): a normalised query
 * holds no line break, so a match never spans two terms.
 */
function rankIn(haystack: string, query: string): number {
  if (!haystack.includes(query)) return NO_MATCH;
  if (haystack.includes(`\n${query}\n`)) return EXACT;
  return haystack.includes(`\n${query}`) || haystack.includes(` ${query}`) ? WORD_START : INSIDE;
}

/**
 * Names rank 0-2; keywords only count when no name matches, and rank after every name match; a query of several
 * words found word by word comes last.
 */
function rankEntry(entry: EmojiEntry, query: string, words: readonly string[]): number {
  const byName = rankIn(entry.nameHaystack, query);
  if (byName !== NO_MATCH) return byName;
  const byKeyword = rankIn(entry.keywordHaystack, query);
  if (byKeyword !== NO_MATCH) return FIRST_KEYWORD_RANK + byKeyword;
  const found = (word: string) => entry.nameHaystack.includes(word) || entry.keywordHaystack.includes(word);
  return words.length > 1 && words.every(found) ? ALL_WORDS : NO_MATCH;
}

// The rank of each entry, reused from one keystroke to the next (one array per entry list).
const rankBuffers = new WeakMap<readonly EmojiEntry[], Uint8Array>();

/**
 * The emoji whose names, short names or keywords (all of them, not only the first) contain the query, best
 * matches first and otherwise in the data's order. An empty query matches nothing: the caller shows categories.
 * One pass ranks every entry; the result list is the only allocation that grows with the data.
 */
export function searchEmoji(entries: readonly EmojiEntry[], query: string): EmojiEntry[] {
  // The query normalised as the data's terms were when built (the build script uses the same function).
  const wanted = normaliseTerm(query);
  if (!wanted) return [];
  let ranks = rankBuffers.get(entries);
  if (!ranks) rankBuffers.set(entries, (ranks = new Uint8Array(entries.length)));
  const counts = new Array<number>(RANKS).fill(0);
  const words = wanted.split(" ").filter((word) => /[\p{L}\p{N}]/u.test(word));
  entries.forEach((entry, index) => {
    const rank = rankEntry(entry, wanted, words);
    ranks[index] = rank;
    counts[rank]! += 1;
  });
  const results: EmojiEntry[] = [];
  for (let rank = 0; rank < RANKS; rank++) {
    if (rank === NO_MATCH || !counts[rank]) continue;
    for (let index = 0; index < entries.length; index++) if (ranks[index] === rank) results.push(entries[index]!);
  }
  return results;
}
