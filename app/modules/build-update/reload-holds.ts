/**
 * Parts of the page that must not be reloaded away under the buyer (the card form while digits are typed,
 * which are never stored) take a hold; a build update waits until every hold is released or the tab is hidden.
 */
const holds = new Set<symbol>();
const listeners = new Set<() => void>();

/** Takes a hold; returns the function that releases it. */
export function holdReload(reason: string): () => void {
  const hold = Symbol(reason);
  holds.add(hold);
  return () => {
    if (holds.delete(hold)) for (const listener of listeners) listener();
  };
}

export function isReloadHeld(): boolean {
  return holds.size > 0;
}

/** Calls `listener` whenever a hold is released. */
export function onHoldReleased(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
