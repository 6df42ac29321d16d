import { nativeOf } from "./emoji-data";

export const EMOJI_ART_SIZE = 28;

interface EmojiArtProps {
  unified: string;
  /** The Twemoji SVG; null shows the native glyph (no art, or the picker's `native` mode). */
  imageUrl: string | null;
  size?: number;
}

/** An emoji's picture, decorative: the control around it carries the name. */
export function EmojiArt({ unified, imageUrl, size = EMOJI_ART_SIZE }: EmojiArtProps) {
  if (!imageUrl) {
    return (
      <span className="emoji-art emoji-art--glyph" aria-hidden="true" style={{ fontSize: size * 0.85 }}>
        {nativeOf(unified)}
      </span>
    );
  }
  return (
    <img
      className="emoji-art"
      src={imageUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  );
}
