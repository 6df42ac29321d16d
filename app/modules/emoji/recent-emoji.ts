import { createStore, get, update, type UseStore } from "idb-keyval";
import type { RecentEmoji } from "./emoji-types";
import { isSkinTone } from "./skin-tone";

/** At most this many recently used emoji are kept (spec §9). */
export const MAX_RECENT = 24;

const DATABASE_NAME = "deck-studio-emoji";
const STORE_NAME = "recent";
/** The whole list lives under this one key: one record (spec §3). */
const RECORD_KEY = "list";

/**
 * The list after picking `picked`: newest first, each form (emoji and tone) once, at most MAX_RECENT. The tone
 * is part of the identity, so "waving hand" in two tones stays twice, each in the tone it was picked in.
 */
export function addRecent(list: readonly RecentEmoji[], picked: RecentEmoji): RecentEmoji[] {
  const others = list.filter((item) => item.unified !== picked.unified || item.tone !== picked.tone);
  return [{ unified: picked.unified, tone: picked.tone }, ...others].slice(0, MAX_RECENT);
}

/** What was read back from storage, keeping only well-formed items: the record may come from an older version. */
export function sanitiseRecent(value: unknown): RecentEmoji[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is RecentEmoji => typeof item?.unified === "string" && isSkinTone(item?.tone))
    .slice(0, MAX_RECENT);
}

// Opening the database is deferred to the first read or write: importing this module (on the server too) must
// not touch IndexedDB.
let store: UseStore | null | undefined;

function recentStore(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === "undefined" ? null : createStore(DATABASE_NAME, STORE_NAME);
  return store;
}

/** The stored list, or null where IndexedDB is missing or fails (then the picker has no recent group). */
export async function loadRecentEmoji(): Promise<RecentEmoji[] | null> {
  const recent = recentStore();
  if (!recent) return null;
  try {
    return sanitiseRecent(await get(RECORD_KEY, recent));
  } catch {
    return null;
  }
}

/** Adds a pick to the stored list in one transaction and returns the new list (null when it cannot be stored). */
export async function rememberEmoji(picked: RecentEmoji): Promise<RecentEmoji[] | null> {
  const recent = recentStore();
  if (!recent) return null;
  let next: RecentEmoji[] = [];
  try {
    await update(RECORD_KEY, (old: unknown) => (next = addRecent(sanitiseRecent(old), picked)), recent);
    return next;
  } catch {
    return null;
  }
}

/** Forgets the memoised store; tests use it to start from a fresh fake IndexedDB. */
export function resetRecentStoreForTests(): void {
  store = undefined;
}
