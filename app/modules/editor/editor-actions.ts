import type { SelectedEmoji } from "#app/modules/emoji/index.ts";
import type { DeckOutline } from "#app/modules/design/deck-geometry.ts";
import { DESIGN_LIMITS, isEmojiName, isEmojiUnified, type Design } from "#app/modules/design/design.ts";
import {
  addLayer,
  duplicateLayer,
  findLayer,
  isLayerInSafeZone,
  moveLayer,
  newEmojiLayer,
  newTextLayer,
  removeLayer,
  reorderLayer,
  resizeLayer,
  rotateLayerBy,
  type ReorderMove,
} from "#app/modules/design/design-model.ts";
import type { DragKind } from "./drag-math.ts";
import type { LayerAction } from "./editor-keys.ts";
import { placeNewLayer } from "./layer-placement.ts";
import { layerName, OUTSIDE_SAFE_ZONE, positionDescription } from "./layer-labels.ts";
import type { DesignHistory } from "./use-design-history.ts";

/**
 * What the editor does when the buyer acts: change the design (one step to undo), select, move focus where the
 * buyer will want it next, and say what happened in the live region.
 */
export interface EditorContext {
  history: DesignHistory;
  outline: DeckOutline;
  select(id: string | null): void;
  focus(request: FocusRequest): void;
  announce(message: string): void;
}

export type FocusRequest = { kind: "layer"; id: string } | { kind: "text-field" } | { kind: "add-text" };

export const LAYERS_FULL = `A design can have ${DESIGN_LIMITS.maxLayers} layers: delete one to add another.`;
const NO_ARTWORK =
  "This emoji is newer than our print artwork: you see your device's version, and it will be left out of the print. " +
  "Choose another emoji to be sure it prints.";

/** Saves a change to one layer, saying so when it crosses the safe zone's edge. */
export function commitLayerChange(
  editor: EditorContext,
  next: Design,
  id: string,
  options: { mergeKey?: string; message?: string } = {},
) {
  const before = editor.history.saved;
  editor.history.commit(next, options.mergeKey);
  const note = safeZoneNote(before, next, id, editor.outline);
  if (options.message || note) editor.announce([options.message, note].filter(Boolean).join(" "));
}

export function addText(editor: EditorContext) {
  const { saved } = editor.history;
  const added = addLayer(saved, placeNewLayer(saved, newTextLayer(editor.outline), editor.outline));
  if (!added) return editor.announce(LAYERS_FULL);
  editor.history.commit(added.design);
  editor.select(added.id);
  editor.focus({ kind: "text-field" });
  editor.announce("Added a text layer. Type your text in the Text field.");
}

export function addSticker(editor: EditorContext, emoji: SelectedEmoji) {
  const { saved } = editor.history;
  const sticker = { unified: emoji.unified, name: emoji.name.slice(0, DESIGN_LIMITS.emojiNameMaxChars) };
  if (!isEmojiUnified(sticker.unified) || !isEmojiName(sticker.name)) {
    return editor.announce("This emoji cannot be a sticker.");
  }
  const added = addLayer(saved, placeNewLayer(saved, newEmojiLayer(editor.outline, sticker), editor.outline));
  if (!added) return editor.announce(LAYERS_FULL);
  editor.history.commit(added.design);
  editor.select(added.id);
  editor.focus({ kind: "layer", id: added.id });
  editor.announce(`Added the sticker ${sticker.name}.${emoji.imageUrl ? "" : ` ${NO_ARTWORK}`}`);
}

/** Deletes the layer and selects the one behind it (or in front, if it was the back one). */
export function remove(editor: EditorContext, id: string) {
  const { saved } = editor.history;
  const index = saved.layers.findIndex((layer) => layer.id === id);
  const layer = saved.layers[index];
  if (!layer) return;
  const next = removeLayer(saved, id);
  editor.history.commit(next);
  const neighbour = next.layers[Math.max(0, index - 1)];
  editor.select(neighbour?.id ?? null);
  editor.focus(neighbour ? { kind: "layer", id: neighbour.id } : { kind: "add-text" });
  editor.announce(`Deleted ${layerName(layer)}.`);
}

