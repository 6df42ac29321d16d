import { catalog } from "~/modules/catalog/catalog";
import { formatDeckSize } from "~/modules/catalog/format";
import type { Design } from "~/modules/editor/design";

interface DeckPreviewProps {
  design: Design;
  /** Deck width in inches; 0 draws the narrowest deck. */
  size: number;
  grip: boolean;
  className?: string;
}

const PIXELS_PER_INCH = 10;

/** The deck seen from above, in true proportions for its width, with the buyer's graphic. */
export function DeckPreview({ design, size, grip, className }: DeckPreviewProps) {
  const width = (size || catalog.sizes[0]) * PIXELS_PER_INCH;
  const length = catalog.deckLengthInches * PIXELS_PER_INCH;
  const radius = width / 2;
  const label = `${catalog.product.name}${size ? `, ${formatDeckSize(size)} wide` : ""}${grip ? ", with grip tape" : ""}`;
  return (
    <svg
      className={className ?? "deck-preview"}
      viewBox={`-4 -4 ${width + 8} ${length + 8}`}
      role="img"
      aria-label={label}
    >
      <rect
        width={width}
        height={length}
        rx={radius}
        fill={design.background}
        stroke="#1b1b1b"
        strokeWidth="2"
      />
      {grip ? (
        <rect
          x={width * 0.06}
          y={length * 0.02}
          width={width * 0.88}
          height={length * 0.96}
          rx={radius * 0.9}
          fill="#1b1b1b"
          opacity="0.18"
        />
      ) : null}
      {[0.27, 0.73].map((at) => (
        <g key={at} fill="#1b1b1b" opacity="0.55">
          {[-1, 1].map((dx) =>
            [-1, 1].map((dy) => (
              <circle key={`${dx}${dy}`} cx={width / 2 + dx * 8} cy={length * at + dy * 10} r="1.6" />
            )),
          )}
        </g>
      ))}
    </svg>
  );
}
