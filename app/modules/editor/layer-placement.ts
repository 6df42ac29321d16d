import type { DeckOutline } from "#app/modules/design/deck-geometry.ts";
import type { Design, Layer } from "#app/modules/design/design.ts";
import { isLayerInSafeZone, layerBounds, type Box, type NewLayer } from "#app/modules/design/design-model.ts";

/**
 * Where the editor puts a new layer: in free space on the deck, so that a new sticker never lands on the text the
 * buyer just wrote. Candidate spots run along the deck's long axis, nearest its middle first, down the centre
 * line before the left and right halves; the first whose box stays inside the safe zone and keeps PLACEMENT_GAP_MM
 * from every other layer's box wins. When none is free (a full deck), the spot that covers the least wins.
 */

/** Room kept between a new layer's box and the others'. */
export const PLACEMENT_GAP_MM = 4;
/** Distance between candidate spots along the deck. */
export const PLACEMENT_STEP_MM = 5;
/** Across the deck, as fractions of its width: the centre line first, then either half. */
const ACROSS = [0.5, 0.25, 0.75] as const;

export function placeNewLayer<T extends NewLayer>(design: Design, layer: T, outline: DeckOutline): T {
  const taken = design.layers.map((other) => inflate(layerBounds(other), PLACEMENT_GAP_MM));
  let best: { layer: T; covered: number } | null = null;
  for (const spot of candidateSpots(outline)) {
    const placed = { ...layer, ...spot };
    const asLayer = { ...placed, id: "new" } as Layer;
    if (!isLayerInSafeZone(asLayer, outline)) continue;
    const box = layerBounds(asLayer);
    const covered = taken.reduce((sum, other) => sum + overlapArea(box, other), 0);
    if (covered === 0) return placed;
    if (!best || covered < best.covered) best = { layer: placed, covered };
  }
  return best?.layer ?? layer;
}

/** The spots to try, in order of preference (see above). */
export function candidateSpots(outline: DeckOutline): { x: number; y: number }[] {
  const middle = outline.length / 2;
  const steps = Math.floor(middle / PLACEMENT_STEP_MM);
  const spots: { x: number; y: number }[] = [];
  for (const fraction of ACROSS) {
    const x = outline.width * fraction;
    spots.push({ x, y: middle });
    for (let step = 1; step <= steps; step++) {
      // Towards the nose first: a graphic reads from the top of the deck.
      spots.push({ x, y: middle - step * PLACEMENT_STEP_MM }, { x, y: middle + step * PLACEMENT_STEP_MM });
    }
  }
  return spots;
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return overlapArea(a, b) > 0;
}

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

function inflate(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}
