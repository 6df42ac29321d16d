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
import { layerName, positionDescription, type EditorT } from "./layer-labels.ts";
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
  /** The page's words (the editor namespace). */
  t: EditorT;
}

export type FocusRequest = { kind: "layer"; id: string } | { kind: "text-field" } | { kind: "add-text" };

/** "A design can have 20 layers: delete one to add another." */
export function layersFull(t: EditorT): string {
  return t("announce.layersFull", { max: DESIGN_LIMITS.maxLayers });
}

/** Saves a change to one layer, saying so when it crosses the safe zone's edge. */
export function commitLayerChange(
  editor: EditorContext,
  next: Design,
  id: string,
  options: { mergeKey?: string; message?: string } = {},
) {
  const before = editor.history.saved;
  editor.history.commit(next, options.mergeKey);
  const note = safeZoneNote(before, next, id, editor.outline, editor.t);
  if (options.message || note) editor.announce([options.message, note].filter(Boolean).join(" "));
}

export function addText(editor: EditorContext) {
  const { saved } = editor.history;
  const added = addLayer(saved, placeNewLayer(saved, newTextLayer(editor.outline, editor.t("layer.newText")), editor.outline));
  if (!added) return editor.announce(layersFull(editor.t));
  editor.history.commit(added.design);
  editor.select(added.id);
  editor.focus({ kind: "text-field" });
  editor.announce(editor.t("announce.addedText"));
}

export function addSticker(editor: EditorContext, emoji: SelectedEmoji) {
  const { saved } = editor.history;
  const sticker = { unified: emoji.unified, name: emoji.name.slice(0, DESIGN_LIMITS.emojiNameMaxChars) };
  if (!isEmojiUnified(sticker.unified) || !isEmojiName(sticker.name)) {
    return editor.announce(editor.t("announce.notASticker"));
  }
  const added = addLayer(saved, placeNewLayer(saved, newEmojiLayer(editor.outline, sticker), editor.outline));
  if (!added) return editor.announce(layersFull(editor.t));
  editor.history.commit(added.design);
  editor.select(added.id);
  editor.focus({ kind: "layer", id: added.id });
  const addedText = editor.t("announce.addedSticker", { name: sticker.name });
  editor.announce(emoji.imageUrl ? addedText : `${addedText} ${editor.t("announce.noArtwork")}`);
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
  editor.announce(editor.t("announce.deleted", { name: layerName(layer, editor.t) }));
}

export function duplicate(editor: EditorContext, id: string, focusCopy: boolean) {
  const copied = duplicateLayer(editor.history.saved, id, editor.outline);
  if (!copied) return editor.announce(layersFull(editor.t));
  editor.history.commit(copied.design);
  editor.select(copied.id);
  if (focusCopy) editor.focus({ kind: "layer", id: copied.id });
  editor.announce(editor.t("announce.duplicated"));
}

export function reorder(editor: EditorContext, id: string, move: ReorderMove, keepFocus: boolean) {
  const { saved } = editor.history;
  const next = reorderLayer(saved, id, move);
  if (next === saved) return editor.announce(editor.t(move === "forward" ? "announce.alreadyFront" : "announce.alreadyBack"));
  editor.history.commit(next);
  // Moving a focused element in the DOM drops its focus: give it back.
  if (keepFocus) editor.focus({ kind: "layer", id });
  const position = next.layers.findIndex((layer) => layer.id === id) + 1;
  const values = { position, total: next.layers.length };
  editor.announce(
    move === "forward" || move === "front" ? editor.t("announce.broughtForward", values) : editor.t("announce.sentBack", values),
  );
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
      const message = editor.t("announce.rotated", { degrees: findLayer(next, id)?.rotation ?? 0 });
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
  const position = positionDescription(moved, editor.t);
  const message = isLayerInSafeZone(moved, editor.outline)
    ? `${position}.`
    : `${position}, ${editor.t("safeZone.outsideInline")}.`;
  commitLayerChange(editor, next, id, { mergeKey: `nudge:${id}`, message });
}

/** Undo or redo; focus on a layer that the step took away goes to the canvas. */
export function restore(editor: EditorContext, kind: "undo" | "redo", canvas: SVGSVGElement | null) {
  const restored = kind === "undo" ? editor.history.undo() : editor.history.redo();
  if (!restored) return editor.announce(editor.t(kind === "undo" ? "announce.nothingToUndo" : "announce.nothingToRedo"));
  const focused = document.activeElement?.closest?.("[data-layer-id]")?.getAttribute("data-layer-id");
  if (focused && !findLayer(restored, focused)) canvas?.focus();
  editor.announce(editor.t(kind === "undo" ? "announce.undone" : "announce.redone"));
}

/** Says what a finished drag did, from the design before it (`before`) to after (`after`). */
export function announceDrag(editor: EditorContext, kind: DragKind, id: string, before: Design, after: Design) {
  const layer = findLayer(after, id);
  if (!layer) return;
  const done = {
    move: () => editor.t("announce.moved", { position: positionDescription(layer, editor.t) }),
    resize: () => editor.t("announce.resized"),
    rotate: () => editor.t("announce.rotated", { degrees: layer.rotation }),
  };
  editor.announce([done[kind](), safeZoneNote(before, after, id, editor.outline, editor.t)].filter(Boolean).join(" "));
}

/** "It is now outside the safe zone…" when the change took the layer over the edge, and back. */
export function safeZoneNote(before: Design, after: Design, id: string, outline: DeckOutline, t: EditorT): string {
  const was = findLayer(before, id);
  const now = findLayer(after, id);
  if (!was || !now) return "";
  const isInside = isLayerInSafeZone(now, outline);
  if (isLayerInSafeZone(was, outline) === isInside) return "";
  return t(isInside ? "announce.backInside" : "announce.nowOutside");
}
