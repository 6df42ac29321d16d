import { useCallback, useEffect, useRef, useState } from "react";
import { loadEmojiData } from "./emoji-data";
import type { EmojiData, RecentEmoji, SkinTone } from "./emoji-types";
import { loadRecentEmoji, rememberEmoji } from "./recent-emoji";
import { readStoredTone, storeTone } from "./skin-tone";

export type EmojiDataState =
  | { status: "loading"; data?: undefined }
  | { status: "error"; data?: undefined }
  | { status: "ready"; data: EmojiData };

/**
 * The data and the recent list, both read after mounting (never during server rendering). The grid waits for
 * both, so that the recent group does not push the emoji down a moment after they appeared.
 */
export function useEmojiResources(imageBaseUrl: string, withRecent: boolean) {
  const [state, setState] = useState<EmojiDataState>({ status: "loading" });
  // null: no recent group (turned off, no IndexedDB, or storage failed).
  const [recent, setRecent] = useState<RecentEmoji[] | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    const recentLoad = withRecent ? loadRecentEmoji() : Promise.resolve(null);
    Promise.all([loadEmojiData(imageBaseUrl), recentLoad]).then(
      ([data, list]) => {
        if (!current) return;
        setRecent(list);
        setState({ status: "ready", data });
      },
      () => current && setState({ status: "error" }),
    );
    return () => {
      current = false;
    };
  }, [imageBaseUrl, withRecent, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, recent, retry };
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
