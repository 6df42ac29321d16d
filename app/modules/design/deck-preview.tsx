import { memo, useId } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { formatDeckSize } from "#app/modules/catalog/format.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { boltHoles, deckOutline, type DeckOutline } from "./deck-geometry.ts";
import { deckShapePath, GRAIN, GRAIN_TILE, GRIT, GRIT_TILE_MM, KICK_BEND } from "./deck-shape.ts";
import type { Design } from "./design.ts";
import { DesignArtwork } from "./design-art.tsx";
import "./deck-preview.css";
import "./fonts.generated.css";

export type DeckSide = "bottom" | "top";

interface DeckPreviewProps {
  design: Design;
  /** Deck width in inches; 0 draws the narrowest deck. */
  size: number;
  grip: boolean;
  /** Which face: the bottom carries the buyer's graphic, the top the grip tape (or the bare maple). */
  side?: DeckSide;
  /** Drawn lying, nose to the left (a small swatch beside a line of text). */
  horizontal?: boolean;
  className?: string;
}

/** Room around the deck for its rail (the ply edge drawn below and to the right of the face). */
const FRAME_MM = 3;
const FRAME_FAR_MM = 6;
/** The seven maple plies seen on the rail, as if the deck were tilted a little: offset of the deepest ply. */
const RAIL = { dx: 2, dy: 5.6, plies: 7 };
const PLY_COLOURS = ["#c4925a", "#f0d6a8", "#d9ae74", "#f0d6a8", "#c4925a", "#f0d6a8", "#d9ae74"];
const MAPLE = "#e9c998";
const GRIP = "#1c1c1e";

/**
 * The deck as a product, in true proportions for its width: the popsicle outline (deck-shape.ts) with its nose
 * and tail kicks and its concave shaded, the seven-ply rail, and either face. The bottom shows the buyer's graphic
 * cut to the outline; the top shows black grip tape with its grit when grip is chosen, else the bare maple. Ids
 * come from useId, so that several decks on one page never share a gradient, and server and browser agree.
 */
export const DeckPreview = memo(function DeckPreview(props: DeckPreviewProps) {
  const { design, size, grip, side = "bottom", horizontal, className } = props;
  const outline = deckOutline(size);
  const id = `deck-${useId().replace(/[^\w-]/g, "")}`;
  const shape = deckShapePath(outline);
  const top = side === "top";
  const { t } = useTranslation();
  const locale = useLocale();
  const across = outline.width + FRAME_MM + FRAME_FAR_MM;
  const along = outline.length + FRAME_MM + FRAME_FAR_MM;
  return (
    <svg
      className={className ?? "deck-preview"}
      viewBox={
        horizontal
          ? `${-FRAME_MM} ${-FRAME_FAR_MM} ${along} ${across}`
          : `${-FRAME_MM} ${-FRAME_MM} ${across} ${along}`
      }
      role="img"
      aria-label={deckLabel(design, size, grip, side, t, locale)}
      data-side={side}
      data-surface={top ? (grip ? "grip" : "maple") : "graphic"}
    >
      <defs>
        <clipPath id={`${id}-clip`}>
          <path d={shape} />
        </clipPath>
        <Shading id={id} outline={outline} top={top} />
        {top && grip ? (
          <pattern id={`${id}-grit`} width={GRIT_TILE_MM} height={GRIT_TILE_MM} patternUnits="userSpaceOnUse">
            <path d={GRIT.dark} fill="#050505" />
            <path d={GRIT.light} fill="#8a8a8a" opacity="0.55" />
          </pattern>
        ) : null}
        {top && !grip ? (
          <pattern id={`${id}-grain`} width={GRAIN_TILE.width} height={GRAIN_TILE.height} patternUnits="userSpaceOnUse">
            <path d={GRAIN} fill="none" stroke="#b98a55" strokeWidth="0.6" opacity="0.45" />
          </pattern>
        ) : null}
      </defs>
      {/* Lying: turned a quarter anticlockwise about the origin, then moved back into view. */}
      <g transform={horizontal ? `matrix(0 -1 1 0 0 ${outline.width})` : undefined}>
        <Rail shape={shape} />
        <g clipPath={`url(#${id}-clip)`}>
          {top ? (
            <>
              <path d={shape} fill={grip ? GRIP : MAPLE} />
              <path d={shape} fill={`url(#${id}-${grip ? "grit" : "grain"})`} />
            </>
          ) : (
            <>
              <rect width={outline.width} height={outline.length} fill={design.background} />
              <DesignArtwork design={design} />
            </>
          )}
          <rect width={outline.width} height={outline.length} fill={`url(#${id}-concave)`} />
          <rect width={outline.width} height={outline.length} fill={`url(#${id}-kicks)`} />
          {/* The grip tape is filed along the edge, which leaves a thin light line. */}
          {top && grip ? <path d={shape} fill="none" stroke="#9a9a9a" strokeWidth="1.6" /> : null}
        </g>
        <BoltHoles outline={outline} top={top} grip={grip} />
        <path d={shape} fill="none" stroke="#3b2a17" strokeWidth="0.6" strokeOpacity="0.7" />
      </g>
    </svg>
  );
});

/**
 * Across the deck, the concave: the rails rise, so the faces darken towards them. Along it, the kicks: nose and
 * tail bend away from the face, darker towards the ends, with a light line where the top face bends.
 */
