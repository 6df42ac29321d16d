import type { InsertMode } from "./emoji-types.ts";

/** A selection in the field, in UTF-16 code units like selectionStart/selectionEnd. */
export interface TextSelection {
  start: number;
  end: number;
}

export interface InsertResult {
  text: string;
  /** Where the caret goes: right after the inserted emoji. */
  caret: number;
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(value, 0), max);
}

/**
 * Puts `emoji` into `text`. `insert` replaces the selection (a caret at 0 puts the emoji first: the original
 * turned 0 into "unknown" with `selectionEnd || -1` and appended); without a known caret it appends, as the
 * original did for a field never focused.
 */
export function insertEmoji(text: string, emoji: string, mode: InsertMode, selection: TextSelection | null): InsertResult {
  if (mode === "prepend") return { text: emoji + text, caret: emoji.length };
  if (mode === "append" || !selection) return { text: text + emoji, caret: text.length + emoji.length };
  const start = clamp(Math.min(selection.start, selection.end), text.length);
  const end = clamp(Math.max(selection.start, selection.end), text.length);
  return { text: text.slice(0, start) + emoji + text.slice(end), caret: start + emoji.length };
}
