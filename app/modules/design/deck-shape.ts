import type { DeckOutline, Point } from "./deck-geometry.ts";

/**
 * The deck as the product pictures draw it, in the print's millimetres (deck-geometry.ts): a popsicle outline
 * inside the print rectangle, nose at the top (y = 0) and tail at the bottom. The print file keeps its rectangle
 * (the graphic bleeds over the cut); this outline only draws the product. Each end is two cubic curves from the
 * straight rail to the tip; `length` is how far along the deck the curve starts, `rail` and `tip` how square the
 * curve stays at the rail and at the tip (0.55 would be a circle; more is fuller). The nose is a little longer
 * and fuller than the tail, as on a real popsicle deck.
 */
interface DeckEnd {
  /** Where the rail starts to curve, as a share of the deck's width. */
  length: number;
  rail: number;
  tip: number;
}

const NOSE: DeckEnd = { length: 0.64, rail: 0.62, tip: 0.82 };
const TAIL: DeckEnd = { length: 0.52, rail: 0.58, tip: 0.66 };

/** Where the kicks bend up, as a share of the deck's length from each end (just past the outer truck bolts). */
export const KICK_BEND = { nose: 0.17, tail: 0.16 };

/** The four curves' control points, clockwise from the nose's tip: nose right, tail right, tail left, nose left. */
function curves(outline: DeckOutline): Point[][] {
  const { width, length } = outline;
  const mid = width / 2;
  const noseEnd = NOSE.length * width;
  const tailStart = length - TAIL.length * width;
  return [
    [{ x: mid, y: 0 }, { x: mid * (1 + NOSE.tip), y: 0 }, { x: width, y: noseEnd * (1 - NOSE.rail) }, { x: width, y: noseEnd }],
    [
      { x: width, y: tailStart },
      { x: width, y: length - TAIL.length * width * (1 - TAIL.rail) },
      { x: mid * (1 + TAIL.tip), y: length },
      { x: mid, y: length },
    ],
    [
      { x: mid, y: length },
      { x: mid * (1 - TAIL.tip), y: length },
      { x: 0, y: length - TAIL.length * width * (1 - TAIL.rail) },
      { x: 0, y: tailStart },
    ],
    [{ x: 0, y: noseEnd }, { x: 0, y: noseEnd * (1 - NOSE.rail) }, { x: mid * (1 - NOSE.tip), y: 0 }, { x: mid, y: 0 }],
  ];
}

const round = (value: number) => Math.round(value * 100) / 100;
const pair = ({ x, y }: Point) => `${round(x)} ${round(y)}`;

/** The outline as SVG path data (the rails are the straight lines between the curves). */
export function deckShapePath(outline: DeckOutline): string {
  return `M${curves(outline)
    .map(([start, c1, c2, end]) => `${pair(start!)}C${pair(c1!)} ${pair(c2!)} ${pair(end!)}`)
    .join("L")}Z`;
}

/** Points along the outline, `perCurve` on each curve: a polygon for tests (is a point inside the deck?). */
export function deckShapePolygon(outline: DeckOutline, perCurve = 32): Point[] {
  return curves(outline).flatMap(([p0, p1, p2, p3]) =>
    Array.from({ length: perCurve + 1 }, (_, step) => {
      const t = step / perCurve;
      const u = 1 - t;
      const at = (key: "x" | "y") =>
        u * u * u * p0![key] + 3 * u * u * t * p1![key] + 3 * u * t * t * p2![key] + t * t * t * p3![key];
      return { x: at("x"), y: at("y") };
    }),
  );
}

/** Deterministic pseudo-random numbers (a small LCG), so that server and browser draw the same texture. */
function randomSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Side of the grip tape's tile, in mm: small, so that the browser rasterises one tile and repeats it. */
export const GRIT_TILE_MM = 10;

/**
 * The grip tape's grit on one tile: `light` and `dark` are path data of small diamonds (silicon carbide grains
 * catching the light, and pits). Paths rather than circles keep the markup small.
 */
export const GRIT = (() => {
  const random = randomSequence(0x5eed);
  const grains = (count: number, size: number) =>
    Array.from({ length: count }, () => {
      const x = round(random() * GRIT_TILE_MM);
      const y = round(random() * GRIT_TILE_MM);
      const s = round(size * (0.5 + random()));
      return `M${x} ${y}l${s} ${s} ${-s} ${s} ${-s} ${-s}z`;
    }).join("");
  return { light: grains(70, 0.22), dark: grains(40, 0.3) };
})();

/** The maple's tile, in mm: long grain lines running along the deck, seamless from the tile's top to its bottom. */
export const GRAIN_TILE = { width: 48, height: 160 };

export const GRAIN = (() => {
  const random = randomSequence(0x3a91e);
  return Array.from({ length: 9 }, (_, index) => {
    const x = round((index + random() * 0.8) * (GRAIN_TILE.width / 9));
    const swing = round(2 + random() * 4);
    return `M${x} 0C${round(x + swing)} 50 ${round(x - swing)} 110 ${x} ${GRAIN_TILE.height}`;
  }).join("");
})();
