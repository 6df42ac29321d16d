import { describe, expect, it } from "vitest";
import { deckOutline, SAFE_MARGIN_MM } from "./deck-geometry.ts";
import { DESIGN_LIMITS, isDesign, type Design } from "./design.ts";
import {
  addLayer,
  canAddLayer,
  duplicateLayer,
  DUPLICATE_OFFSET_MM,
  findLayer,
  isLayerInSafeZone,
  layerBounds,
  layerCorners,
  layersOutsideSafeZone,
  layerSize,
  moveLayer,
  moveLayerTo,
  newEmojiLayer,
  newTextLayer,
  nextLayerId,
  normaliseRotation,
  removeLayer,
  reorderLayer,
  resizeLayer,
  rotateLayer,
  rotateLayerBy,
  setBackground,
  updateEmojiLayer,
  updateTextLayer,
} from "./design-model.ts";
import { designOf, designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";
import { layoutText } from "./text-layout.ts";

const deck = deckOutline(8);
const ids = (design: Design) => design.layers.map((layer) => layer.id);

describe("geometry", () => {
  it("sizes a sticker by its side and a text by its layout", () => {
    expect(layerSize(emojiLayer({ size: 40 }))).toEqual({ width: 40, height: 40 });
    const text = textLayer({ text: "Two\nlines" });
    const layout = layoutText(text);
    expect(layerSize(text)).toEqual({ width: layout.width, height: layout.height });
  });

  it("gives the corners of an unrotated layer around its centre, clockwise from the top left", () => {
    expect(layerCorners(emojiLayer({ x: 100, y: 200, size: 20 }))).toEqual([
      { x: 90, y: 190 },
      { x: 110, y: 190 },
      { x: 110, y: 210 },
      { x: 90, y: 210 },
    ]);
  });

  it("turns the corners with the layer", () => {
    const corners = layerCorners(emojiLayer({ x: 100, y: 200, size: 20, rotation: 90 }));
    expect(corners[0]?.x).toBeCloseTo(110);
    expect(corners[0]?.y).toBeCloseTo(190);
  });

  it("bounds a rotated layer with the box around its corners", () => {
    const bounds = layerBounds(emojiLayer({ x: 100, y: 200, size: 20, rotation: 45 }));
    const half = Math.SQRT2 * 10;
    expect(bounds.x).toBeCloseTo(100 - half);
    expect(bounds.y).toBeCloseTo(200 - half);
    expect(bounds.width).toBeCloseTo(2 * half);
    expect(bounds.height).toBeCloseTo(2 * half);
  });
});

describe("safe zone", () => {
  it("holds a layer in the middle of the deck", () => {
    expect(isLayerInSafeZone(emojiLayer({ x: deck.width / 2, y: deck.length / 2, size: 50 }), deck)).toBe(true);
  });

  it("flags a layer that reaches into the margin along the side", () => {
    const touching = emojiLayer({ x: SAFE_MARGIN_MM + 10, y: deck.length / 2, size: 20 });
    const over = emojiLayer({ x: SAFE_MARGIN_MM + 9, y: deck.length / 2, size: 20 });
    expect(isLayerInSafeZone(touching, deck)).toBe(true);
    expect(isLayerInSafeZone(over, deck)).toBe(false);
  });

  it("follows the round nose: a square in the corner of the print area is outside", () => {
    expect(isLayerInSafeZone(emojiLayer({ x: 20, y: 20, size: 10 }), deck)).toBe(false);
    expect(isLayerInSafeZone(emojiLayer({ x: deck.width / 2, y: 20, size: 10 }), deck)).toBe(true);
  });

  it("takes rotation into account", () => {
    const nearEdge = emojiLayer({ x: deck.width - SAFE_MARGIN_MM - 21, y: deck.length / 2, size: 40 });
    expect(isLayerInSafeZone(nearEdge, deck)).toBe(true);
    expect(isLayerInSafeZone({ ...nearEdge, rotation: 45 }, deck)).toBe(false);
  });

  it("lists the ids of the layers outside", () => {
    const design = designWith(textLayer({ id: "inside" }), emojiLayer({ id: "outside", x: 0, y: 0 }));
    expect([...layersOutsideSafeZone(design, deck)]).toEqual(["outside"]);
  });

  it("flags on a narrower deck what fits a wider one", () => {
    const layer = emojiLayer({ x: 111, y: 400, size: 170 });
    expect(isLayerInSafeZone(layer, deckOutline(8.75))).toBe(true);
    expect(isLayerInSafeZone(layer, deckOutline(7.75))).toBe(false);
  });
});

describe("adding layers", () => {
  it("numbers ids above the highest in use", () => {
    expect(nextLayerId(designWith())).toBe("layer-1");
    expect(nextLayerId(designWith(textLayer({ id: "layer-7" }), emojiLayer({ id: "custom" })))).toBe("layer-8");
  });

  it("adds in front with a new id and leaves the input alone", () => {
    const design = designWith(textLayer());
    const added = addLayer(design, newEmojiLayer(deck, { unified: "1f525", name: "fire" }));
    expect(added?.id).toBe("layer-2");
    expect(ids(added!.design)).toEqual(["layer-1", "layer-2"]);
    expect(design.layers).toHaveLength(1);
    expect(isDesign(added!.design)).toBe(true);
  });

  it("starts a text in the bundled default font, centred across the deck", () => {
    const added = addLayer(designWith(), newTextLayer(deck));
    expect(added?.design.layers[0]).toMatchObject({
      kind: "text",
      text: "Your text",
      font: "inter",
      x: deck.width / 2,
    });
  });

  it("refuses a layer beyond the limit", () => {
    const full = designOf(DESIGN_LIMITS.maxLayers);
    expect(canAddLayer(full)).toBe(false);
    expect(addLayer(full, newTextLayer(deck))).toBeNull();
  });
});

describe("changing a layer", () => {
  const design = designWith(textLayer(), emojiLayer());

  it("updates a text's words and style", () => {
    const next = updateTextLayer(design, "layer-1", {
      text: "Hi",
      font: "bebas-neue",
      color: "#ff0000",
      align: "left",
    });
    expect(findLayer(next, "layer-1")).toMatchObject({
      text: "Hi",
      font: "bebas-neue",
      color: "#ff0000",
      align: "left",
    });
    expect(next.layers[1]).toBe(design.layers[1]);
  });

  it("leaves a sticker alone when given text settings, and the reverse", () => {
    expect(updateTextLayer(design, "layer-2", { text: "Hi" })).toBe(design);
    expect(updateEmojiLayer(design, "layer-1", { size: 10 })).toBe(design);
  });

  it("returns the same design when nothing changes or the layer does not exist", () => {
    expect(updateTextLayer(design, "layer-1", { text: "Skate" })).toBe(design);
    expect(moveLayer(design, "nope", { x: 1, y: 1 }, deck)).toBe(design);
  });

  it("clamps sizes to the limits", () => {
    const big = updateEmojiLayer(design, "layer-2", { size: 1e9 });
    expect(findLayer(big, "layer-2")).toMatchObject({ size: DESIGN_LIMITS.emojiSizeMm.max });
    const small = updateTextLayer(design, "layer-1", { fontSize: -5 });
    expect(findLayer(small, "layer-1")).toMatchObject({ fontSize: DESIGN_LIMITS.fontSizeMm.min });
  });

  it("moves by an offset and to a point, rounded to 0.01 mm", () => {
    const moved = moveLayer(design, "layer-1", { x: 1.234567, y: -10 }, deck);
    expect(findLayer(moved, "layer-1")).toMatchObject({ x: 101.23, y: 290 });
    expect(findLayer(moveLayerTo(design, "layer-1", { x: 50, y: 60 }, deck), "layer-1")).toMatchObject({
      x: 50,
      y: 60,
    });
  });

  it("keeps the centre on this deck's print area, so a layer can hang over but never get lost", () => {
    const moved = moveLayerTo(design, "layer-1", { x: -500, y: 5000 }, deck);
    expect(findLayer(moved, "layer-1")).toMatchObject({ x: 0, y: deck.length });
  });

  it("resizes about the centre: the font size of a text, the side of a sticker", () => {
    const doubled = resizeLayer(resizeLayer(design, "layer-1", 2), "layer-2", 0.5);
    expect(findLayer(doubled, "layer-1")).toMatchObject({ fontSize: 40, x: 100, y: 300 });
    expect(findLayer(doubled, "layer-2")).toMatchObject({ size: 25 });
  });

  it("ignores a resize by nothing, a negative or a non-number", () => {
    expect(resizeLayer(design, "layer-1", 0)).toBe(design);
    expect(resizeLayer(design, "layer-1", -2)).toBe(design);
    expect(resizeLayer(design, "layer-1", Number.NaN)).toBe(design);
  });

  it("rotates to an angle and by an angle, within -180° to 180°", () => {
    expect(findLayer(rotateLayer(design, "layer-1", 30), "layer-1")?.rotation).toBe(30);
    expect(findLayer(rotateLayer(design, "layer-1", 190), "layer-1")?.rotation).toBe(-170);
    const twice = rotateLayerBy(rotateLayerBy(design, "layer-1", 100), "layer-1", 100);
    expect(findLayer(twice, "layer-1")?.rotation).toBe(-160);
  });

  it("sets the background", () => {
    expect(setBackground(design, "#0d3b66").background).toBe("#0d3b66");
    expect(setBackground(design, design.background)).toBe(design);
  });
});

describe("normaliseRotation", () => {
  it.each([
    [0, 0],
    [180, -180],
    [-180, -180],
    [359, -1],
    [-361, -1],
    [720.04, 0],
    [-0, 0],
  ])("%f° is %f°", (input, expected) => {
    expect(normaliseRotation(input)).toBe(expected);
  });
});

describe("removing, duplicating and ordering", () => {
  const design = designWith(textLayer({ id: "a" }), emojiLayer({ id: "b" }), textLayer({ id: "c" }));

  it("removes a layer", () => {
    expect(ids(removeLayer(design, "b"))).toEqual(["a", "c"]);
    expect(removeLayer(design, "nope")).toBe(design);
  });

  it("duplicates just in front of the original, offset, with a new id", () => {
    const copied = duplicateLayer(design, "b", deck);
    expect(copied?.id).toBe("layer-1");
    expect(ids(copied!.design)).toEqual(["a", "b", "layer-1", "c"]);
    const original = findLayer(design, "b")!;
    expect(findLayer(copied!.design, "layer-1")).toMatchObject({
      kind: "emoji",
      unified: "1f6f9",
      x: original.x + DUPLICATE_OFFSET_MM,
      y: original.y + DUPLICATE_OFFSET_MM,
    });
  });

  it("does not duplicate beyond the limit or a missing layer", () => {
    expect(duplicateLayer(designOf(DESIGN_LIMITS.maxLayers), "layer-1", deck)).toBeNull();
    expect(duplicateLayer(design, "nope", deck)).toBeNull();
  });

  it.each([
    ["a", "forward", ["b", "a", "c"]],
    ["c", "backward", ["a", "c", "b"]],
    ["a", "front", ["b", "c", "a"]],
    ["c", "back", ["c", "a", "b"]],
  ] as const)("moves %s %s", (id, move, expected) => {
    expect(ids(reorderLayer(design, id, move))).toEqual(expected);
  });

  it("leaves the design as it is when the layer is already at that end", () => {
    expect(reorderLayer(design, "c", "forward")).toBe(design);
    expect(reorderLayer(design, "a", "backward")).toBe(design);
    expect(reorderLayer(design, "nope", "front")).toBe(design);
  });
});

describe("whatever the operation, the result stays a valid design", () => {
  it("after a long mixed sequence", () => {
    let design = designOf(10);
    for (let step = 0; step < 200; step++) {
      const id = design.layers[step % design.layers.length]!.id;
      design = moveLayer(design, id, { x: (step % 7) * 13 - 40, y: (step % 5) * 97 - 200 }, deck);
      design = resizeLayer(design, id, step % 2 ? 3.7 : 0.2);
      design = rotateLayerBy(design, id, step * 33.3);
      if (step % 9 === 0) design = reorderLayer(design, id, step % 2 ? "front" : "back");
      if (step % 11 === 0) design = duplicateLayer(design, id, deck)?.design ?? design;
      if (step % 13 === 0) design = removeLayer(design, id);
    }
    expect(isDesign(design)).toBe(true);
  });
});
