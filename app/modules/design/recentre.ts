import { deckOutline } from "./deck-geometry.ts";
import { DESIGN_LIMITS, type Design } from "./design.ts";

/**
 * The design moved onto a deck of another width, each layer keeping its distance from the centre line. Positions
 * are millimetres from the deck's left edge: a graphic centred on the 7.75″ deck the editor shows before a width is
 * chosen would otherwise sit 9.5 mm left of centre on an 8.5″ one, in the preview and in the print file alike.
 * Small and free of the editor's model, for the start page's bundle.
 */
export function recentreDesign(design: Design, fromSize: number, toSize: number): Design {
  const shift = (deckOutline(toSize).width - deckOutline(fromSize).width) / 2;
  if (shift === 0 || design.layers.length === 0) return design;
  const { min, max } = DESIGN_LIMITS.xMm;
  const layers = design.layers.map((layer) => ({ ...layer, x: Math.min(max, Math.max(min, round(layer.x + shift))) }));
  return { ...design, layers };
}

/** Positions are kept to a hundredth of a millimetre, as the editor stores them. */
const round = (mm: number) => Math.round(mm * 100) / 100;
