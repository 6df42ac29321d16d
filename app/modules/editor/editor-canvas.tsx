import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { formatDeckSize, formatPercent } from "#app/modules/catalog/format.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import {
  memo,
  useEffect,
  useId,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type PointerEventHandler,
  type RefObject,
  type SVGProps,
} from "react";
import { boltHoles, outlineRect, SAFE_MARGIN_MM, type DeckOutline, type Point } from "#app/modules/design/deck-geometry.ts";
import type { Design, Layer } from "#app/modules/design/design.ts";
import { LayerArt, placementTransform } from "#app/modules/design/design-art.tsx";
import { layerCorners, layerSize, toDeck } from "#app/modules/design/design-model.ts";
import type { DragKind } from "./drag-math.ts";
import { ScriptButton } from "#app/components/script-button.tsx";
import { layerDescription } from "./layer-labels.ts";

/** Room around the deck for the handles of a layer at its edge, in mm. */
const MARGIN_MM = 24;
/** Handle sizes in screen pixels, whatever the zoom: big enough for a fingertip. */
const HANDLE_RADIUS_PX = 9;
const HANDLE_HIT_RADIUS_PX = 22;
/** The rotate handle's stem: long, or shorter where a long one would put the handle off the canvas. */
const ROTATE_STEMS_PX = [30, 22, 14];

/** What a layer on the canvas calls; a stable object, so that unchanged layers are not redrawn. */
export interface CanvasLayerHandlers {
  onPointerDown(event: PointerEvent, layer: Layer, kind: DragKind): void;
  onFocus(layer: Layer): void;
  onKeyDown(event: KeyboardEvent, layer: Layer): void;
}

interface EditorCanvasProps {
  svgRef: RefObject<SVGSVGElement | null>;
  design: Design;
  outline: DeckOutline;
  selectedId: string | null;
  outside: ReadonlySet<string>;
  handlers: CanvasLayerHandlers;
  canvasHandlers: Record<string, PointerEventHandler>;
  /** A press on the deck or around it, not on a layer. */
  onBackgroundPointerDown(): void;
  /** Describes the keys of a focused layer. */
  helpId: string;
  /** The legend of the deck's lines (CanvasLegend), which the editor shows with its tools. */
  legendId: string;
}

/**
 * The deck in true proportions with its print area, cut line and safe zone, and the layers, each a focusable
 * control (Tab moves between them). The selected layer gets a frame with a resize and a rotate handle.
 */
export function EditorCanvas(props: EditorCanvasProps) {
  const { svgRef, design, outline, selectedId, outside, handlers } = props;
  const clipId = `editor-clip-${useId().replace(/[^\w-]/g, "")}`;
  const pixelsPerMm = usePixelsPerMm(svgRef);
  useNoScrollFromLayers(svgRef);
  const selected = design.layers.find((layer) => layer.id === selectedId);
  const [zoom, setZoom] = useState(1);
  const { t } = useTranslation("editor");
  const locale = useLocale();
  return (
    <figure className="editor-canvas">
      <ZoomControl zoom={zoom} onZoom={setZoom} />
      {/* A data attribute, not a style attribute: the page's policy allows no inline styles (editor.css maps each step). */}
      <div className="editor-canvas__viewport" data-zoom={zoom}>
        <svg
          ref={svgRef}
          className="editor-canvas__svg"
          viewBox={`${-MARGIN_MM} ${-MARGIN_MM} ${outline.width + 2 * MARGIN_MM} ${outline.length + 2 * MARGIN_MM}`}
          role="group"
          aria-label={t("canvas.label", { size: formatDeckSize(outline.sizeInches, locale), count: design.layers.length })}
          aria-describedby={props.legendId}
          tabIndex={-1}
          onPointerDown={props.onBackgroundPointerDown}
          {...props.canvasHandlers}
        >
          <defs>
            <clipPath id={clipId}>
              <rect {...outlineRect(outline)} />
            </clipPath>
          </defs>
          <DeckBackdrop outline={outline} background={design.background} />
          <g clipPath={`url(#${clipId})`}>
            {design.layers.map((layer, index) => (
              <CanvasLayer
                key={layer.id}
                layer={layer}
                index={index}
                count={design.layers.length}
                selected={layer.id === selectedId}
                outside={outside.has(layer.id)}
                handlers={handlers}
                helpId={props.helpId}
              />
            ))}
          </g>
          <DeckGuides outline={outline} />
          <SafeZoneFlags layers={design.layers.filter((layer) => outside.has(layer.id))} />
          {selected ? (
            <SelectionFrame layer={selected} outline={outline} pixelsPerMm={pixelsPerMm} handlers={handlers} />
          ) : null}
        </svg>
      </div>
    </figure>
  );
}

interface CanvasLayerProps {
  layer: Layer;
  index: number;
  count: number;
  selected: boolean;
  outside: boolean;
  handlers: CanvasLayerHandlers;
  helpId: string;
}

