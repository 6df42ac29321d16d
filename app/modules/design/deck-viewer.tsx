import { useState } from "react";
import { ScriptButton } from "#app/components/script-button.tsx";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { Design } from "./design.ts";
import { DeckPreview, type DeckSide } from "./deck-preview.tsx";

interface DeckViewerProps {
  design: Design;
  size: number;
  grip: boolean;
  /** Controlled: the side shown (GripSize turns the deck over when the buyer ticks grip tape). */
  side?: DeckSide;
  onSideChange?: (side: DeckSide) => void;
  /** Smaller on a phone, where it stands above a form that should start on the first screen (GripSize). */
  compact?: boolean;
}

const SIDES: DeckSide[] = ["bottom", "top"];

/** The deck shown big, with two toggle buttons to turn it over: the start page and GripSize. */
export function DeckViewer({ design, size, grip, side: controlled, onSideChange, compact }: DeckViewerProps) {
  const [own, setOwn] = useState<DeckSide>("bottom");
  const side = controlled ?? own;
  const { t } = useTranslation();
  const choose = (next: DeckSide) => {
    setOwn(next);
    onSideChange?.(next);
  };
  return (
    <div className={compact ? "deck-viewer deck-viewer--compact" : "deck-viewer"}>
      <DeckPreview key={side} className="deck-preview deck-viewer__deck" design={design} size={size} grip={grip} side={side} />
      <div className="deck-viewer__sides" role="group" aria-label={t("deck.sideShown")}>
        {SIDES.map((option) => (
          <ScriptButton
            key={option}
            className="deck-viewer__side"
            aria-pressed={side === option}
            onClick={() => choose(option)}
          >
            {t(option === "bottom" ? "deck.sideBottom" : "deck.sideTop")}
          </ScriptButton>
        ))}
      </div>
    </div>
  );
}
