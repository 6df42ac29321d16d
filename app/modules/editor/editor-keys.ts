import type { Point } from "#app/modules/design/deck-geometry.ts";
import type { ReorderMove } from "#app/modules/design/design-model.ts";

/** The editor's keyboard shortcuts as data, so that they are tested without a browser and listed in one place. */

export const NUDGE_MM = 1;
export const BIG_NUDGE_MM = 10;
export const KEY_ROTATION_DEGREES = 15;
export const KEY_RESIZE_FACTOR = 1.1;

export type LayerAction =
  | { kind: "nudge"; by: Point }
  | { kind: "remove" }
  | { kind: "duplicate" }
  | { kind: "reorder"; move: ReorderMove }
  | { kind: "resize"; factor: number }
  | { kind: "rotate"; by: number };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** What a key pressed on a focused layer does, or null to leave the key to the browser. */
export function layerKeyAction(press: KeyPress): LayerAction | null {
  const command = press.ctrlKey || press.metaKey;
  if (press.altKey) return null;
  const arrow = ARROWS[press.key];
  if (arrow && !command) {
    const step = press.shiftKey ? BIG_NUDGE_MM : NUDGE_MM;
    return { kind: "nudge", by: { x: arrow.x * step, y: arrow.y * step } };
  }
  if (command) return press.key.toLowerCase() === "d" ? { kind: "duplicate" } : null;
  return plainKeyAction(press.key);
}

function plainKeyAction(key: string): LayerAction | null {
  switch (key) {
    case "Delete":
    case "Backspace":
      return { kind: "remove" };
    case "]":
      return { kind: "reorder", move: "forward" };
    case "[":
      return { kind: "reorder", move: "backward" };
    case "+":
    case "=":
      return { kind: "resize", factor: KEY_RESIZE_FACTOR };
    case "-":
      return { kind: "resize", factor: 1 / KEY_RESIZE_FACTOR };
    case "r":
      return { kind: "rotate", by: KEY_ROTATION_DEGREES };
    case "R":
      return { kind: "rotate", by: -KEY_ROTATION_DEGREES };
    default:
      return null;
  }
}

/** Ctrl/Cmd+Z undoes; Shift+Ctrl/Cmd+Z and Ctrl+Y redo. */
export function historyKeyAction(press: KeyPress): "undo" | "redo" | null {
  if (!(press.ctrlKey || press.metaKey) || press.altKey) return null;
  const key = press.key.toLowerCase();
  if (key === "z") return press.shiftKey ? "redo" : "undo";
  if (key === "y" && press.ctrlKey && !press.shiftKey) return "redo";
  return null;
}

/**
 * The shortcuts of the editor's buttons as `aria-keyshortcuts` spells them (space-separated alternatives). The
 * handlers above are the truth: editor-keys.test.ts presses each of these and expects the button's action.
 */
export const BUTTON_SHORTCUTS = {
  duplicate: "Control+D Meta+D",
  remove: "Delete Backspace",
  forward: "]",
  backward: "[",
  undo: "Control+Z Meta+Z",
  redo: "Control+Shift+Z Meta+Shift+Z Control+Y",
} as const;

/**
 * The shortcuts as the editor's help lists them: the keys and what they do are the editor namespace's
 * `shortcuts.<id>.keys` and `.does` (German keyboards say Strg and Entf), with the steps below as values.
 */
export const SHORTCUTS = ["layers", "move", "resize", "rotate", "order", "duplicate", "remove", "undo", "redo"] as const;
export const SHORTCUT_VALUES = { step: NUDGE_MM, bigStep: BIG_NUDGE_MM, degrees: KEY_ROTATION_DEGREES };
