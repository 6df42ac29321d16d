import { useSyncExternalStore } from "react";
import { CHUNK_ERROR_MESSAGE, hasChunkFailed, onChunkFailed } from "./chunk-error.ts";

/**
 * Renders the error page (by throwing to the root error boundary) once a page's code failed to load twice
 * within the reload guard's window, instead of leaving the buyer on an empty page or reloading in a loop.
 */
export function useChunkErrorPage() {
  const failed = useSyncExternalStore(onChunkFailed, hasChunkFailed, () => false);
  if (failed) throw new Error(CHUNK_ERROR_MESSAGE);
}
