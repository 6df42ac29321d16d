import { memo, useState, type ReactNode } from "react";
import "./design-art.css";
import type { Design, EmojiLayer, Layer, TextLayer } from "./design.ts";
import { fontById, fontFamilyOf } from "./fonts.ts";
import { nativeOf } from "#app/modules/emoji/emoji-format.mjs";
import { layoutText } from "./text-layout.ts";

/**
 * The layers of a design as SVG, in deck millimetres. The deck preview, the editor's canvas and the print file
 * all draw them with these components, so what the buyer saw is what gets printed. Light on purpose: the start
 * page renders it.
 */

/** Where the shop serves the Twemoji artwork (scripts/build-emoji-assets.mjs), on its own server. */
export const EMOJI_ART_URL = "/emoji/svg";
/** A native emoji glyph is drawn a little smaller than its sticker so that it fills about the same square. */
const GLYPH_SCALE = 0.85;

/** Draws an emoji sticker centred on the layer's origin: the browser loads the artwork, the print inlines it. */
export type EmojiRenderer = (layer: EmojiLayer) => ReactNode;

export function placementTransform(layer: Pick<Layer, "x" | "y" | "rotation">): string {
  return `translate(${layer.x} ${layer.y})${layer.rotation ? ` rotate(${layer.rotation})` : ""}`;
}

/** `print`: drawn for the print renderer (resvg), which reads styles from style attributes only. */
export function DesignArtwork({ design, renderEmoji, print }: { design: Design; renderEmoji?: EmojiRenderer; print?: boolean }) {
  return design.layers.map((layer) => <LayerArt key={layer.id} layer={layer} renderEmoji={renderEmoji} print={print} />);
}

/** One layer, placed; memoised so that dragging one layer redraws only that one. */
export const LayerArt = memo(function LayerArt({ layer, renderEmoji = renderEmojiImage, print }: LayerArtProps) {
  return (
    <g transform={placementTransform(layer)}>
      {layer.kind === "text" ? <TextArt layer={layer} print={print} /> : renderEmoji(layer)}
    </g>
  );
});

interface LayerArtProps {
  layer: Layer;
  renderEmoji?: EmojiRenderer;
  print?: boolean;
}

const NO_KERNING = { fontKerning: "none" } as const;

function TextArt({ layer, print }: { layer: TextLayer; print?: boolean }) {
  const layout = layoutText(layer);
  const font = fontById(layer.font);
  return (
    <text
      fontFamily={fontFamilyOf(font)}
      fontWeight={font.weight}
      fontSize={layer.fontSize}
      fill={layer.color}
      textAnchor={layout.anchor}
      xmlSpace="preserve"
      // The layout's widths have no kerning; the renderers must not add it, or the boxes would drift. Browsers
      // read it from design-art.css (pages allow no inline styles); resvg reads only style attributes.
      className="design-text"
      style={print ? NO_KERNING : undefined}
    >
      {layout.lines.map((line, index) => (
        <tspan key={index} x={line.x} y={line.y}>
          {line.text}
        </tspan>
      ))}
    </text>
  );
}

function renderEmojiImage(layer: EmojiLayer) {
  return <EmojiImage layer={layer} />;
}

/** The self-hosted Twemoji SVG; an emoji newer than Twemoji has none, and shows as the native glyph instead. */
function EmojiImage({ layer }: { layer: EmojiLayer }) {
  const [missing, setMissing] = useState<string | null>(null);
  if (missing === layer.unified) return <EmojiGlyph layer={layer} />;
  const half = layer.size / 2;
  return (
    <image
      href={`${EMOJI_ART_URL}/${layer.unified}.svg`}
      x={-half}
      y={-half}
      width={layer.size}
      height={layer.size}
      onError={() => setMissing(layer.unified)}
    />
  );
}

export function EmojiGlyph({ layer }: { layer: EmojiLayer }) {
  return (
    <text fontSize={layer.size * GLYPH_SCALE} textAnchor="middle" dominantBaseline="central">
      {nativeOf(layer.unified)}
    </text>
  );
}

