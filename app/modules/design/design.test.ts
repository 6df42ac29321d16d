import { describe, expect, it } from "vitest";
import { cleanLayerText, DESIGN_LIMITS, initialDesign, isDesign, isEmojiName, isLayerText } from "./design.ts";
import { designOf, designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";

describe("isDesign", () => {
  it("accepts the initial design and designs with text and stickers", () => {
    expect(isDesign(initialDesign)).toBe(true);
    expect(isDesign(designWith(textLayer(), emojiLayer()))).toBe(true);
    expect(isDesign(designOf(DESIGN_LIMITS.maxLayers))).toBe(true);
  });

  it("refuses a design from before layers, so that a restored draft always has them", () => {
    expect(isDesign({ background: "#f4d35e" })).toBe(false);
  });

  it.each([
    ["no object", null],
    ["an array", []],
    ["a named background colour", { background: "red", layers: [] }],
    ["layers that are no list", { background: "#000000", layers: {} }],
    ["too many layers", designOf(DESIGN_LIMITS.maxLayers + 1)],
    ["two layers with one id", designWith(textLayer(), emojiLayer({ id: "layer-1" }))],
    ["an unknown kind", designWith({ ...textLayer(), kind: "image" } as never)],
    ["an unknown font", designWith(textLayer({ font: "comic-sans" as never }))],
    ["text too long", designWith(textLayer({ text: "x".repeat(DESIGN_LIMITS.textMaxChars + 1) }))],
    ["markup in text", designWith(textLayer({ text: "<script>" }))],
    ["NaN", designWith(textLayer({ x: Number.NaN }))],
    ["infinity", designWith(textLayer({ fontSize: Number.POSITIVE_INFINITY }))],
    ["a number as text", designWith(textLayer({ y: "300" as never }))],
    ["a position off the print area", designWith(textLayer({ y: -1 }))],
    ["a giant sticker", designWith(emojiLayer({ size: 10_000 }))],
    ["an emoji code in capitals", designWith(emojiLayer({ unified: "1F6F9" }))],
    ["an emoji name with markup", designWith(emojiLayer({ name: "<b>" }))],
    ["a layer id with spaces", designWith(textLayer({ id: "layer 1" }))],
    ["a colour without #", designWith(textLayer({ color: "1b1b1b" }))],
    ["an unknown alignment", designWith(textLayer({ align: "justify" as never }))],
  ])("refuses %s", (_, value) => {
    expect(isDesign(value)).toBe(false);
  });
});

describe("isLayerText", () => {
  it("accepts letters, digits, Latin-1 and typographic punctuation on up to four lines", () => {
    expect(isLayerText("Skate or die!\nÇa roule – 100 €")).toBe(true);
    expect(isLayerText("a\nb\nc\nd")).toBe(true);
    expect(isLayerText("")).toBe(true);
  });

  it("refuses what no bundled font can print, markup and a fifth line", () => {
    expect(isLayerText("🛹")).toBe(false);
    expect(isLayerText("<img onerror=alert(1)>")).toBe(false);
    expect(isLayerText("Привет")).toBe(false);
    expect(isLayerText("tab\there")).toBe(false);
    expect(isLayerText("a\nb\nc\nd\ne")).toBe(false);
  });
});

describe("cleanLayerText", () => {
  it("keeps printable text as it is", () => {
    expect(cleanLayerText("Skate or die")).toEqual({ text: "Skate or die", dropped: false });
  });

  it("drops characters the fonts lack and says so", () => {
    expect(cleanLayerText("Go 🛹 <now>")).toEqual({ text: "Go  now", dropped: true });
  });

  it("turns Windows line breaks into newlines and joins lines beyond the limit", () => {
    expect(cleanLayerText("a\r\nb\nc\nd\ne\nf").text).toBe("a\nb\nc\nd e f");
  });

  it("cuts the text to the character limit", () => {
    expect(cleanLayerText("x".repeat(100)).text).toHaveLength(DESIGN_LIMITS.textMaxChars);
  });
});

describe("isEmojiName", () => {
  it("accepts the picker's names and refuses markup and invisible characters", () => {
    expect(isEmojiName("flag: Côte d’Ivoire")).toBe(true);
    expect(isEmojiName("")).toBe(false);
    expect(isEmojiName("a<b")).toBe(false);
    expect(isEmojiName("zero\u200bwidth")).toBe(false);
    expect(isEmojiName("x".repeat(DESIGN_LIMITS.emojiNameMaxChars + 1))).toBe(false);
  });
});
