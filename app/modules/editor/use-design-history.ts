import { useState } from "react";
import type { Design } from "#app/modules/design/design.ts";
import { canRedo, canUndo, createHistory, record, redo, undo, type History } from "./history.ts";

export interface DesignHistory {
  /** What to draw: the gesture in progress, else the saved design. */
  shown: Design;
  /** Whether a gesture is being previewed. */
  previewing: boolean;
  /** The design as the order holds it. */
  saved: Design;
  /** Saves a change as a step to undo; changes with the same merge key one after the other make one step. */
  commit(next: Design, mergeKey?: string): void;
  /** Shows a change without saving it (while a pointer drags); null drops it. */
  preview(next: Design | null): void;
  undo(): Design | null;
  redo(): Design | null;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * Undo and redo on top of the order store, which stays the design's only home: every step is written there
 * at once, so a reload loses nothing. A design that changes from outside (the draft restored after
 * hydration, another page) starts a new history.
 */
export function useDesignHistory(saved: Design, save: (design: Design) => void): DesignHistory {
  const [stored, setStored] = useState(() => createHistory(saved));
  const [previewed, setPreviewed] = useState<Design | null>(null);
  const history = stored.present === saved ? stored : createHistory(saved);

  function apply(next: History<Design>): Design | null {
    if (next === history) return null;
    setStored(next);
    save(next.present);
    return next.present;
  }

  return {
    shown: previewed ?? saved,
    previewing: previewed !== null,
    saved,
    commit(next, mergeKey) {
      setPreviewed(null);
      apply(record(history, next, { mergeKey }));
    },
    preview: setPreviewed,
    undo: () => apply(undo(history)),
    redo: () => apply(redo(history)),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
  };
}
