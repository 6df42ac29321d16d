import { useCallback, useEffect, useRef, useState } from "react";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { loadedEmojiData, loadEmojiData, preloadEmojiPicker } from "./emoji-data.ts";
import type { EmojiData, RecentEmoji, SkinTone } from "./emoji-types.ts";
import { knownRecentEmoji, loadRecentEmoji, rememberEmoji } from "./recent-emoji.ts";
import { readStoredTone, storeTone } from "./skin-tone.ts";

export type EmojiDataState =
  | { status: "loading"; data?: undefined }
  | { status: "error"; data?: undefined }
  | { status: "ready"; data: EmojiData };

/** The recent list: undefined while it is being read, null for no recent group (turned off, no IndexedDB, failure). */
export type RecentState = RecentEmoji[] | null | undefined;

function initialData(imageBaseUrl: string, locale: Locale): EmojiDataState {
  const data = loadedEmojiData(imageBaseUrl, locale);
  return data ? { status: "ready", data } : { status: "loading" };
}

/**
 * The data and the recent list, read after mounting (never during server rendering), each on its own: the grid
 * does not wait for IndexedDB. A picker opened again in the same page starts with both as they were last known.
 *
 * `acceptLate(list)` is asked when the list arrives: false (the picker has shown emoji the list would move, and
 * the user has scrolled, searched or moved focus in them) keeps the grid as it is, without a recent group for
 * this opening. The list read at opening stays for the whole opening (see useRememberEmoji).
 */
export function useEmojiResources(
  imageBaseUrl: string,
  { withRecent, withArt, locale }: { withRecent: boolean; withArt: boolean; locale: Locale },
  acceptLate: (list: RecentEmoji[] | null) => boolean,
) {
  const [state, setState] = useState<EmojiDataState>(() => initialData(imageBaseUrl, locale));
  const [recent, setRecent] = useState<RecentState>(() => (withRecent ? knownRecentEmoji() : null));
  const [attempt, setAttempt] = useState(0);
  const acceptLateRef = useRef(acceptLate);
  acceptLateRef.current = acceptLate;

  useEffect(() => {
    let current = true;
    const cached = loadedEmojiData(imageBaseUrl, locale);
    setState((previous) => {
      if (cached) return previous.data === cached ? previous : { status: "ready", data: cached };
      return previous.status === "loading" ? previous : { status: "loading" };
    });
    if (!cached) {
      // The sheet too: the first screen is drawn from it, and the request starts before React renders the grid.
      preloadEmojiPicker(imageBaseUrl, { art: withArt, locale });
      loadEmojiData(imageBaseUrl, locale).then(
        (data) => current && setState({ status: "ready", data }),
        () => current && setState({ status: "error" }),
      );
    }
    return () => {
      current = false;
    };
  }, [imageBaseUrl, withArt, locale, attempt]);

  useEffect(() => {
    if (!withRecent) {
      setRecent(null);
      return;
    }
    let current = true;
    const shown = knownRecentEmoji();
    void loadRecentEmoji().then((list) => {
      if (!current || sameList(list, shown)) return;
      const accepted = acceptLateRef.current(list);
      setRecent((previous) => (accepted ? list : (previous ?? null)));
    });
    return () => {
      current = false;
    };
  }, [withRecent]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, recent, retry };
}

function sameList(a: RecentEmoji[] | null | undefined, b: RecentEmoji[] | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((item, index) => item.unified === b[index]?.unified && item.tone === b[index]?.tone);
}

/**
 * Stores a pick in the recent list. The list on screen is the one read at opening: updating it under the
 * pointer would shift every emoji after the recent group by one cell between two clicks.
 */
export function useRememberEmoji(withRecent: boolean) {
  return useCallback(
    (picked: RecentEmoji) => {
      if (withRecent) void rememberEmoji(picked);
    },
    [withRecent],
  );
}

/** The chosen skin tone, remembered in localStorage; read after mounting so server and client HTML agree. */
export function useSkinTone(): [SkinTone, (tone: SkinTone) => void] {
  const [tone, setToneState] = useState<SkinTone>("neutral");
  const chosen = useRef(false);
  useEffect(() => {
    if (!chosen.current) setToneState(readStoredTone());
  }, []);
  const setTone = useCallback((next: SkinTone) => {
    chosen.current = true;
    setToneState(next);
    storeTone(next);
  }, []);
  return [tone, setTone];
}
