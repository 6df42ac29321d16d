/**
 * The 25 card backgrounds (spec §2, §9: "numbered 1 to 25"). They are CSS gradients drawn for this project
 * (docs/assets.md), not images: no download, crisp at any size, and nothing to license.
 * Number n combines palette ⌈n / 5⌉ with motif ((n − 1) mod 5) + 1. Every colour is dark enough that the
 * white lettering on top keeps at least 4.5:1 contrast.
 */

export const CARD_BACKGROUND_COUNT = 25;

interface Palette {
  deep: string;
  mid: string;
  accent: string;
}

const palettes: readonly Palette[] = [
  { deep: "#0b2545", mid: "#13315c", accent: "#1d6f8a" }, // ocean
  { deep: "#2d0a3e", mid: "#4a1760", accent: "#7a2a6e" }, // plum
  { deep: "#0b2e20", mid: "#14503a", accent: "#2b7a4b" }, // forest
  { deep: "#3b0d0c", mid: "#6a1b10", accent: "#8a3b12" }, // ember
  { deep: "#16181d", mid: "#2b2f38", accent: "#44506a" }, // graphite
];

const motifs: readonly ((palette: Palette) => string)[] = [
  // 1: a plain diagonal blend
  ({ deep, mid, accent }) => `linear-gradient(135deg, ${deep} 0%, ${mid} 55%, ${accent} 100%)`,
  // 2: a glow in the top right corner
  ({ deep, mid, accent }) =>
    `radial-gradient(circle at 85% 15%, ${accent} 0%, transparent 55%), linear-gradient(160deg, ${mid}, ${deep})`,
  // 3: fine diagonal stripes
  ({ deep, mid }) =>
    `repeating-linear-gradient(120deg, rgb(255 255 255 / 0.06) 0 3%, transparent 3% 7%), linear-gradient(135deg, ${deep}, ${mid})`,
  // 4: two overlapping discs
  ({ deep, mid, accent }) =>
    `radial-gradient(circle at 12% 88%, ${accent} 0 22%, transparent 23%), radial-gradient(circle at 30% 70%, ${mid} 0 38%, transparent 39%), ${deep}`,
  // 5: a sweep from below
  ({ deep, mid, accent }) => `conic-gradient(from 200deg at 70% 120%, ${deep}, ${mid}, ${accent}, ${deep})`,
];


export function isCardBackgroundNumber(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= CARD_BACKGROUND_COUNT;
}

/** The CSS `background` of background number `n` (1–25). */
export function cardBackgroundCss(n: number): string {
  if (!isCardBackgroundNumber(n)) throw new RangeError(`Card backgrounds are numbered 1 to ${CARD_BACKGROUND_COUNT}`);
  const palette = palettes[Math.floor((n - 1) / motifs.length)]!;
  return motifs[(n - 1) % motifs.length]!(palette);
}

/** One of 1–25 at random. */
export function randomCardBackgroundNumber(random: () => number = Math.random): number {
  return Math.min(CARD_BACKGROUND_COUNT, Math.floor(random() * CARD_BACKGROUND_COUNT) + 1);
}

/**
 * The CSS `background` for the preview's `background` property: a number 1–25 (also as a string, like "7"),
 * or an image URL, which gets a dark veil so the lettering stays readable. Anything else gives null, which
 * means "pick one at random".
 */
export function resolveCardBackground(background: number | string | undefined): string | null {
  if (typeof background === "number") return isCardBackgroundNumber(background) ? cardBackgroundCss(background) : null;
  const text = background?.trim() ?? "";
  if (text === "") return null;
  if (/^\d+$/.test(text)) return resolveCardBackground(Number(text));
  const safeUrl = text.replace(/["\\\n\r]/g, encodeURIComponent);
  return `linear-gradient(rgb(0 0 0 / 0.4), rgb(0 0 0 / 0.4)), center / cover no-repeat url("${safeUrl}")`;
}
