/**
 * Undo and redo over immutable states. `record` can merge a change into the previous step: typing a word,
 * holding an arrow key or dragging a slider then undoes in one step rather than one per event.
 */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The merge key of the step that made `present`, while further changes with that key may join it. */
  readonly mergeKey: string | null;
}

export const HISTORY_CAP = 100;

export interface RecordOptions {
  /** Changes recorded one after the other with the same key make one step. */
  mergeKey?: string;
  /** The most steps kept to undo; older ones are forgotten. */
  cap?: number;
}

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], mergeKey: null };
}

export function record<T>(
  history: History<T>,
  next: T,
  { mergeKey, cap = HISTORY_CAP }: RecordOptions = {},
): History<T> {
  if (Object.is(next, history.present)) return history;
  const key = mergeKey ?? null;
  if (key !== null && key === history.mergeKey) return { ...history, present: next, future: [] };
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - cap)), present: next, future: [], mergeKey: key };
}

export function canUndo(history: History<unknown>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History<unknown>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (!canUndo(history)) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous as T,
    future: [history.present, ...history.future],
    mergeKey: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (!canRedo(history)) return history;
  return { past: [...history.past, history.present], present: next as T, future: rest, mergeKey: null };
}
