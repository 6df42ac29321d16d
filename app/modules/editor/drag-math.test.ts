import { describe, expect, it } from "vitest";
import { deckOutline } from "#app/modules/design/deck-geometry.ts";
import { findLayer } from "#app/modules/design/design-model.ts";
import { angleOf, designAfterDrag, rotationAfterDrag, scaleAfterDrag, type LayerDrag } from "./drag-math.ts";
import { designWith, emojiLayer } from "#tests/support/design-fixtures.ts";

const deck = deckOutline(8);
const centre = { x: 100, y: 100 };

describe("pointer arithmetic", () => {
  it("measures angles clockwise from the right, y pointing down", () => {
    expect(angleOf(centre, { x: 110, y: 100 })).toBe(0);
    expect(angleOf(centre, { x: 100, y: 110 })).toBe(90);
    expect(angleOf(centre, { x: 100, y: 90 })).toBe(-90);
  });

  it("turns by the angle the pointer swept around the centre", () => {
    expect(rotationAfterDrag(centre, { x: 100, y: 80 }, { x: 120, y: 100 }, 10, false)).toBeCloseTo(100);
  });

  it("snaps to 15° steps with Shift", () => {
    expect(rotationAfterDrag(centre, { x: 100, y: 80 }, { x: 120, y: 103 }, 0, true)).toBe(105);
  });

  it("scales by the ratio of the pointer's distances from the centre", () => {
    expect(scaleAfterDrag(centre, { x: 110, y: 100 }, { x: 100, y: 130 })).toBeCloseTo(3);
    expect(scaleAfterDrag(centre, centre, { x: 200, y: 200 })).toBe(1);
  });
});

describe("designAfterDrag", () => {
  const layer = emojiLayer({ x: 100, y: 300, size: 40 });
  const drag = (kind: LayerDrag["kind"], start = { x: 120, y: 320 }): LayerDrag => ({
    kind,
    layer,
    design: designWith(layer),
    start,
  });

  it("moves the layer by how far the pointer went", () => {
    const moved = designAfterDrag(drag("move"), { x: 130, y: 290 }, deck, false);
    expect(findLayer(moved, layer.id)).toMatchObject({ x: 110, y: 270 });
  });

  it("resizes from the corner handle", () => {
    const resized = designAfterDrag(drag("resize"), { x: 140, y: 340 }, deck, false);
    expect(findLayer(resized, layer.id)).toMatchObject({ size: 80 });
  });

  it("rotates from the rotate handle, snapping with Shift", () => {
    const rotated = designAfterDrag(drag("rotate", { x: 100, y: 250 }), { x: 150, y: 302 }, deck, true);
    expect(findLayer(rotated, layer.id)?.rotation).toBe(90);
  });
});