export function duplicate(editor: EditorContext, id: string, focusCopy: boolean) {
  const copied = duplicateLayer(editor.history.saved, id, editor.outline);
  if (!copied) return editor.announce(LAYERS_FULL);
  editor.history.commit(copied.design);
  editor.select(copied.id);
  if (focusCopy) editor.focus({ kind: "layer", id: copied.id });
  editor.announce("Duplicated. The copy is selected, in front of the original.");
}

export function reorder(editor: EditorContext, id: string, move: ReorderMove, keepFocus: boolean) {
  const { saved } = editor.history;
  const next = reorderLayer(saved, id, move);
  if (next === saved) return editor.announce(move === "forward" ? "Already at the front." : "Already at the back.");
  editor.history.commit(next);
  // Moving a focused element in the DOM drops its focus: give it back.
  if (keepFocus) editor.focus({ kind: "layer", id });
  const position = next.layers.findIndex((layer) => layer.id === id) + 1;
  const moved = move === "forward" || move === "front" ? "Brought forward" : "Sent back";
  editor.announce(`${moved}: layer ${position} of ${next.layers.length}.`);
}

/** A keyboard shortcut on a focused layer (editor-keys.ts). */
export function runLayerAction(editor: EditorContext, action: LayerAction, id: string) {
  const { saved } = editor.history;
  switch (action.kind) {
    case "nudge":
      return nudge(editor, id, action.by);
    case "resize":
      return commitLayerChange(editor, resizeLayer(saved, id, action.factor), id, { mergeKey: `size:${id}` });
    case "rotate": {
      const next = rotateLayerBy(saved, id, action.by);
      const message = `Rotated to ${findLayer(next, id)?.rotation ?? 0}°.`;
      return commitLayerChange(editor, next, id, { mergeKey: `rotate:${id}`, message });
    }
    case "remove":
      return remove(editor, id);
    case "duplicate":
      return duplicate(editor, id, true);
    case "reorder":
      return reorder(editor, id, action.move, true);
  }
}

/** Each step says where the layer is, and while it is outside the safe zone, that too. */
function nudge(editor: EditorContext, id: string, by: { x: number; y: number }) {
  const next = moveLayer(editor.history.saved, id, by, editor.outline);
  const moved = findLayer(next, id);
  if (!moved) return;
  const flag = isLayerInSafeZone(moved, editor.outline) ? "" : `, ${OUTSIDE_SAFE_ZONE}`;
  commitLayerChange(editor, next, id, { mergeKey: `nudge:${id}`, message: `${positionDescription(moved)}${flag}.` });
}

/** Undo or redo; focus on a layer that the step took away goes to the canvas. */
export function restore(editor: EditorContext, kind: "undo" | "redo", canvas: SVGSVGElement | null) {
  const restored = kind === "undo" ? editor.history.undo() : editor.history.redo();
  if (!restored) return editor.announce(kind === "undo" ? "Nothing to undo." : "Nothing to redo.");
  const focused = document.activeElement?.closest?.("[data-layer-id]")?.getAttribute("data-layer-id");
  if (focused && !findLayer(restored, focused)) canvas?.focus();
  editor.announce(kind === "undo" ? "Undone." : "Redone.");
}

/** Says what a finished drag did, from the design before it (`before`) to after (`after`). */
export function announceDrag(editor: EditorContext, kind: DragKind, id: string, before: Design, after: Design) {
  const layer = findLayer(after, id);
  if (!layer) return;
  const done = {
    move: `Moved to ${positionDescription(layer)}.`,
    resize: "Resized.",
    rotate: `Rotated to ${layer.rotation}°.`,
  };
  editor.announce([done[kind], safeZoneNote(before, after, id, editor.outline)].filter(Boolean).join(" "));
}

/** "It is now outside the safe zone…" when the change took the layer over the edge, and back. */
export function safeZoneNote(before: Design, after: Design, id: string, outline: DeckOutline): string {
  const was = findLayer(before, id);
  const now = findLayer(after, id);
  if (!was || !now) return "";
  const isInside = isLayerInSafeZone(now, outline);
  if (isLayerInSafeZone(was, outline) === isInside) return "";
  return isInside ? "It is back inside the safe zone." : `It is now ${OUTSIDE_SAFE_ZONE}: it may be cut off.`;
}