function Shading({ id, outline, top }: { id: string; outline: DeckOutline; top: boolean }) {
  const nose = KICK_BEND.nose;
  const tail = 1 - KICK_BEND.tail;
  return (
    <>
      <linearGradient id={`${id}-concave`}>
        <stop offset="0" stopColor="#000" stopOpacity={top ? 0.32 : 0.24} />
        <stop offset="0.14" stopColor="#000" stopOpacity="0.06" />
        <stop offset="0.5" stopColor="#fff" stopOpacity={top ? 0.06 : 0.12} />
        <stop offset="0.86" stopColor="#000" stopOpacity="0.08" />
        <stop offset="1" stopColor="#000" stopOpacity={top ? 0.36 : 0.28} />
      </linearGradient>
      <linearGradient id={`${id}-kicks`} x1="0" y1="0" x2="0" y2={outline.length} gradientUnits="userSpaceOnUse">
        <stop offset="0" stopColor="#000" stopOpacity="0.34" />
        <stop offset={nose * 0.55} stopColor="#000" stopOpacity="0.14" />
        <stop offset={nose} stopColor="#000" stopOpacity="0" />
        {top ? <stop offset={nose + 0.008} stopColor="#fff" stopOpacity="0.16" /> : null}
        <stop offset={nose + 0.02} stopColor="#000" stopOpacity="0" />
        <stop offset={tail - 0.02} stopColor="#000" stopOpacity="0" />
        {top ? <stop offset={tail - 0.008} stopColor="#fff" stopOpacity="0.16" /> : null}
        <stop offset={tail} stopColor="#000" stopOpacity="0" />
        <stop offset={tail + (1 - tail) * 0.45} stopColor="#000" stopOpacity="0.14" />
        <stop offset="1" stopColor="#000" stopOpacity="0.36" />
      </linearGradient>
    </>
  );
}

/** The ply edge: the outline repeated deeper and deeper, one maple ply each, under the face. */
function Rail({ shape }: { shape: string }) {
  return (
    <g>
      {PLY_COLOURS.map((colour, index) => {
        const depth = (RAIL.plies - index) / RAIL.plies;
        return (
          <path
            key={index}
            d={shape}
            fill={colour}
            stroke={index === 0 ? "#3b2a17" : "none"}
            strokeWidth="0.5"
            strokeOpacity="0.6"
            transform={`translate(${(RAIL.dx * depth).toFixed(2)} ${(RAIL.dy * depth).toFixed(2)})`}
          />
        );
      })}
    </g>
  );
}

/** The eight truck bolt holes: drilled through, so both faces show them; punched through the grip on top. */
function BoltHoles({ outline, top, grip }: { outline: DeckOutline; top: boolean; grip: boolean }) {
  return (
    <g fill={top && grip ? "#000" : "#2b1d10"} stroke={top && grip ? "#6e6e6e" : "#b3875a"} strokeWidth="1.2">
      {boltHoles(outline).map((hole) => (
        <circle key={`${hole.x} ${hole.y}`} cx={hole.x} cy={hole.y} r="3.2" />
      ))}
    </g>
  );
}

/**
 * The picture's name: the deck, its width, and what the face shown carries, in the page's language (the common
 * namespace: every page shows decks), e.g. "Custom skateboard deck, 8.25″ wide, with grip tape, with the text
 * “Skate or die” and the stickers: fire, star".
 */
export function deckLabel(
  design: Design,
  size: number,
  grip: boolean,
  side: DeckSide,
  t: TFunction<"common">,
  locale: Locale,
): string {
  const product = t("product.name");
  const deck = size ? t("deck.withWidth", { product, size: formatDeckSize(size, locale) }) : product;
  if (side === "top") return t("deck.top", { deck, surface: t(grip ? "deck.gripTape" : "deck.bareMaple") });
  const withGrip = grip ? t("deck.withGrip", { deck }) : deck;
  const layers = describeLayers(design, t);
  return layers ? t("deck.withLayers", { deck: withGrip, layers }) : withGrip;
}

/** The graphic in words for the image's name, e.g. "the text “Skate or die” and the stickers: fire, star". */
function describeLayers(design: Design, t: TFunction<"common">): string {
  const texts = design.layers.flatMap((layer) =>
    layer.kind === "text" && layer.text.trim() ? [t("deck.quoted", { text: layer.text.trim() })] : [],
  );
  const stickers = design.layers.flatMap((layer) => (layer.kind === "emoji" ? [layer.name] : []));
  const parts = [
    texts.length ? t("deck.texts", { texts: texts.join(", ") }) : "",
    stickers.length ? t("deck.stickers", { count: stickers.length, stickers: stickers.join(", ") }) : "",
  ].filter(Boolean);
  return parts.length === 2 ? t("deck.both", { first: parts[0], second: parts[1] }) : (parts[0] ?? "");
}

/**
 * The deck's bottom and, with grip chosen, its top beside it: the small pictures of the order summary and the
 * confirmation. `className` sizes the pair (each deck takes the pair's height).
 */
export function DeckPair({ design, size, grip, className }: Omit<DeckPreviewProps, "side">) {
  return (
    <span className={`deck-pair${className ? ` ${className}` : ""}`}>
      <DeckPreview className="deck-pair__deck" design={design} size={size} grip={grip} />
      {grip ? <DeckPreview className="deck-pair__deck" design={design} size={size} grip side="top" /> : null}
    </span>
  );
}
