import { catalog } from "#app/modules/catalog/catalog.ts";
import { isFontId, isTextCharacter, type FontId } from "./fonts.ts";

/**
 * The buyer's deck graphic: a background colour and layers, back to front. Lengths are millimetres on the deck,
 * measured from the top-left corner of its print area (the rectangle around the deck's outline), so the print
 * file maps them 1:1 whatever the screen. A layer's x/y is its centre; rotation is in degrees, clockwise.
 * No zod here: the start page reads designs. The server validates with design-schema.ts, to the same limits.
 */
export interface Design {
  background: string;
  layers: Layer[];
}

export type Layer = TextLayer | EmojiLayer;
export type TextAlign = "left" | "center" | "right";

interface LayerPlacement {
  id: string;
  x: number;
  y: number;
  rotation: number;
}

export interface TextLayer extends LayerPlacement {
  kind: "text";
  text: string;
  font: FontId;
  /** The font's em size in mm. */
  fontSize: number;
  color: string;
  align: TextAlign;
}

export interface EmojiLayer extends LayerPlacement {
  kind: "emoji";
  /** Lower-case unified code as the emoji picker gives it, e.g. "1f44b-1f3fb". */
  unified: string;
  /** The emoji's name from the picker, e.g. "waving hand": how the editor and screen readers call it. */
  name: string;
  /** Side of the square sticker in mm. */
  size: number;
}

export const MM_PER_INCH = 25.4;

export interface Range {
  min: number;
  max: number;
}

export const DESIGN_LIMITS = {
  maxLayers: 30,
  textMaxChars: 40,
  textMaxLines: 4,
  fontSizeMm: { min: 5, max: 150 },
  emojiSizeMm: { min: 8, max: 200 },
  /** A centre stays on the print area of the widest deck; narrower decks flag what hangs over their edge. */
  xMm: { min: 0, max: Math.max(...catalog.sizes) * MM_PER_INCH },
  yMm: { min: 0, max: catalog.deckLengthInches * MM_PER_INCH },
  rotation: { min: -180, max: 180 },
  idMaxChars: 24,
  unifiedMaxChars: 64,
  emojiNameMaxChars: 80,
} as const;

export const TEXT_ALIGNS = ["left", "center", "right"] as const satisfies readonly TextAlign[];
export const LAYER_ID = /^[a-z0-9-]+$/;
export const EMOJI_UNIFIED = /^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/;
/** Plain words: no markup, no control or invisible formatting characters. */
export const EMOJI_NAME = /^[^<>\p{Cc}\p{Cf}]+$/u;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const initialDesign: Design = { background: "#f4d35e", layers: [] };

/** The named background colours; each name is the editor namespace's `background.swatches.<id>`. */
export const backgroundSwatches = [
  { id: "sunflower", value: "#f4d35e" },
  { id: "tangerine", value: "#ee964b" },
  { id: "tomato", value: "#f95738" },
  { id: "ocean", value: "#0d3b66" },
  { id: "mint", value: "#5fbb97" },
  { id: "charcoal", value: "#2b2d42" },
  { id: "naturalMaple", value: "#e9d8a6" },
] as const;

export function isHexColour(value: unknown): value is string {
  return typeof value === "string" && HEX_COLOUR.test(value);
}

export function isInRange(value: unknown, range: Range): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= range.min && value <= range.max;
}

/** Text a layer may hold: within the limits, and only characters that every bundled font can draw. */
export function isLayerText(value: unknown): value is string {
  if (typeof value !== "string" || value.length > DESIGN_LIMITS.textMaxChars) return false;
  return value.split("\n").length <= DESIGN_LIMITS.textMaxLines && [...value].every(isAllowedInText);
}

function isAllowedInText(character: string): boolean {
  return character === "\n" || isTextCharacter(character);
}

/**
 * What typing or pasting `input` leaves in a text layer: characters no bundled font has are dropped (reported,
 * so the editor can say so), line breaks beyond the limit become spaces, and the text is cut to the limit.
 */
export function cleanLayerText(input: string): { text: string; dropped: boolean } {
  const normalised = input.replace(/\r\n?/g, "\n");
  const kept = [...normalised].filter(isAllowedInText).join("");
  const lines = kept.split("\n");
  const maxLines = DESIGN_LIMITS.textMaxLines;
  const fitted =
    lines.length > maxLines ? [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(" ")].join("\n") : kept;
  return { text: fitted.slice(0, DESIGN_LIMITS.textMaxChars), dropped: kept !== normalised };
}

export function isEmojiUnified(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= DESIGN_LIMITS.unifiedMaxChars &&
    EMOJI_UNIFIED.test(value) &&
    value.split("-").every((hex) => isPrintableCodePoint(Number.parseInt(hex, 16)))
  );
}

/**
 * A code point that can stand in text: a Unicode scalar value (at most 10FFFF, no surrogate halves), not a
 * control character and not a noncharacter. Anything else cannot be written as text or drawn (`ffffff` is no
 * character at all, `0000` ends an SVG document), so it must not reach the print file.
 */
function isPrintableCodePoint(codePoint: number): boolean {
  if (codePoint < 0x20 || codePoint > 0x10ffff) return false;
  if (codePoint >= 0x7f && codePoint <= 0x9f) return false;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  if (codePoint >= 0xfdd0 && codePoint <= 0xfdef) return false;
  return (codePoint & 0xfffe) !== 0xfffe;
}

export function isEmojiName(value: unknown): value is string {
  return typeof value === "string" && value.length <= DESIGN_LIMITS.emojiNameMaxChars && EMOJI_NAME.test(value);
}

function isLayerId(value: unknown): value is string {
  return typeof value === "string" && value.length <= DESIGN_LIMITS.idMaxChars && LAYER_ID.test(value);
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasPlacement(layer: Fields): boolean {
  return (
    isLayerId(layer.id) &&
    isInRange(layer.x, DESIGN_LIMITS.xMm) &&
    isInRange(layer.y, DESIGN_LIMITS.yMm) &&
    isInRange(layer.rotation, DESIGN_LIMITS.rotation)
  );
}

function isTextLayer(layer: Fields): boolean {
  return (
    isLayerText(layer.text) &&
    isFontId(layer.font) &&
    isInRange(layer.fontSize, DESIGN_LIMITS.fontSizeMm) &&
    isHexColour(layer.color) &&
    TEXT_ALIGNS.includes(layer.align as TextAlign)
  );
}

function isEmojiLayer(layer: Fields): boolean {
  return isEmojiUnified(layer.unified) && isEmojiName(layer.name) && isInRange(layer.size, DESIGN_LIMITS.emojiSizeMm);
}

export function isLayer(value: unknown): value is Layer {
  if (!isRecord(value) || !hasPlacement(value)) return false;
  if (value.kind === "text") return isTextLayer(value);
  return value.kind === "emoji" && isEmojiLayer(value);
}

export function hasUniqueIds(layers: readonly { id: string }[]): boolean {
  return new Set(layers.map((layer) => layer.id)).size === layers.length;
}

/**
 * Whether a saved value is a design this version can show and submit: the same rules as the server's schema,
 * so a restored draft never fails at checkout. Used when restoring the order from session storage.
 */
export function isDesign(value: unknown): value is Design {
  if (!isRecord(value) || !isHexColour(value.background) || !Array.isArray(value.layers)) return false;
  const layers: unknown[] = value.layers;
  return layers.length <= DESIGN_LIMITS.maxLayers && layers.every(isLayer) && hasUniqueIds(layers as Layer[]);
}
