import { lazy, Suspense } from "react";
import type { Design } from "./design.ts";
import "./deck-thumb.css";

// The deck pictures load apart from the checkout pages' own code, which the prices and forms need first.
const DeckPair = lazy(() => import("./deck-preview.tsx").then((module) => ({ default: module.DeckPair })));

/**
 * The order summary's small deck (its bottom, and its top beside it with grip chosen), loaded lazily. The box
 * has its size from this module's stylesheet, which loads with the page, so that the page does not move when
 * the drawing arrives or when grip is chosen: the placeholder takes the same box.
 */
export function DeckThumb({ design, size, grip }: { design: Design; size: number; grip: boolean }) {
  return (
    <span className="deck-thumb" data-testid="deck-thumb">
      <Suspense fallback={<span className="deck-thumb__placeholder" />}>
        <DeckPair className="deck-thumb__pair" design={design} size={size} grip={grip} />
      </Suspense>
    </span>
  );
}
