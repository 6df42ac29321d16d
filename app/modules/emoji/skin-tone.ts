import { SKIN_TONES, type EmojiEntry, type SkinTone } from "./emoji-types.ts";


const TONE_STORAGE_KEY = "deck-studio-emoji-tone";

export function isSkinTone(value: unknown): value is SkinTone {
  return typeof value === "string" && (SKIN_TONES as readonly string[]).includes(value);
}

/**
 * The form of an emoji in a tone: every modifier tone, the lightest included, applies to every emoji that has
 * variants (the original looked the tone up with `findIndex() || -1`, which lost index 0, the light tone).
 */
export function resolveTone(entry: Pick<EmojiEntry, "unified" | "skins">, tone: SkinTone): { unified: string; tone: SkinTone } {
  const variant = tone === "neutral" ? undefined : entry.skins?.[tone];
  return variant ? { unified: variant, tone } : { unified: entry.unified, tone: "neutral" };
}

/** The remembered tone; "neutral" when none was chosen or storage is unavailable (private mode, server). */
export function readStoredTone(): SkinTone {
  try {
    const stored = globalThis.localStorage?.getItem(TONE_STORAGE_KEY);
    return isSkinTone(stored) ? stored : "neutral";
  } catch {
    return "neutral";
  }
}

export function storeTone(tone: SkinTone): void {
  try {
    globalThis.localStorage?.setItem(TONE_STORAGE_KEY, tone);
  } catch {
    // Storage can be full or blocked: the tone then lasts for this page only, which is acceptable.
  }
}
