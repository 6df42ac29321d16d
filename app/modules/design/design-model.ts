import { isInSafeZone, type DeckOutline, type Point } from "./deck-geometry.ts";
import { DESIGN_LIMITS, type Design, type EmojiLayer, type Layer, type Range, type TextLayer } from "./design.ts";
import { FONT_METRICS } from "./font-metrics.generated.ts";
import { DEFAULT_FONT, type FontId } from "./fonts.ts";
import { layoutText } from "./text-layout.ts";

/**
 * The editor's operations on a design, as pure functions: each returns a new design (the same object when
 * nothing changed) and never mutates its input. Numbers are clamped to DESIGN_LIMITS and rounded, so whatever
 * the pointer does, the result passes the server's schema.
 */

type WithoutId<T> = T extends Layer ? Omit<T, "id"> : never;
export type NewLayer = WithoutId<Layer>;
export type TextPatch = Partial<Pick<TextLayer, "text" | "font" | "fontSize" | "color" | "align">>;
export type EmojiPatch = Partial<Pick<EmojiLayer, "unified" | "size">>;
export type ReorderMove = "forward" | "backward" | "front" | "back";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Offset of a duplicate from its original, so that both can be seen and grabbed. */
export const DUPLICATE_OFFSET_MM = 8;
const POSITION_DECIMALS = 100;
const ROTATION_DECIMALS = 10;

// ---- geometry ----------------------------------------------------------------------------------------------

/** Width and height of the layer's own (unrotated) box. */
export function layerSize(layer: Layer): { width: number; height: number } {
  if (layer.kind === "emoji") return { width: layer.size, height: layer.size };
  const { width, height } = layoutText(layer);
  return { width, height };
}

/** The corners of the layer's box on the deck, rotated: top-left, top-right, bottom-right, bottom-left. */
export function layerCorners(layer: Layer): Point[] {
  const { width, height } = layerSize(layer);
  const corners = [
    { x: -width / 2, y: -height / 2 },
    { x: width / 2, y: -height / 2 },
    { x: width / 2, y: height / 2 },
    { x: -width / 2, y: height / 2 },
  ];
  return corners.map((corner) => toDeck(layer, corner));
}

