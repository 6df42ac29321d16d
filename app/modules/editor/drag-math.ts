import type { DeckOutline, Point } from "#app/modules/design/deck-geometry.ts";
import type { Design, Layer } from "#app/modules/design/design.ts";
import { moveLayerTo, resizeLayer, rotateLayer } from "#app/modules/design/design-model.ts";

/** Pointer arithmetic for the editor's handles, in deck millimetres. */

/** Rotation steps while Shift is held. */
export const ROTATION_SNAP_DEGREES = 15;

/** Direction from `from` to `to`, in degrees clockwise from "right" (SVG's y axis points down). */
export function angleOf(from: Point, to: Point): number {
  return (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
}

/** The rotation after dragging a rotate handle from `start` to `current` around `centre`. */
export function rotationAfterDrag(
  centre: Point,
  start: Point,
  current: Point,
  startRotation: number,
  snap: boolean,
): number {
  const rotation = startRotation + angleOf(centre, current) - angleOf(centre, start);
  return snap ? Math.round(rotation / ROTATION_SNAP_DEGREES) * ROTATION_SNAP_DEGREES : rotation;
}

/** The scale after dragging a resize handle from `start` to `current`: the ratio of distances from the centre. */
export function scaleAfterDrag(centre: Point, start: Point, current: Point): number {
  const from = Math.hypot(start.x - centre.x, start.y - centre.y);
  if (from < 1e-6) return 1;
  return Math.hypot(current.x - centre.x, current.y - centre.y) / from;
}

export function difference(from: Point, to: Point): Point {
  return { x: to.x - from.x, y: to.y - from.y };
}

export type DragKind = "move" | "resize" | "rotate";

/** A pointer drag on a layer or one of its handles, from where it started. */
export interface LayerDrag {
  kind: DragKind;
  layer: Layer;
  /** The design when the drag began: every step is computed from it, so no rounding piles up. */
  design: Design;
  /** Where the pointer went down, on the deck. */
  start: Point;
}

/** The design with the drag applied up to `pointer`; Shift snaps rotation to 15° steps. */
export function designAfterDrag(drag: LayerDrag, pointer: Point, outline: DeckOutline, shiftKey: boolean): Design {
  const { layer, design, start } = drag;
  if (drag.kind === "move") {
    const by = difference(start, pointer);
    return moveLayerTo(design, layer.id, { x: layer.x + by.x, y: layer.y + by.y }, outline);
  }
  if (drag.kind === "resize") return resizeLayer(design, layer.id, scaleAfterDrag(layer, start, pointer));
  return rotateLayer(design, layer.id, rotationAfterDrag(layer, start, pointer, layer.rotation, shiftKey));
}
