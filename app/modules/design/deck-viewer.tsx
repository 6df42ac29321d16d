import { useState } from "react";
import type { Design } from "./design.ts";
import { DeckPreview, type DeckSide } from "./deck-preview.tsx";

interface DeckViewerProps {
  design: Design;
  size: number;
  grip: boolean;
  /** Controlled: the side shown (GripSize turns the deck over when the buyer ticks grip tape). */
  side?: DeckSide;
  onSideChange?: (side: DeckSide) => void;
}

const SIDES: { side: DeckSide; label: string }[] = [
  { side: "bottom", label: "Bottom (your graphic)" },
  { side: "top", label: "Top (grip side)" },
];

/** The deck shown big, with two toggle buttons to turn it over: the start page and GripSize. */
export function DeckViewer({ design, size, grip, side: controlled, onSideChange }: DeckViewerProps) {
  const [own, setOwn] = useState<DeckSide>("bottom");
  const side = controlled ?? own;
  const choose = (next: DeckSide) => {
    setOwn(next);
    onSideChange?.(next);
  };
  return (
    <div className="deck-viewer">
      <DeckPreview key={side} className="deck-preview deck-viewer__deck" design={design} size={size} grip={grip} side={side} />
      <div className="deck-viewer__sides" role="group" aria-label="Deck side shown">
        {SIDES.map((option) => (
          <button
            key={option.side}
            type="button"
            className="deck-viewer__side"
            aria-pressed={side === option.side}
            onClick={() => choose(option.side)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
