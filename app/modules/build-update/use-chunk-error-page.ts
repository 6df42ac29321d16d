import { useSyncExternalStore } from "react";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { chunkErrorMessage, hasChunkFailed, onChunkFailed } from "./chunk-error.ts";

/**
 * Renders the error page (by throwing to the root error boundary) once a page's code failed to load twice
 * within the reload guard's window, instead of leaving the buyer on an empty page or reloading in a loop.
 */
export function useChunkErrorPage() {
  const failed = useSyncExternalStore(onChunkFailed, hasChunkFailed, () => false);
  const locale = useLocale();
  if (failed) throw new Error(chunkErrorMessage(locale));
}
