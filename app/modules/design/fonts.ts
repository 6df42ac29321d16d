import { FONT_FACES, TEXT_CHARACTERS } from "./font-faces.generated.ts";

/**
 * The bundled fonts a text layer can use (files under @expo-google-fonts). Their widths are in
 * font-metrics.generated.ts, read by text-layout.ts only: validating a design does not need them.
 */
export type BundledFont = (typeof FONT_FACES)[number];
export type FontId = BundledFont["id"];

export const BUNDLED_FONTS: readonly BundledFont[] = FONT_FACES;
export const FONT_IDS = FONT_FACES.map((font) => font.id) as [FontId, ...FontId[]];
export const DEFAULT_FONT: FontId = "inter";

export function isFontId(value: unknown): value is FontId {
  return typeof value === "string" && (FONT_IDS as readonly string[]).includes(value);
}

export function fontById(id: FontId): BundledFont {
  // FONT_IDS is derived from FONT_FACES, so every id has its entry.
  return FONT_FACES.find((font) => font.id === id) as BundledFont;
}

/** The font-family value for SVG and CSS: the TTF's own family name, so that the print renderer finds it too. */
export function fontFamilyOf(font: BundledFont): string {
  return `"${font.family}"`;
}

/** Whether every bundled font can draw the character (text layers hold nothing else, newlines aside). */
export function isTextCharacter(character: string): boolean {
  return character.length === 1 && TEXT_CHARACTERS.includes(character);
}
