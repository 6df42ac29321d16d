import { createStore, get, update, type UseStore } from "idb-keyval";
import type { RecentEmoji } from "./emoji-types.ts";
import { isSkinTone } from "./skin-tone.ts";

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

// The list as last read or written in this page: a picker opened again shows it in its first frame.
let known: RecentEmoji[] | null | undefined;

/** The list as last read or written in this page; undefined before the first read. */
export function knownRecentEmoji(): RecentEmoji[] | null | undefined {
  return known;
}

/**
 * Whether the database may exist. Reading must not create it: in a fresh profile that takes the browser tens
 * of milliseconds, during the picker's opening, for a list that is empty anyway. Where indexedDB.databases() is
 * missing (or fails) the answer is yes and the read opens it.
 */
async function databaseMayExist(): Promise<boolean> {
  if (typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some(({ name }) => name === DATABASE_NAME);
  } catch {
    return true;
  }
}

/** The stored list, or null where IndexedDB is missing or fails (then the picker has no recent group). */
export async function loadRecentEmoji(): Promise<RecentEmoji[] | null> {
  known = await readRecent();
  return known;
}

async function readRecent(): Promise<RecentEmoji[] | null> {
  if (typeof indexedDB === "undefined" || !indexedDB) return null;
  try {
    if (store === undefined && !(await databaseMayExist())) return [];
    const recent = recentStore();
    return recent ? sanitiseRecent(await get(RECORD_KEY, recent)) : null;
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
    known = next;
    return next;
  } catch {
    return null;
  }
}

/** Forgets the memoised store and list; tests use it to start from a fresh fake IndexedDB. */
export function resetRecentStoreForTests(): void {
  store = undefined;
  known = undefined;
}
