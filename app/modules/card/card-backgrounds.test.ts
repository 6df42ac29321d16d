import { describe, expect, it } from "vitest";
import {
  CARD_BACKGROUND_COUNT,
  cardBackgroundCss,
  randomCardBackgroundNumber,
  resolveCardBackground,
} from "./card-backgrounds.ts";

describe("card backgrounds", () => {
  it("are numbered 1 to 25, all different", () => {
    const all = Array.from({ length: CARD_BACKGROUND_COUNT }, (_, i) => cardBackgroundCss(i + 1));
    expect(CARD_BACKGROUND_COUNT).toBe(25);
    expect(new Set(all).size).toBe(25);
    expect(() => cardBackgroundCss(0)).toThrow(RangeError);
    expect(() => cardBackgroundCss(26)).toThrow(RangeError);
  });

  it("draws a random number within 1–25", () => {
    expect(randomCardBackgroundNumber(() => 0)).toBe(1);
    expect(randomCardBackgroundNumber(() => 0.5)).toBe(13);
    expect(randomCardBackgroundNumber(() => 0.999999)).toBe(25);
  });

  it.each([
    [7, cardBackgroundCss(7)],
    ["7", cardBackgroundCss(7)],
    [" 25 ", cardBackgroundCss(25)],
    [0, null],
    [26, null],
    [2.5, null],
    ["", null],
    [undefined, null],
  ])("the property %j resolves to a numbered background or null (random)", (background, css) => {
    expect(resolveCardBackground(background)).toBe(css);
  });

  it("a URL becomes a veiled cover image, with quotes escaped", () => {
    expect(resolveCardBackground("/cards/mine.jpg")).toContain('url("/cards/mine.jpg")');
    expect(resolveCardBackground('/a".jpg')).toContain('url("/a%22.jpg")');
  });
});
