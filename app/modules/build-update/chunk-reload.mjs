// The failed-chunk reload rule (spec §4, §8), shared by the app's guard (reload-guard.ts, chunk-error.ts) and the
// plain script in every page that starts hydration (document-hints.mjs), which runs before any of the app's code
// and so cannot import it. Plain JavaScript for that reason: the server imports the starter without a compiler.

/** A failed chunk load reloads the page at most once per path within this window. */
export const RELOAD_GUARD_MS = 10_000;

/** Session-storage key prefix of the marker that remembers a reload of a path (its value: the time). */
export const RELOAD_MARKER_PREFIX = "deck-studio:chunk-reload:";

/** What the page says when its code failed to load twice within the window, by page language. */
export const CHUNK_ERROR_MESSAGES = Object.freeze({
  en: "This page could not be loaded, probably because the shop was just updated. Reload the page to continue.",
  de: "Diese Seite konnte nicht geladen werden, wahrscheinlich weil der Shop gerade aktualisiert wurde. Lade die Seite neu, um weiterzumachen.",
});
