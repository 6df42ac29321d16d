import * as fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as z from "zod/mini";
import { deckOutline, type DeckOutline } from "./deck-geometry.ts";
import { cleanLayerText, DESIGN_LIMITS, initialDesign, isDesign, type Design } from "./design.ts";
import {
  addLayer,
  duplicateLayer,
  moveLayer,
  newEmojiLayer,
  newTextLayer,
  removeLayer,
  reorderLayer,
  resizeLayer,
  rotateLayerBy,
  updateTextLayer,
} from "./design-model.ts";
import { DESIGN_MAX_CHARS, designJsonSchema, designSchema } from "./design-schema.ts";
import { designOf, designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";

function messages(value: unknown): string[] {
  const result = designSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("designSchema", () => {
  it("gives the client's Design type", () => {
    expectTypeOf<z.output<typeof designSchema>>().toEqualTypeOf<Design>();
  });

  it("accepts the editor's designs as they are", () => {
    const design = designWith(
      textLayer({ text: "Ça roule\n– 100 €", align: "right" }),
      emojiLayer({ unified: "1f44b-1f3fb" }),
    );
    expect(designSchema.parse(design)).toEqual(design);
    expect(designSchema.parse(initialDesign)).toEqual(initialDesign);
    expect(designSchema.safeParse(designOf(DESIGN_LIMITS.maxLayers)).success).toBe(true);
  });

  it("reads a design from before layers as one without layers", () => {
    expect(designSchema.parse({ background: "#0d3b66" })).toEqual({ background: "#0d3b66", layers: [] });
  });

  it.each([
    [
      "a huge number",
      designWith(textLayer({ x: 1e308 })),
      "A layer's position across the deck must be at most 222.25 mm",
    ],
    ["NaN as a string", designWith(textLayer({ fontSize: "NaN" as never })), "A text's size must be a number"],
    ["NaN", designWith(emojiLayer({ size: Number.NaN })), "A sticker's size must be a number"],
    [
      "a negative rotation beyond a turn",
      designWith(emojiLayer({ rotation: -720 })),
      "A layer's rotation must be at least -180°",
    ],
    ["an unknown font", designWith(textLayer({ font: "comic-sans" as never })), "Choose one of the shop's fonts"],
    [
      "a script string in text",
      designWith(textLayer({ text: "<script>alert(1)</script>" })),
      "A text can use letters, digits and common punctuation, on at most 4 lines",
    ],
    ["text over the limit", designWith(textLayer({ text: "x".repeat(41) })), "A text can have at most 40 characters"],
    ["a colour name", designWith(textLayer({ color: "red" })), "A text's colour must be a colour like #1b1b1b"],
    [
      "an emoji code with a path",
      designWith(emojiLayer({ unified: "../../etc/passwd" })),
      "A sticker's emoji is unknown",
    ],
    ["an emoji code in capitals", designWith(emojiLayer({ unified: "1F6F9" })), "A sticker's emoji is unknown"],
    ["a code point beyond Unicode", designWith(emojiLayer({ unified: "ffffff" })), "A sticker's emoji is unknown"],
    ["the NUL character", designWith(emojiLayer({ unified: "0000" })), "A sticker's emoji is unknown"],
    ["a surrogate half", designWith(emojiLayer({ unified: "1f44b-d83d" })), "A sticker's emoji is unknown"],
    ["a noncharacter", designWith(emojiLayer({ unified: "fffe" })), "A sticker's emoji is unknown"],
    ["a control character", designWith(emojiLayer({ unified: "0085" })), "A sticker's emoji is unknown"],
    [
      "markup in an emoji name",
      designWith(emojiLayer({ name: "<img src=x>" })),
      "A sticker's name can only hold plain words",
    ],
    [
      "an unknown layer kind",
      designWith({ ...textLayer(), kind: "script" } as never),
      "A layer is a text or a sticker",
    ],
    ["two layers with one id", designWith(textLayer(), emojiLayer({ id: "layer-1" })), "Each layer needs its own id"],
    [
      "a background that is no colour",
      { background: "url(javascript:alert(1))", layers: [] },
      "Choose a background colour from the list",
    ],
  ])("refuses %s with a message", (_, value, message) => {
    expect(messages(value)).toContain(message);
  });

  it("refuses 10,000 layers with one message, without checking each", () => {
    const started = performance.now();
    const result = designSchema.safeParse(designOf(10_000));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      `A design can have at most ${DESIGN_LIMITS.maxLayers} layers`,
    ]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses anything that is no design object, with messages", () => {
    for (const value of [null, 42, "design", [], { layers: "many" }, { background: "#000000", layers: [null] }]) {
      expect(messages(value).length).toBeGreaterThan(0);
    }
  });

  it("never throws and agrees with isDesign, whatever arrives", () => {
    const hexSequence = fc
      .array(fc.integer({ min: 0, max: 0xffffff }), { minLength: 1, maxLength: 4 })
      .map((codes) => codes.map((code) => code.toString(16).padStart(4, "0")).join("-"));
    const hostileNumber = fc.oneof(
      fc.double(),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308, "NaN", "1e3", null),
    );
    const hostileLayer = fc.record({
      id: fc.oneof(fc.constant("layer-1"), fc.string({ maxLength: 30 })),
      kind: fc.constantFrom("text", "emoji", "image"),
      x: hostileNumber,
      y: hostileNumber,
      rotation: hostileNumber,
      text: fc.string({ maxLength: 50 }),
      font: fc.constantFrom("inter", "bebas-neue", "comic-sans"),
      fontSize: hostileNumber,
      color: fc.constantFrom("#1b1b1b", "red", "#12345"),
      align: fc.constantFrom("left", "justify"),
      unified: fc.oneof(fc.constantFrom("1f6f9", "1F6F9", "../x", "1f44b-1f3fb", "ffffff", "0000"), hexSequence),
      name: fc.string({ maxLength: 90 }),
      size: hostileNumber,
    });
    const hostileDesign = fc.record({
      background: fc.constantFrom("#f4d35e", "#FFFFFF", "yellow", ""),
      layers: fc.array(fc.oneof(hostileLayer, fc.anything()), { maxLength: 35 }),
    });
    fc.assert(
      fc.property(fc.oneof(hostileDesign, fc.anything()), (value) => {
        const result = designSchema.safeParse(value);
        expect(result.success).toBe(isDesign(value));
        if (!result.success) expect(result.error.issues.every((issue) => issue.message.length > 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("what the editor makes, the server accepts", () => {
  it("after any sequence of the model's operations", () => {
    const deck = deckOutline(7.75);
    const operation = fc.oneof(
      fc.tuple(
        fc.constant("move" as const),
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        fc.double({ min: -2000, max: 2000, noNaN: true }),
      ),
      fc.tuple(fc.constant("resize" as const), fc.double({ min: 0.01, max: 100, noNaN: true })),
      fc.tuple(fc.constant("rotate" as const), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
      fc.tuple(fc.constant("text" as const), fc.string({ maxLength: 60 })),
      fc.tuple(fc.constantFrom("duplicate" as const, "remove" as const, "front" as const, "back" as const)),
      fc.tuple(fc.constant("add" as const), fc.boolean()),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), operation), { maxLength: 60 }), (steps) => {
        let design = designOf(3);
        for (const [pick, [kind, ...args]] of steps) {
          const id = design.layers[pick % Math.max(1, design.layers.length)]?.id ?? "none";
          design = applyOperation(design, deck, id, kind, args);
        }
        expect(designSchema.safeParse(design).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

function applyOperation(design: Design, deck: DeckOutline, id: string, kind: string, args: unknown[]): Design {
  switch (kind) {
    case "move":
      return moveLayer(design, id, { x: args[0] as number, y: args[1] as number }, deck);
    case "resize":
      return resizeLayer(design, id, args[0] as number);
    case "rotate":
      return rotateLayerBy(design, id, args[0] as number);
    case "text":
      return updateTextLayer(design, id, { text: cleanLayerText(args[0] as string).text });
    case "duplicate":
      return duplicateLayer(design, id, deck)?.design ?? design;
    case "remove":
      return removeLayer(design, id);
    case "front":
    case "back":
      return reorderLayer(design, id, kind);
    default: {
      const layer = args[0]
        ? newTextLayer(deck)
        : newEmojiLayer(deck, { unified: "1f525", name: "fire" });
      return addLayer(design, layer)?.design ?? design;
    }
  }
}

describe("designJsonSchema", () => {
  it("parses the JSON text the order form sends", () => {
    const design = designWith(textLayer(), emojiLayer());
    expect(designJsonSchema.parse(JSON.stringify(design))).toEqual(design);
  });

  it("refuses JSON it cannot read and text over the size cap, with messages", () => {
    expect(designJsonSchema.safeParse("{not json").error?.issues[0]?.message).toBe("The design could not be read");
    const huge = JSON.stringify({ background: "#000000", layers: [], padding: "x".repeat(DESIGN_MAX_CHARS) });
    expect(designJsonSchema.safeParse(huge).error?.issues[0]?.message).toBe("The design is too large");
  });

  it("keeps the 200,000 character cap", () => {
    expect(DESIGN_MAX_CHARS).toBe(200_000);
  });
});
