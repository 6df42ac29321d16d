import type { TextLayer } from "./design.ts";
import { TEXT_CHARACTERS } from "./font-faces.generated.ts";
import { FONT_METRICS } from "./font-metrics.generated.ts";
import type { FontId } from "./fonts.ts";

/**
 * Lays a text layer out from the bundled fonts' own advance widths, so the browser, the print renderer and the
 * model's boxes agree without measuring on screen. Coordinates are relative to the layer's centre, in mm.
 * Kerning is switched off where the text is drawn (see design-art.tsx) because these widths leave it out.
 */
export interface TextLine {
  text: string;
  /** The anchor point of the line (its start, middle or end, by alignment). */
  x: number;
  /** The baseline. */
  y: number;
}

export interface TextLayout {
  lines: TextLine[];
  width: number;
  height: number;
  anchor: "start" | "middle" | "end";
}

/** Line box height in em. */
export const LINE_HEIGHT = 1.2;
/** The narrowest box, in em: an empty or one-character layer stays big enough to grab. */
const MIN_WIDTH_EM = 0.6;

const ANCHORS = { left: "start", center: "middle", right: "end" } as const;

export type FontMetrics = (typeof FONT_METRICS)[FontId];

let characterIndex: Map<string, number> | undefined;

/** Advance width of a character in em (the width of "?" for one no font has, which validation keeps out). */
export function advanceInEm(metrics: FontMetrics, character: string): number {
  characterIndex ??= new Map([...TEXT_CHARACTERS].map((known, index) => [known, index]));
  const index = characterIndex.get(character) ?? characterIndex.get("?") ?? 0;
  return (metrics.advances[index] ?? 0) / metrics.unitsPerEm;
}

export function lineWidthInEm(text: string, metrics: FontMetrics): number {
  let width = 0;
  for (const character of text) width += advanceInEm(metrics, character);
  return width;
}

export function layoutText(layer: Pick<TextLayer, "text" | "font" | "fontSize" | "align">): TextLayout {
  const metrics = FONT_METRICS[layer.font];
  const texts = layer.text.split("\n");
  const widestEm = Math.max(MIN_WIDTH_EM, ...texts.map((text) => lineWidthInEm(text, metrics)));
  const width = widestEm * layer.fontSize;
  const lineHeight = LINE_HEIGHT * layer.fontSize;
  const height = texts.length * lineHeight;
  // Capitals are centred in their line box, which looks centred whatever the font's ascender and descender.
  const baselineInBox = lineHeight / 2 + ((metrics.capHeight / metrics.unitsPerEm) * layer.fontSize) / 2;
  const anchorX = { left: -width / 2, center: 0, right: width / 2 }[layer.align];
  return {
    lines: texts.map((text, index) => ({ text, x: anchorX, y: -height / 2 + index * lineHeight + baselineInBox })),
    width,
    height,
    anchor: ANCHORS[layer.align],
  };
}
