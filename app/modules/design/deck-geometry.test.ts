import { describe, expect, it } from "vitest";
import { boltHoles, deckOutline, isInSafeZone, outlineRect, SAFE_MARGIN_MM } from "./deck-geometry.ts";

describe("deckOutline", () => {
  it("measures the deck in millimetres, in true proportions", () => {
    expect(deckOutline(8)).toEqual({ sizeInches: 8, width: 203.2, length: 809.625, radius: 101.6 });
  });

  it("draws the narrowest deck while no width is chosen", () => {
    expect(deckOutline(0).sizeInches).toBe(7.75);
  });
});

describe("outlineRect", () => {
  it("insets the outline on every side and keeps the ends round", () => {
    expect(outlineRect(deckOutline(8), 10)).toEqual({ x: 10, y: 10, width: 183.2, height: 789.625, rx: 91.6 });
  });
});

describe("isInSafeZone", () => {
  const deck = deckOutline(8);

  it("holds the middle of the deck and points up to the margin from the edge", () => {
    expect(isInSafeZone({ x: deck.width / 2, y: deck.length / 2 }, deck)).toBe(true);
    expect(isInSafeZone({ x: SAFE_MARGIN_MM, y: deck.length / 2 }, deck)).toBe(true);
    expect(isInSafeZone({ x: SAFE_MARGIN_MM - 0.01, y: deck.length / 2 }, deck)).toBe(false);
  });

  it("follows the round nose and tail", () => {
    expect(isInSafeZone({ x: deck.width / 2, y: SAFE_MARGIN_MM }, deck)).toBe(true);
    expect(isInSafeZone({ x: deck.width / 2, y: deck.length - SAFE_MARGIN_MM + 0.01 }, deck)).toBe(false);
    expect(isInSafeZone({ x: SAFE_MARGIN_MM + 1, y: SAFE_MARGIN_MM + 1 }, deck)).toBe(false);
  });
});

describe("boltHoles", () => {
  it("places four holes around each truck, symmetric across the deck", () => {
    const holes = boltHoles(deckOutline(8));
    expect(holes).toHaveLength(8);
    for (const hole of holes) expect([101.6 - 20.6375, 101.6 + 20.6375]).toContainEqual(expect.closeTo(hole.x, 6));
  });
});
