/** The message on the error page when a page's code cannot be loaded twice in a row. */
export const CHUNK_ERROR_MESSAGE =
  "This page could not be loaded, probably because the shop was just updated. Reload the page to continue.";

/** Dispatched on window when a chunk failed again inside the guard's window; the app shows the error page. */
export const CHUNK_ERROR_EVENT = "deck-studio:chunk-error";
