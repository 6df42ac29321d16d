import { describe, expect, it } from "vitest";
import { deckOutline } from "#app/modules/design/deck-geometry.ts";
import type { Design, Layer } from "#app/modules/design/design.ts";
import {
  addLayer,
  isLayerInSafeZone,
  layerBounds,
  newEmojiLayer,
  newTextFontSize,
  newTextLayer,
  NEW_TEXT_CAP_HEIGHT_MM,
} from "#app/modules/design/design-model.ts";
import { FONT_METRICS } from "#app/modules/design/font-metrics.generated.ts";
import { BUNDLED_FONTS } from "#app/modules/design/fonts.ts";
import { designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";
import { boxesOverlap, PLACEMENT_GAP_MM, placeNewLayer } from "./layer-placement.ts";

const deck = deckOutline(7.75);
const fire = { unified: "1f525", name: "fire" };

/** Adds a new text or sticker the way the editor does: placed, then added. */
function addPlaced(design: Design, kind: "text" | "emoji"): Design {
  const layer = kind === "text" ? newTextLayer(deck) : newEmojiLayer(deck, fire);
  const added = addLayer(design, placeNewLayer(design, layer, deck));
  if (!added) throw new Error("no room");
  return added.design;
}

function expectApart(layers: Layer[]) {
  for (const [index, layer] of layers.entries()) {
    for (const other of layers.slice(index + 1)) {
      expect(boxesOverlap(layerBounds(layer), layerBounds(other)), `${layer.id} and ${other.id}`).toBe(false);
    }
  }
}

describe("a new text", () => {
  it("is a deck graphic: a cap height of 60 to 80 mm, running along the deck", () => {
    const text = newTextLayer(deck);
    const metrics = FONT_METRICS[text.font];
    const capHeight = (text.fontSize * metrics.capHeight) / metrics.unitsPerEm;
    expect(capHeight).toBeGreaterThanOrEqual(60);
    expect(capHeight).toBeLessThanOrEqual(80);
    expect(Math.abs(text.rotation)).toBe(90);
  });

  it("gives every bundled font the same cap height", () => {
    for (const font of BUNDLED_FONTS) {
      const metrics = FONT_METRICS[font.id];
      const capHeight = (newTextFontSize(font.id) * metrics.capHeight) / metrics.unitsPerEm;
      expect(capHeight, font.id).toBeCloseTo(NEW_TEXT_CAP_HEIGHT_MM, -1);
    }
  });

  it("fits inside the safe zone of the narrowest deck, in the middle", () => {
    const added = addPlaced(designWith(), "text");
    const [text] = added.layers as [Layer];
    expect(text.x).toBeCloseTo(deck.width / 2, 1);
    expect(text.y).toBeCloseTo(deck.length / 2, 1);
    expect(isLayerInSafeZone(text, deck)).toBe(true);
  });
});

describe("placeNewLayer", () => {
  it("puts a sticker beside the text, not on it, with a gap", () => {
    const design = addPlaced(addPlaced(designWith(), "text"), "emoji");
    const [text, sticker] = design.layers as [Layer, Layer];
    expectApart(design.layers);
    // Nearer the nose than the text: the first free spot above the middle.
    expect(sticker.y).toBeLessThan(text.y);
    expect(sticker.x).toBeCloseTo(deck.width / 2, 1);
    const textTop = layerBounds(text).y;
    const stickerBottom = layerBounds(sticker).y + layerBounds(sticker).height;
    expect(textTop - stickerBottom).toBeGreaterThanOrEqual(PLACEMENT_GAP_MM - 0.01);
  });

  it("keeps finding free space as layers are added, each inside the safe zone", () => {
    let design = designWith();
    for (const kind of ["text", "emoji", "emoji", "emoji", "emoji"] as const) design = addPlaced(design, kind);
    expect(design.layers).toHaveLength(5);
    expectApart(design.layers);
    for (const layer of design.layers) expect(isLayerInSafeZone(layer, deck), layer.id).toBe(true);
  });

  it("leaves a layer where it is when that spot is free", () => {
    const design = designWith(emojiLayer({ x: 100, y: 700, size: 40 }));
    const placed = placeNewLayer(design, newEmojiLayer(deck, fire), deck);
    expect(placed).toMatchObject({ x: deck.width / 2, y: deck.length / 2 });
  });

  it("goes to a side of the deck when the centre line is taken", () => {
    // Small stickers all down the middle: no room between them on the centre line, room on either side.
    const column = Array.from({ length: 15 }, (_, index) =>
      emojiLayer({ id: `layer-${index + 1}`, x: deck.width / 2, y: 55 + index * 50, size: 20 }),
    );
    const design = designWith(...column);
    const placed = { ...placeNewLayer(design, newEmojiLayer(deck, fire), deck), id: "new" } as Layer;
    expect(Math.abs(placed.x - deck.width / 2)).toBeGreaterThan(30);
    expect(isLayerInSafeZone(placed, deck)).toBe(true);
    expectApart([...column, placed]);
  });

  it("covers as little as it can when the deck is full", () => {
    // Wide texts from end to end: no free spot, but the ends of the deck are less covered than its middle.
    const wall = Array.from({ length: 7 }, (_, index) =>
      textLayer({ id: `layer-${index + 1}`, x: deck.width / 2, y: 100 + index * 100, fontSize: 90, text: "WIDE" }),
    );
    const design = designWith(...wall);
    const placed = { ...placeNewLayer(design, newEmojiLayer(deck, fire), deck), id: "new" } as Layer;
    const middle = { ...placed, x: deck.width / 2, y: deck.length / 2 };
    expect(isLayerInSafeZone(placed, deck)).toBe(true);
    expect(coveredArea(placed, wall)).toBeLessThan(coveredArea(middle, wall) / 2);
  });
});

function coveredArea(layer: Layer, others: Layer[]): number {
  const box = layerBounds(layer);
  return others.reduce((sum, other) => {
    const o = layerBounds(other);
    const width = Math.min(box.x + box.width, o.x + o.width) - Math.max(box.x, o.x);
    const height = Math.min(box.y + box.height, o.y + o.height) - Math.max(box.y, o.y);
    return sum + (width > 0 && height > 0 ? width * height : 0);
  }, 0);
}