const CanvasLayer = memo(function CanvasLayer({
  layer,
  index,
  count,
  selected,
  outside,
  handlers,
  helpId,
}: CanvasLayerProps) {
  const { width, height } = layerSize(layer);
  const { t } = useTranslation("editor");
  return (
    <g
      className="editor-layer"
      data-layer-id={layer.id}
      tabIndex={0}
      role="button"
      aria-pressed={selected}
      aria-label={layerDescription(layer, index, count, outside, t)}
      aria-describedby={helpId}
      onPointerDown={(event) => handlers.onPointerDown(event, layer, "move")}
      onFocus={() => handlers.onFocus(layer)}
      onKeyDown={(event) => handlers.onKeyDown(event, layer)}
    >
      {/* The whole box takes the pointer, not only the strokes of the letters. */}
      <rect
        className="editor-layer__hit"
        transform={placementTransform(layer)}
        x={-width / 2}
        y={-height / 2}
        width={width}
        height={height}
      />
      <LayerArt layer={layer} />
    </g>
  );
});

/** The print area (the rectangle printed, bleed included) under the deck, which has the background. */
function DeckBackdrop({ outline, background }: { outline: DeckOutline; background: string }) {
  return (
    <g aria-hidden="true">
      <rect className="editor-print-area" width={outline.width} height={outline.length} fill={background} />
      <rect {...outlineRect(outline)} fill={background} />
    </g>
  );
}

function DeckGuides({ outline }: { outline: DeckOutline }) {
  return (
    <g aria-hidden="true" className="editor-guides">
      {boltHoles(outline).map((hole) => (
        <circle key={`${hole.x} ${hole.y}`} className="editor-guides__bolt" cx={hole.x} cy={hole.y} r="2.5" />
      ))}
      <GuideRect kind="print-area" width={outline.width} height={outline.length} />
      <GuideRect kind="safe" {...outlineRect(outline, SAFE_MARGIN_MM)} />
      <GuideRect kind="edge" {...outlineRect(outline)} />
    </g>
  );
}

/** A guide line over a light halo, so that it shows on a dark background as well as on a light one. */
function GuideRect({ kind, ...rect }: { kind: string } & SVGProps<SVGRectElement>) {
  return (
    <>
      <rect className="editor-guides__halo" {...rect} />
      <rect className={`editor-guides__line editor-guides__line--${kind}`} {...rect} />
    </>
  );
}

/** A red dashed frame around each layer outside the safe zone (the layer's name says so to screen readers). */
function SafeZoneFlags({ layers }: { layers: Layer[] }) {
  return (
    <g aria-hidden="true">
      {layers.map((layer) => (
        <g key={layer.id} className="editor-flag">
          <polygon className="editor-flag__halo" points={pointsOf(layerCorners(layer))} />
          <polygon className="editor-flag__line" points={pointsOf(layerCorners(layer))} />
        </g>
      ))}
    </g>
  );
}

interface SelectionFrameProps {
  layer: Layer;
  outline: DeckOutline;
  pixelsPerMm: number;
  handlers: CanvasLayerHandlers;
}

/** The selected layer's frame and handles, drawn over everything and never cut by the deck's outline. */
function SelectionFrame({ layer, outline, pixelsPerMm, handlers }: SelectionFrameProps) {
  const toMm = (pixels: number) => pixels / pixelsPerMm;
  const { height } = layerSize(layer);
  const top = toDeck(layer, { x: 0, y: -height / 2 });
  const canvas = handleArea(outline, toMm);
  const knob = rotateKnob(layer, canvas, toMm);
  const corner = resizeKnob(layer, canvas);
  return (
    // Handles are for pointers; the keyboard resizes and rotates with keys and with the layer's controls.
    <g className="editor-selection" aria-hidden="true">
      <polygon className="editor-selection__halo" points={pointsOf(layerCorners(layer))} />
      <polygon className="editor-selection__frame" points={pointsOf(layerCorners(layer))} />
      <line className="editor-selection__stem" x1={top.x} y1={top.y} x2={knob.x} y2={knob.y} />
      <Handle
        kind="rotate"
        at={knob}
        radius={toMm(HANDLE_RADIUS_PX)}
        hitRadius={toMm(HANDLE_HIT_RADIUS_PX)}
        onPointerDown={(event) => handlers.onPointerDown(event, layer, "rotate")}
      />
      <Handle
        kind="resize"
        at={corner}
        radius={toMm(HANDLE_RADIUS_PX)}
        hitRadius={toMm(HANDLE_HIT_RADIUS_PX)}
        onPointerDown={(event) => handlers.onPointerDown(event, layer, "resize")}
      />
    </g>
  );
}

/** Where a handle's centre may be for the whole handle to be on the canvas (the deck and the margin around it). */
interface HandleArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function handleArea(outline: DeckOutline, toMm: (pixels: number) => number): HandleArea {
  const reach = MARGIN_MM - toMm(HANDLE_RADIUS_PX);
  return { left: -reach, top: -reach, right: outline.width + reach, bottom: outline.length + reach };
}

const inArea = (area: HandleArea, point: Point) =>
  point.x >= area.left && point.x <= area.right && point.y >= area.top && point.y <= area.bottom;

/**
 * Where the resize handle goes: on the bottom-right corner, or, when a layer is wider than the canvas (a long text
 * at its largest size), pulled in along the line from the centre to that corner until it is on the canvas.
 * Dragging scales by the ratio of distances from the centre, so a handle anywhere on that line works the same.
 */