/** A point given relative to the layer's centre and unrotated, on the deck. */
export function toDeck(layer: Pick<Layer, "x" | "y" | "rotation">, local: Point): Point {
  const radians = (layer.rotation * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return { x: layer.x + local.x * cos - local.y * sin, y: layer.y + local.x * sin + local.y * cos };
}

/** The axis-aligned box around the rotated layer. */
export function layerBounds(layer: Layer): Box {
  const corners = layerCorners(layer);
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The safe zone is convex, so the layer's box is inside it exactly when its four corners are. */
export function isLayerInSafeZone(layer: Layer, outline: DeckOutline): boolean {
  return layerCorners(layer).every((corner) => isInSafeZone(corner, outline));
}

export function layersOutsideSafeZone(design: Design, outline: DeckOutline): Set<string> {
  return new Set(design.layers.filter((layer) => !isLayerInSafeZone(layer, outline)).map((layer) => layer.id));
}

// ---- adding ------------------------------------------------------------------------------------------------

export function canAddLayer(design: Design): boolean {
  return design.layers.length < DESIGN_LIMITS.maxLayers;
}

/** "layer-N", one above the highest number in use, so ids stay unique after deletions and undo. */
export function nextLayerId(design: Design): string {
  const numbers = design.layers.map((layer) => Number(/^layer-(\d+)$/.exec(layer.id)?.[1] ?? 0));
  return `layer-${Math.max(0, ...numbers) + 1}`;
}

/** Adds the layer in front of the others; null when the design already has the most layers allowed. */
export function addLayer(design: Design, layer: NewLayer): { design: Design; id: string } | null {
  if (!canAddLayer(design)) return null;
  const id = nextLayerId(design);
  const added = normaliseLayer({ ...layer, id } as Layer);
  return { design: { ...design, layers: [...design.layers, added] }, id };
}

/**
 * A new layer starts in the middle of the deck; the editor then moves it to free space (editor/layer-placement.ts),
 * so that it does not cover the layers already there.
 */
function newLayerCentre(outline: DeckOutline): Point {
  return { x: outline.width / 2, y: outline.length / 2 };
}

/**
 * The cap height of a new text, in mm: big enough to read as a deck graphic from a few metres (about a third of
 * the deck's width), which only fits along the deck, so a new text runs up it, from tail to nose.
 */
export const NEW_TEXT_CAP_HEIGHT_MM = 65;
export const NEW_TEXT_ROTATION = -90;

/** The font size (em, mm) that gives `font` the cap height of a new text. */
export function newTextFontSize(font: FontId): number {
  const metrics = FONT_METRICS[font];
  return Math.round(NEW_TEXT_CAP_HEIGHT_MM / (metrics.capHeight / metrics.unitsPerEm));
}

export function newTextLayer(outline: DeckOutline, text = "Your text"): WithoutId<TextLayer> {
  return {
    kind: "text",
    ...newLayerCentre(outline),
    rotation: NEW_TEXT_ROTATION,
    text,
    font: DEFAULT_FONT,
    fontSize: newTextFontSize(DEFAULT_FONT),
    color: "#1b1b1b",
    align: "center",
  };
}

export function newEmojiLayer(
  outline: DeckOutline,
  emoji: Pick<EmojiLayer, "unified" | "name">,
): WithoutId<EmojiLayer> {
  const size = Math.round(outline.width / 3);
  return {
    kind: "emoji",
    ...newLayerCentre(outline),
    rotation: 0,
    unified: emoji.unified,
    name: emoji.name,
    size,
  };
}

// ---- changing one layer ------------------------------------------------------------------------------------

/** Applies `change` to the layer with `id`; the design is returned as it was when there is no such layer. */
function mapLayer(design: Design, id: string, change: (layer: Layer) => Layer): Design {
  const index = design.layers.findIndex((layer) => layer.id === id);
  const layer = design.layers[index];
  if (!layer) return design;
  const changed = normaliseLayer(change(layer));
  if (sameLayer(changed, layer)) return design;
  return { ...design, layers: design.layers.with(index, changed) };
}

export function updateTextLayer(design: Design, id: string, patch: TextPatch): Design {
  return mapLayer(design, id, (layer) => (layer.kind === "text" ? { ...layer, ...patch } : layer));
}

export function updateEmojiLayer(design: Design, id: string, patch: EmojiPatch): Design {
  return mapLayer(design, id, (layer) => (layer.kind === "emoji" ? { ...layer, ...patch } : layer));
}

/** Moves the layer's centre to `point`, kept on this deck's print area so a layer can overhang but never get lost. */
export function moveLayerTo(design: Design, id: string, point: Point, outline: DeckOutline): Design {
  return mapLayer(design, id, (layer) => ({
    ...layer,
    x: clamp(point.x, { min: 0, max: outline.width }),
    y: clamp(point.y, { min: 0, max: outline.length }),
  }));
}

export function moveLayer(design: Design, id: string, by: Point, outline: DeckOutline): Design {
  const layer = findLayer(design, id);
  return layer ? moveLayerTo(design, id, { x: layer.x + by.x, y: layer.y + by.y }, outline) : design;
}

/** Scales the layer about its centre: the font size of a text, the side of a sticker. */
export function resizeLayer(design: Design, id: string, factor: number): Design {
  if (!Number.isFinite(factor) || factor <= 0) return design;
  return mapLayer(design, id, (layer) =>
    layer.kind === "text" ? { ...layer, fontSize: layer.fontSize * factor } : { ...layer, size: layer.size * factor },
  );
}

export function rotateLayer(design: Design, id: string, degrees: number): Design {
  return mapLayer(design, id, (layer) => ({ ...layer, rotation: degrees }));
}

export function rotateLayerBy(design: Design, id: string, degrees: number): Design {
  const layer = findLayer(design, id);
  return layer ? rotateLayer(design, id, layer.rotation + degrees) : design;
}

export function setBackground(design: Design, background: string): Design {
  return design.background === background ? design : { ...design, background };
}

// ---- removing, duplicating, ordering -----------------------------------------------------------------------

export function removeLayer(design: Design, id: string): Design {
  const layers = design.layers.filter((layer) => layer.id !== id);
  return layers.length === design.layers.length ? design : { ...design, layers };
}

/** A copy just in front of the original, a little offset; null when there is no such layer or no room. */
export function duplicateLayer(
  design: Design,
  id: string,
  outline: DeckOutline,
): { design: Design; id: string } | null {
  const index = design.layers.findIndex((layer) => layer.id === id);
  const original = design.layers[index];
  if (!original || !canAddLayer(design)) return null;
  const copyId = nextLayerId(design);
  const copy = normaliseLayer({
    ...original,
    id: copyId,
    x: clamp(original.x + DUPLICATE_OFFSET_MM, { min: 0, max: outline.width }),
    y: clamp(original.y + DUPLICATE_OFFSET_MM, { min: 0, max: outline.length }),
  });
  return { design: { ...design, layers: design.layers.toSpliced(index + 1, 0, copy) }, id: copyId };
}

/** Moves the layer one step or all the way towards the front (end of the list) or the back. */
export function reorderLayer(design: Design, id: string, move: ReorderMove): Design {
  const from = design.layers.findIndex((layer) => layer.id === id);
  const layer = design.layers[from];
  if (!layer) return design;
  const last = design.layers.length - 1;
  const targets = { forward: from + 1, backward: from - 1, front: last, back: 0 };
  const to = Math.min(Math.max(targets[move], 0), last);
  if (to === from) return design;
  return { ...design, layers: design.layers.toSpliced(from, 1).toSpliced(to, 0, layer) };
}

export function findLayer(design: Design, id: string | null): Layer | undefined {
  return id === null ? undefined : design.layers.find((layer) => layer.id === id);
}

// ---- keeping numbers in range ------------------------------------------------------------------------------

function clamp(value: number, range: Range): number {
  return Math.min(Math.max(value, range.min), range.max);
}

function round(value: number, decimals: number): number {
  return Math.round(value * decimals) / decimals;
}

/** Rotation in [-180, 180): -190° is 170°. */
export function normaliseRotation(degrees: number): number {
  const turned = round(degrees, ROTATION_DECIMALS) % 360;
  const within = turned >= 180 ? turned - 360 : turned < -180 ? turned + 360 : turned;
  return within === 0 ? 0 : within; // no -0 in the saved design
}

/** Rounded first, then clamped: a rounded 809.625 would be 809.63, past the end of the deck. */
function keepIn(value: number, range: Range, fallback: number): number {
  return clamp(round(finiteOr(value, fallback), POSITION_DECIMALS), range);
}

function normaliseLayer(layer: Layer): Layer {
  const placed = {
    ...layer,
    x: keepIn(layer.x, DESIGN_LIMITS.xMm, 0),
    y: keepIn(layer.y, DESIGN_LIMITS.yMm, 0),
    rotation: normaliseRotation(finiteOr(layer.rotation, 0)),
  };
  if (placed.kind === "text") {
    const fontSize = keepIn(placed.fontSize, DESIGN_LIMITS.fontSizeMm, DESIGN_LIMITS.fontSizeMm.min);
    return { ...placed, fontSize, text: placed.text.slice(0, DESIGN_LIMITS.textMaxChars) };
  }
  return { ...placed, size: keepIn(placed.size, DESIGN_LIMITS.emojiSizeMm, DESIGN_LIMITS.emojiSizeMm.min) };
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

function sameLayer(a: Layer, b: Layer): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof Layer>;
  return [...keys].every((key) => a[key] === b[key]);
}
