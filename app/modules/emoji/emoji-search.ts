import type { EmojiEntry } from "./emoji-types";

/**
 * Lower case, trimmed, with underscores, hyphens and runs of spaces made one space, so that "Thumbs_Up",
 * "thumbs-up" and " thumbs  up " all read "thumbs up" (the data's short names use underscores and hyphens).
 */
export function normaliseForSearch(text: string): string {
  return text.toLocaleLowerCase("en").replace(/[\s_-]+/g, " ").trim();
}

// Lower is better: the whole term, then a word that starts with the query, then anywhere inside a term.
// Keyword matches rank after all of these (see rankEntry).
const EXACT = 0;
const WORD_START = 1;
const INSIDE = 2;
const NO_MATCH = 3;
const FIRST_KEYWORD_RANK = NO_MATCH + 1;

function rankTerm(term: string, query: string): number {
  if (term === query) return EXACT;
  if (term.startsWith(query) || term.includes(` ${query}`)) return WORD_START;
  return term.includes(query) ? INSIDE : NO_MATCH;
}

function bestRank(terms: readonly string[], query: string): number {
  let best = NO_MATCH;
  for (const term of terms) best = Math.min(best, rankTerm(term, query));
  return best;
}

/** Names rank 0-2; keywords only count when no name matches, and rank after every name match. */
function rankEntry(entry: EmojiEntry, query: string): number {
  const byName = bestRank(entry.searchTerms, query);
  if (byName !== NO_MATCH) return byName;
  const byKeyword = bestRank(entry.keywords, query);
  return byKeyword === NO_MATCH ? NO_MATCH : FIRST_KEYWORD_RANK + byKeyword;
}

/**
 * The emoji whose names, short names or keywords (all of them, not only the first) contain the query, best
 * matches first and otherwise in the data's order. An empty query matches nothing: the caller shows categories.
 */
export function searchEmoji(entries: readonly EmojiEntry[], query: string): EmojiEntry[] {
  const wanted = normaliseForSearch(query);
  if (!wanted) return [];
  const ranked = entries
    .map((entry, order) => ({ entry, order, rank: rankEntry(entry, wanted) }))
    .filter(({ rank }) => rank !== NO_MATCH);
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.map(({ entry }) => entry);
}
