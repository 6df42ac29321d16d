import { memo } from "react";
import type { CardBrand } from "./card-brand.ts";

/**
 * Brand artwork drawn for this project (docs/assets.md): a badge in the brand's colours with its name set in
 * type. No official logo is reproduced; the names only identify the card network, as on any checkout page.
 */

interface BrandMarkStyle {
  /** The wordmark. */
  text: string;
  /** Badge fill and text colour. */
  fill: string;
  ink: string;
  /** A second, smaller line (e.g. "Electron"). */
  subline?: { text: string; ink: string };
  italic?: boolean;
}

const GENERIC_STYLE: BrandMarkStyle = { text: "CARD", fill: "none", ink: "#ffffff" };

export const brandMarkStyles: Record<CardBrand, BrandMarkStyle> = {
  visa: { text: "VISA", fill: "#1a1f71", ink: "#ffffff", italic: true },
  visaelectron: {
    text: "VISA",
    fill: "#1a1f71",
    ink: "#ffffff",
    italic: true,
    subline: { text: "Electron", ink: "#f7b600" },
  },
  mastercard: { text: "mastercard", fill: "#231f20", ink: "#f79e1b" },
  amex: { text: "AMEX", fill: "#2e77bc", ink: "#ffffff" },
  discover: { text: "DISCOVER", fill: "#ffffff", ink: "#e55c20" },
  dinersclub: { text: "Diners Club", fill: "#ffffff", ink: "#004a97" },
  jcb: { text: "JCB", fill: "#ffffff", ink: "#0e4c96" },
  unionpay: { text: "UnionPay", fill: "#d10429", ink: "#ffffff" },
  maestro: { text: "maestro", fill: "#ffffff", ink: "#0a6ebd" },
  elo: { text: "elo", fill: "#000000", ink: "#ffcb05" },
  hipercard: { text: "Hipercard", fill: "#b3131b", ink: "#ffffff" },
  aura: { text: "Aura", fill: "#ffcc00", ink: "#00306e" },
  dankort: { text: "Dankort", fill: "#ffffff", ink: "#e30613" },
  laser: { text: "LASER", fill: "#00693c", ink: "#ffffff" },
  mir: { text: "MIR", fill: "#0f754e", ink: "#ffffff" },
  troy: { text: "TROY", fill: "#ffffff", ink: "#00a3c4" },
  uatp: { text: "UATP", fill: "#1a6aa8", ink: "#ffffff" },
};

const WIDTH = 120;
const HEIGHT = 48;

/**
 * A brand's badge; `brand` null draws a neutral outline marked `unknownText` ("CARD" unless the page's language
 * says otherwise). Decorative: the card has the name.
 * Memoised, like the chip, so that a keystroke re-renders only the text that changed.
 */
export const BrandMark = memo(function BrandMark({
  brand,
  unknownText = GENERIC_STYLE.text,
  className,
}: {
  brand: CardBrand | null;
  unknownText?: string;
  className?: string;
}) {
  const style = brand ? brandMarkStyles[brand] : { ...GENERIC_STYLE, text: unknownText };
  const textWidth = Math.min(WIDTH - 20, style.text.length * 16);
  return (
    <svg className={className} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <rect
        x="1"
        y="1"
        width={WIDTH - 2}
        height={HEIGHT - 2}
        rx="8"
        fill={style.fill}
        stroke={style.fill === "none" ? style.ink : "none"}
        strokeWidth="2"
      />
      <text
        x={WIDTH / 2}
        y={style.subline ? 26 : 32}
        textAnchor="middle"
        textLength={textWidth}
        lengthAdjust="spacingAndGlyphs"
        fill={style.ink}
        fontFamily="'Arial Black', 'Helvetica Neue', Arial, sans-serif"
        fontWeight="900"
        fontSize="22"
        fontStyle={style.italic ? "italic" : "normal"}
      >
        {style.text}
      </text>
      {style.subline ? (
        <text
          x={WIDTH / 2}
          y="41"
          textAnchor="middle"
          fill={style.subline.ink}
          fontFamily="Arial, sans-serif"
          fontSize="11"
        >
          {style.subline.text}
        </text>
      ) : null}
    </svg>
  );
});

/** The contact chip on the card's front, drawn as a few lines on a gold plate. */
export const CardChip = memo(function CardChip({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 50 38" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="49" height="37" rx="6" fill="#d9b45a" stroke="#a8863a" />
      <path
        d="M0 13h16M0 25h16M34 13h16M34 25h16M16 0v38M34 0v38M16 19h18"
        stroke="#a8863a"
        strokeWidth="1.5"
        fill="none"
      />
    </svg>
  );
});
