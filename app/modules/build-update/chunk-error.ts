import type { Locale } from "#app/modules/i18n/locales.ts";
import { CHUNK_ERROR_MESSAGES } from "./chunk-reload.mjs";

/**
 * The message on the error page when a page's code cannot be loaded twice in a row, in the page's language (the
 * English one is the spec's wording).
 */
export function chunkErrorMessage(locale: Locale): string {
  return CHUNK_ERROR_MESSAGES[locale];
}

/**
 * Whether a chunk failed again inside the reload guard's window. It lives outside React on purpose: the error
 * boundary resets when the failed navigation commits, and the page must keep showing the error after that.
 */
let chunkFailed = false;
const listeners = new Set<() => void>();

export function markChunkFailed() {
  chunkFailed = true;
  for (const listener of listeners) listener();
}

export function hasChunkFailed(): boolean {
  return chunkFailed;
}

export function onChunkFailed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