function resizeKnob(layer: Layer, area: HandleArea): Point {
  const corner = layerCorners(layer)[2] as Point;
  const centre = { x: layer.x, y: layer.y };
  if (inArea(area, corner) || !inArea(area, centre)) return corner;
  const dx = corner.x - centre.x;
  const dy = corner.y - centre.y;
  // The share of the way to the corner at which the line leaves the area, on whichever side it leaves first.
  const shareAlong = (delta: number, low: number, high: number, from: number) =>
    delta > 0 ? (high - from) / delta : delta < 0 ? (low - from) / delta : 1;
  const share = Math.min(1, shareAlong(dx, area.left, area.right, centre.x), shareAlong(dy, area.top, area.bottom, centre.y));
  return { x: centre.x + dx * share, y: centre.y + dy * share };
}

/** Where the rotate handle goes: above the layer, as far out as the canvas leaves room for. */
function rotateKnob(layer: Layer, area: HandleArea, toMm: (pixels: number) => number): Point {
  const { height } = layerSize(layer);
  const knobs = ROTATE_STEMS_PX.map((stem) => toDeck(layer, { x: 0, y: -height / 2 - toMm(stem) }));
  return knobs.find((knob) => inArea(area, knob)) ?? (knobs.at(-1) as Point);
}

interface HandleProps {
  kind: "rotate" | "resize";
  at: Point;
  radius: number;
  hitRadius: number;
  onPointerDown(event: PointerEvent): void;
}

function Handle({ kind, at, radius, hitRadius, onPointerDown }: HandleProps) {
  return (
    <g className={`editor-handle editor-handle--${kind}`} data-handle={kind} onPointerDown={onPointerDown}>
      <circle className="editor-handle__hit" cx={at.x} cy={at.y} r={hitRadius} />
      <circle className="editor-handle__knob" cx={at.x} cy={at.y} r={radius} />
    </g>
  );
}

/** The zoom steps; editor.css gives each `data-zoom` its --editor-zoom. */
const ZOOMS = [1, 1.5, 2, 3];

/** Zooming in makes small layers easy to grab; the canvas then scrolls inside its frame. */
function ZoomControl({ zoom, onZoom }: { zoom: number; onZoom(zoom: number): void }) {
  const index = ZOOMS.indexOf(zoom);
  const { t } = useTranslation("editor");
  const locale = useLocale();
  return (
    <div className="editor-zoom" role="group" aria-label={t("zoom.label")}>
      <ScriptButton
        className="button button--small"
        disabled={index <= 0}
        onClick={() => onZoom(ZOOMS[index - 1] ?? zoom)}
      >
        <span aria-hidden="true">−</span>
        <span className="visually-hidden">{t("zoom.out")}</span>
      </ScriptButton>
      <span className="editor-zoom__level" aria-live="polite">
        {formatPercent(Math.round(zoom * 100) * 100, locale)}
      </span>
      <ScriptButton
        className="button button--small"
        disabled={index >= ZOOMS.length - 1}
        onClick={() => onZoom(ZOOMS[index + 1] ?? zoom)}
      >
        <span aria-hidden="true">+</span>
        <span className="visually-hidden">{t("zoom.in")}</span>
      </ScriptButton>
    </div>
  );
}

/** What the lines on the canvas mean, in the buyer's words. */
export function CanvasLegend({ id }: { id: string }) {
  const { t } = useTranslation("editor");
  return (
    <div id={id} className="editor-legend">
      <span className="editor-legend__item editor-legend__item--edge">{t("legend.edge")}</span>
      <span className="editor-legend__item editor-legend__item--safe">{t("legend.safe")}</span>
      <span className="editor-legend__item editor-legend__item--print">{t("legend.print")}</span>
      <span className="editor-legend__item editor-legend__item--flag">{t("legend.flag")}</span>
    </div>
  );
}

function pointsOf(points: Point[]): string {
  return points.map((point) => `${point.x},${point.y}`).join(" ");
}

/**
 * A finger on a layer or a handle drags it instead of scrolling the page; elsewhere on the canvas it scrolls.
 * CSS touch-action cannot say this: Chromium applies it to the <svg> as a whole, not to the shapes inside.
 */
function useNoScrollFromLayers(svgRef: RefObject<SVGSVGElement | null>) {
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onTouchStart = (event: TouchEvent) => {
      if (event.target instanceof Element && event.target.closest(".editor-layer, .editor-handle"))
        event.preventDefault();
    };
    svg.addEventListener("touchstart", onTouchStart, { passive: false });
    return () => svg.removeEventListener("touchstart", onTouchStart);
  }, [svgRef]);
}

/** The canvas's scale, kept up to date as the layout changes, so that handles keep their size on screen. */
function usePixelsPerMm(svgRef: RefObject<SVGSVGElement | null>): number {
  const [pixelsPerMm, setPixelsPerMm] = useState(1);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => setPixelsPerMm(svg.getScreenCTM?.()?.a || 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [svgRef]);
  return pixelsPerMm;
}
