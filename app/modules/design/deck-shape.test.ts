import { describe, expect, it, vi } from "vitest";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { boltHoles, deckOutline, isInSafeZone, type Point } from "./deck-geometry.ts";
import { deckShapePath, deckShapePolygon, GRAIN, GRIT } from "./deck-shape.ts";

/** Even-odd ray casting. */
function inside(point: Point, polygon: Point[]): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) within = !within;
  }
  return within;
}

/** Half the deck's width at `y`: the widest run of the polygon's inside at that height. */
function halfWidthAt(y: number, polygon: Point[], width: number): number {
  let count = 0;
  for (let x = 0; x <= width / 2; x += 0.25) if (inside({ x: width / 2 - x, y }, polygon)) count += 1;
  return count * 0.25;
}

describe("the deck's drawn outline", () => {
  for (const size of catalog.sizes) {
    const outline = deckOutline(size);
    const polygon = deckShapePolygon(outline);

    it(`keeps the editor's whole safe zone inside the cut (${size}″)`, () => {
      const outside: Point[] = [];
      for (let y = 0; y <= outline.length; y += 2) {
        for (let x = 0; x <= outline.width; x += 2) {
          if (isInSafeZone({ x, y }, outline) && !inside({ x, y }, polygon)) outside.push({ x, y });
        }
      }
      expect(outside).toEqual([]);
    });

    it(`stays inside the print rectangle and touches its four sides (${size}″)`, () => {
      const xs = polygon.map((point) => point.x);
      const ys = polygon.map((point) => point.y);
      expect([Math.min(...xs), Math.max(...xs)]).toEqual([0, outline.width]);
      expect([Math.min(...ys), Math.max(...ys)]).toEqual([0, outline.length]);
    });

    it(`has every truck bolt hole well inside the deck (${size}″)`, () => {
      expect(boltHoles(outline).every((hole) => inside(hole, polygon))).toBe(true);
    });
  }

  it("has a nose a little longer and fuller than its tail", () => {
    const outline = deckOutline(8);
    const polygon = deckShapePolygon(outline);
    const noseCurve = polygon.filter((point) => point.y < outline.length / 2 && point.x < outline.width - 0.01 && point.x > 0.01);
    const tailCurve = polygon.filter((point) => point.y > outline.length / 2 && point.x < outline.width - 0.01 && point.x > 0.01);
    const noseLength = Math.max(...noseCurve.map((point) => point.y));
    const tailLength = outline.length - Math.min(...tailCurve.map((point) => point.y));
    expect(noseLength).toBeGreaterThan(tailLength);
    // 30 mm from each tip the nose is the wider end.
    expect(halfWidthAt(30, polygon, outline.width)).toBeGreaterThan(halfWidthAt(outline.length - 30, polygon, outline.width));
  });

  it("is one closed path of four curves joined by the two rails", () => {
    const path = deckShapePath(deckOutline(8.5));
    expect(path.match(/C/g)).toHaveLength(4);
    expect(path.match(/L/g)).toHaveLength(3);
    expect(path).toMatch(/^M107\.95 0C.*Z$/);
  });
});

describe("the textures", () => {
  it("are the same on every render (server and browser draw the same markup)", async () => {
    vi.resetModules();
    const again = await import("./deck-shape.ts");
    expect(again.GRIT).not.toBe(GRIT); // a fresh evaluation of the module
    expect(again.GRIT).toEqual(GRIT);
    expect(again.GRAIN).toBe(GRAIN);
    expect(GRIT.light.match(/M/g)).toHaveLength(70);
  });
});
