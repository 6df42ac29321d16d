import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import type { FocusRequest } from "./editor-actions.ts";
import type { CanvasLayerHandlers } from "./editor-canvas.tsx";

/** The live region's text; a repeated message gets a trailing no-break space so that it is spoken again. */
export function useAnnouncer() {
  const [status, setStatus] = useState("");
  const announce = (message: string) => setStatus((previous) => (previous === message ? `${message}\u00a0` : message));
  return [status, announce] as const;
}

export function focusLayerElement(svg: SVGSVGElement | null, id: string) {
  const element = svg?.querySelector<SVGGElement>(`[data-layer-id="${CSS.escape(id)}"]`);
  element?.focus({ preventScroll: true });
}

/**
 * Focus to move once the change is on screen: the new layer, the text field of a new text, or "Add text"
 * when the last layer was deleted.
 */
export function useFocusRequests(svgRef: RefObject<SVGSVGElement | null>, toolsRef: RefObject<HTMLElement | null>) {
  const [request, setRequest] = useState<FocusRequest | null>(null);
  useEffect(() => {
    if (!request) return;
    const tools = toolsRef.current;
    if (request.kind === "layer") focusLayerElement(svgRef.current, request.id);
    else if (request.kind === "text-field") tools?.querySelector<HTMLTextAreaElement>(".editor-textarea")?.select();
    else tools?.querySelector<HTMLButtonElement>("[data-add-text]")?.focus();
    setRequest(null);
  }, [request, svgRef, toolsRef]);
  return setRequest;
}

/**
 * One object for every layer on the canvas, whose functions call the latest handlers: the layers are memoised,
 * and a new object each render would redraw all of them at every pointer move.
 */
export function useStableHandlers(handlers: CanvasLayerHandlers): CanvasLayerHandlers {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  return useMemo(
    () => ({
      onPointerDown: (event, layer, kind) => latest.current.onPointerDown(event, layer, kind),
      onFocus: (layer) => latest.current.onFocus(layer),
      onKeyDown: (event, layer) => latest.current.onKeyDown(event, layer),
    }),
    [],
  );
}
