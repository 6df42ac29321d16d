import { useState } from "react";
import { nativeOf, type ArtSource } from "./emoji-data.ts";

export const EMOJI_ART_SIZE = 28;

/** The sizes emoji-picker.css knows (a size class each: pages allow no inline styles). */
export type EmojiArtSize = 20 | 22 | typeof EMOJI_ART_SIZE;

interface EmojiArtProps {
  unified: string;
  /** The Twemoji SVG, or a cell of the first screen's sheet; null shows the native glyph (no art, or `native`). */
  art: ArtSource;
  size?: EmojiArtSize;
  /** fetchpriority of an emoji's own SVG file: high in view, low ahead of the scroll. */
  priority?: "high" | "low";
}

/**
 * An emoji's picture, decorative: the control around it carries the name. A cell of the first screen's sheet
 * is the whole sheet (one column of square cells) scaled to the width and shifted up: one image, preloaded, for
 * the whole first screen. Other emoji show a cell of their page's sheet, composed by the server when the grid
 * first renders a row of the page (the grid only renders the rows in view and one more); should that sheet fail
 * to load (e.g. an image base URL on a static host), the emoji's own file.
 */
export function EmojiArt({ unified, art: requested, size = EMOJI_ART_SIZE, priority }: EmojiArtProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const art = requested?.fallbackUrl && requested.url === failedUrl ? { url: requested.fallbackUrl } : requested;
  if (!art) {
    return (
      <span className={`emoji-art emoji-art--glyph emoji-art--size-${size}`} aria-hidden="true">
        {nativeOf(unified)}
      </span>
    );
  }
  const inSheet = art.cell !== undefined;
  // A sheet's cell is picked by classes (emoji-picker.css), not a style attribute: pages allow no inline styles.
  const sheetClasses = inSheet ? ` emoji-art--sheet emoji-art--size-${size} emoji-cell-${art.cell}` : "";
  return (
    <img
      className={`emoji-art${sheetClasses}`}
      src={art.url}
      alt=""
      width={size}
      height={size}
      decoding="async"
      fetchPriority={inSheet ? undefined : priority}
      draggable={false}
      onError={art.fallbackUrl ? () => setFailedUrl(art.url) : undefined}
    />
  );
}
