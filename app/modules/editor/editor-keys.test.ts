import { describe, expect, it } from "vitest";
import {
  BIG_NUDGE_MM,
  BUTTON_SHORTCUTS,
  historyKeyAction,
  layerKeyAction,
  NUDGE_MM,
  type KeyPress,
} from "./editor-keys.ts";

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe("layerKeyAction", () => {
  it("nudges with the arrows, further with Shift", () => {
    expect(layerKeyAction(press("ArrowRight"))).toEqual({ kind: "nudge", by: { x: NUDGE_MM, y: 0 } });
    expect(layerKeyAction(press("ArrowUp", { shiftKey: true }))).toEqual({
      kind: "nudge",
      by: { x: 0, y: -BIG_NUDGE_MM },
    });
  });

  it("removes with Delete and Backspace", () => {
    expect(layerKeyAction(press("Delete"))).toEqual({ kind: "remove" });
    expect(layerKeyAction(press("Backspace"))).toEqual({ kind: "remove" });
  });

  it("duplicates with Ctrl+D and Cmd+D", () => {
    expect(layerKeyAction(press("d", { ctrlKey: true }))).toEqual({ kind: "duplicate" });
    expect(layerKeyAction(press("D", { metaKey: true, shiftKey: true }))).toEqual({ kind: "duplicate" });
  });

  it("orders, resizes and rotates with single keys", () => {
    expect(layerKeyAction(press("]"))).toEqual({ kind: "reorder", move: "forward" });
    expect(layerKeyAction(press("["))).toEqual({ kind: "reorder", move: "backward" });
    expect(layerKeyAction(press("+"))).toMatchObject({ kind: "resize" });
    expect(layerKeyAction(press("-"))).toMatchObject({ kind: "resize" });
    expect(layerKeyAction(press("r"))).toEqual({ kind: "rotate", by: 15 });
    expect(layerKeyAction(press("R", { shiftKey: true }))).toEqual({ kind: "rotate", by: -15 });
  });

  it("leaves other keys and browser shortcuts to the browser", () => {
    expect(layerKeyAction(press("Tab"))).toBeNull();
    expect(layerKeyAction(press("a"))).toBeNull();
    expect(layerKeyAction(press("z", { ctrlKey: true }))).toBeNull();
    expect(layerKeyAction(press("ArrowLeft", { altKey: true }))).toBeNull();
    expect(layerKeyAction(press("ArrowLeft", { metaKey: true }))).toBeNull();
  });
});

describe("historyKeyAction", () => {
  it("undoes with Ctrl+Z or Cmd+Z and redoes with Shift added or Ctrl+Y", () => {
    expect(historyKeyAction(press("z", { ctrlKey: true }))).toBe("undo");
    expect(historyKeyAction(press("z", { metaKey: true }))).toBe("undo");
    expect(historyKeyAction(press("Z", { ctrlKey: true, shiftKey: true }))).toBe("redo");
    expect(historyKeyAction(press("Z", { metaKey: true, shiftKey: true }))).toBe("redo");
    expect(historyKeyAction(press("y", { ctrlKey: true }))).toBe("redo");
  });

  it("ignores Z alone and with Alt", () => {
    expect(historyKeyAction(press("z"))).toBeNull();
    expect(historyKeyAction(press("z", { ctrlKey: true, altKey: true }))).toBeNull();
  });
});

/** One alternative of an aria-keyshortcuts value ("Control+Shift+Z") as the browser reports the key press. */
function pressOf(shortcut: string): KeyPress {
  const parts = shortcut.split("+");
  const modifiers = new Set(parts.slice(0, -1));
  const name = parts.at(-1)!;
  const shiftKey = modifiers.has("Shift");
  const key = name.length === 1 ? (shiftKey ? name.toUpperCase() : name.toLowerCase()) : name;
  return { key, shiftKey, ctrlKey: modifiers.has("Control"), metaKey: modifiers.has("Meta"), altKey: modifiers.has("Alt") };
}

describe("the buttons' aria-keyshortcuts do what the buttons do", () => {
  const layerActions = {
    duplicate: { kind: "duplicate" },
    remove: { kind: "remove" },
    forward: { kind: "reorder", move: "forward" },
    backward: { kind: "reorder", move: "backward" },
  } as const;
  const cases = Object.entries(BUTTON_SHORTCUTS).flatMap(([button, value]) =>
    value.split(" ").map((shortcut) => [button, shortcut] as const),
  );

  it.each(cases)("%s: %s", (button, shortcut) => {
    const keyPress = pressOf(shortcut);
    if (button === "undo" || button === "redo") expect(historyKeyAction(keyPress)).toBe(button);
    else expect(layerKeyAction(keyPress)).toEqual(layerActions[button as keyof typeof layerActions]);
  });
});
