import { memo, useId } from "react";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize } from "#app/modules/catalog/format.ts";
import { boltHoles, deckOutline, outlineRect } from "./deck-geometry.ts";
import type { Design } from "./design.ts";
import { DesignArtwork } from "./design-art.tsx";
import "./fonts.generated.css";

interface DeckPreviewProps {
  design: Design;
  /** Deck width in inches; 0 draws the narrowest deck. */
  size: number;
  grip: boolean;
  className?: string;
}

const FRAME_MM = 3;

/** The deck seen from below, in true proportions for its width, with the buyer's graphic cut to its outline. */
export const DeckPreview = memo(function DeckPreview({ design, size, grip, className }: DeckPreviewProps) {
  const outline = deckOutline(size);
  const clipId = `deck-clip-${useId().replace(/[^\w-]/g, "")}`;
  const shape = outlineRect(outline);
  const label = `${catalog.product.name}${size ? `, ${formatDeckSize(size)} wide` : ""}${grip ? ", with grip tape" : ""}${describeLayers(design)}`;
  return (
    <svg
      className={className ?? "deck-preview"}
      viewBox={`${-FRAME_MM} ${-FRAME_MM} ${outline.width + 2 * FRAME_MM} ${outline.length + 2 * FRAME_MM}`}
      role="img"
      aria-label={label}
    >
      <defs>
        <clipPath id={clipId}>
          <rect {...shape} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width={outline.width} height={outline.length} fill={design.background} />
        <DesignArtwork design={design} />
      </g>
      {grip ? <rect {...outlineRect(outline, outline.width * 0.06)} fill="#1b1b1b" opacity="0.18" /> : null}
      <g fill="#1b1b1b" opacity="0.55">
        {boltHoles(outline).map((hole) => (
          <circle key={`${hole.x} ${hole.y}`} cx={hole.x} cy={hole.y} r="2.5" />
        ))}
      </g>
      <rect {...shape} fill="none" stroke="#1b1b1b" strokeWidth="2" />
    </svg>
  );
});

/** The graphic in words for the image's name, e.g. ", with the text “Skate or die” and the stickers: fire, star". */
function describeLayers(design: Design): string {
  const texts = design.layers.flatMap((layer) =>
    layer.kind === "text" && layer.text.trim() ? [`“${layer.text.trim()}”`] : [],
  );
  const stickers = design.layers.flatMap((layer) => (layer.kind === "emoji" ? [layer.name] : []));
  const parts = [
    texts.length ? `the text ${texts.join(", ")}` : "",
    stickers.length ? `the sticker${stickers.length === 1 ? "" : "s"}: ${stickers.join(", ")}` : "",
  ].filter(Boolean);
  return parts.length ? `, with ${parts.join(" and ")}` : "";
}
