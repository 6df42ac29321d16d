import { useEffect, useState } from "react";
import { CHUNK_ERROR_EVENT, CHUNK_ERROR_MESSAGE } from "./chunk-error";

/**
 * Renders the error page (by throwing to the root error boundary) once a page's code failed to load twice
 * within the reload guard's window, instead of leaving the buyer on an empty page or reloading in a loop.
 */
export function useChunkErrorPage() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onChunkError = () => setFailed(true);
    window.addEventListener(CHUNK_ERROR_EVENT, onChunkError);
    return () => window.removeEventListener(CHUNK_ERROR_EVENT, onChunkError);
  }, []);
  if (failed) throw new Error(CHUNK_ERROR_MESSAGE);
}
