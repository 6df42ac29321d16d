import { useRef, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import type { DeckOutline, Point } from "#app/modules/design/deck-geometry.ts";
import type { Design, Layer } from "#app/modules/design/design.ts";
import { designAfterDrag, type DragKind, type LayerDrag } from "./drag-math.ts";
import type { DesignHistory } from "./use-design-history.ts";

interface ActiveDrag extends LayerDrag {
  pointerId: number;
  /** The last design shown; saved when the pointer is released. */
  latest: Design | null;
}

export interface LayerDragOptions {
  svgRef: RefObject<SVGSVGElement | null>;
  outline: DeckOutline;
  history: DesignHistory;
  /** After a drag that changed the design was saved, with the design before and after. */
  onDragEnd(kind: DragKind, layerId: string, before: Design, after: Design): void;
}

/**
 * Dragging layers and their handles with a mouse, a finger or a pen (pointer events, captured by the canvas so
 * that the drag goes on outside it). The design is previewed while the pointer moves and saved once, as one
 * step to undo, when it is released; a cancelled pointer (a system gesture) leaves the design as it was.
 */
export function useLayerDrag({ svgRef, outline, history, onDragEnd }: LayerDragOptions) {
  const active = useRef<ActiveDrag | null>(null);

  function begin(kind: DragKind, event: ReactPointerEvent, layer: Layer) {
    const svg = svgRef.current;
    if (!svg || event.button !== 0 || active.current) return;
    event.preventDefault(); // no text selection, no emulated mouse events
    svg.setPointerCapture(event.pointerId);
    const start = toDeckPoint(svg, event);
    active.current = { kind, layer, design: history.saved, start, pointerId: event.pointerId, latest: null };
  }

  function move(event: ReactPointerEvent) {
    const drag = active.current;
    const svg = svgRef.current;
    if (!drag || !svg || event.pointerId !== drag.pointerId) return;
    drag.latest = designAfterDrag(drag, toDeckPoint(svg, event), outline, event.shiftKey);
    history.preview(drag.latest);
  }

  function end(event: ReactPointerEvent, keep: boolean) {
    const drag = active.current;
    if (!drag || event.pointerId !== drag.pointerId) return;
    active.current = null;
    if (keep && drag.latest && drag.latest !== drag.design) {
      history.commit(drag.latest);
      onDragEnd(drag.kind, drag.layer.id, drag.design, drag.latest);
    } else {
      history.preview(null);
    }
  }

  return {
    begin,
    isDragging: () => active.current !== null,
    canvasHandlers: {
      onPointerMove: move,
      onPointerUp: (event: ReactPointerEvent) => end(event, true),
      onPointerCancel: (event: ReactPointerEvent) => end(event, false),
      onLostPointerCapture: (event: ReactPointerEvent) => end(event, true),
    },
  };
}

/** The pointer's position in deck millimetres, whatever the canvas's size and scroll. */
export function toDeckPoint(svg: SVGSVGElement, event: { clientX: number; clientY: number }): Point {
  const matrix = svg.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}
