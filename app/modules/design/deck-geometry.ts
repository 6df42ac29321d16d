import { catalog } from "#app/modules/catalog/catalog.ts";
import { MM_PER_INCH } from "./design.ts";

/**
 * The deck as the print sees it, in millimetres. The print area is the rectangle around the deck's outline (a
 * stadium: a rectangle with semicircular nose and tail); the graphic is printed over all of it and the corners
 * are cut away with the deck (bleed). The safe zone lies SAFE_MARGIN_MM inside the outline: artwork beyond it
 * may be lost to the cut, the rounded edges or the rails.
 */
export interface DeckOutline {
  sizeInches: number;
  width: number;
  length: number;
  /** Radius of the nose and tail. */
  radius: number;
}

export interface Point {
  x: number;
  y: number;
}

export const SAFE_MARGIN_MM = 6.35;
/** Print resolution: the PNG is inches × PRINT_DPI pixels on each side. */
export const PRINT_DPI = 300;

/** The outline of a deck `sizeInches` wide; 0 ("not chosen yet") gives the narrowest deck. */
export function deckOutline(sizeInches: number): DeckOutline {
  const inches = sizeInches || catalog.sizes[0];
  const width = inches * MM_PER_INCH;
  return { sizeInches: inches, width, length: catalog.deckLengthInches * MM_PER_INCH, radius: width / 2 };
}

/** The outline shrunk by `inset` mm on every side, as SVG rect attributes (rx makes the ends round). */
export function outlineRect(outline: DeckOutline, inset = 0) {
  return {
    x: inset,
    y: inset,
    width: outline.width - 2 * inset,
    height: outline.length - 2 * inset,
    rx: outline.radius - inset,
  };
}

/** Whether `point` lies inside the safe zone: within radius − margin of the line joining the ends' centres. */
export function isInSafeZone(point: Point, outline: DeckOutline): boolean {
  const centreX = outline.width / 2;
  const top = outline.radius;
  const bottom = outline.length - outline.radius;
  const nearestY = Math.min(Math.max(point.y, top), bottom);
  return Math.hypot(point.x - centreX, point.y - nearestY) <= outline.radius - SAFE_MARGIN_MM;
}

/** Where the truck bolts go: four holes around each truck, 27% and 73% along the deck (standard pattern). */
export function boltHoles(outline: DeckOutline): Point[] {
  const halfAcross = (1.625 / 2) * MM_PER_INCH;
  const halfAlong = (2.125 / 2) * MM_PER_INCH;
  return [0.27, 0.73].flatMap((at) =>
    [-1, 1].flatMap((dx) =>
      [-1, 1].map((dy) => ({ x: outline.width / 2 + dx * halfAcross, y: outline.length * at + dy * halfAlong })),
    ),
  );
}
