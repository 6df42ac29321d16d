import { Resvg } from "@resvg/resvg-js";
import * as fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { MM_PER_INCH, type Design } from "./design.ts";
import { resolveFontFile } from "#scripts/build-font-metrics.mjs";
import { designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";
import { BUNDLED_FONTS } from "./fonts.ts";
import { countLike, countUnlike, decodePng, pixelAt, pngSize, type DecodedPng } from "#tests/support/png-reader.ts";
import { designSchema } from "./design-schema.ts";
import { printPixelSize, printSourceSvg, renderPrintPng, renderPrintSvg } from "./print-file.server.ts";
import { scopeIds } from "#app/modules/emoji/emoji-sheet-format.mjs";

const RED = [255, 0, 0, 255];
const PX_PER_MM = 300 / MM_PER_INCH;
const text = textLayer({ id: "layer-1", x: 101.6, y: 200, text: "SKATE", fontSize: 30, color: "#0000ff" });
const sticker = emojiLayer({ id: "layer-2", x: 101.6, y: 500, unified: "1f525", name: "fire", size: 60 });
const design: Design = { background: "#ff0000", layers: [text, sticker] };

/** A box of `halfMm` around a point on the deck, in pixels of the print file. */
function boxAround(xMm: number, yMm: number, halfMm: number) {
  return {
    x: (xMm - halfMm) * PX_PER_MM,
    y: (yMm - halfMm) * PX_PER_MM,
    width: 2 * halfMm * PX_PER_MM,
    height: 2 * halfMm * PX_PER_MM,
  };
}

describe("printPixelSize", () => {
  it.each(catalog.sizes)("is inches × 300 for a %f″ deck", (inches) => {
    expect(printPixelSize(inches)).toEqual({ width: Math.round(inches * 300), height: 9563 });
  });
});

describe("renderPrintPng", () => {
  let image: DecodedPng;
  let withoutText: DecodedPng;

  beforeAll(async () => {
    image = decodePng(await renderPrintPng(design, 8));
    withoutText = decodePng(await renderPrintPng({ ...design, layers: [sticker] }, 8));
  }, 60_000);

  it("covers the print area at 300 DPI", () => {
    expect({ width: image.width, height: image.height }).toEqual({ width: 2400, height: 9563 });
  });

  it("fills the print area with the background, bleed corners included", () => {
    expect(pixelAt(image, 3, 3)).toEqual(RED);
    expect(pixelAt(image, 1200, 8500)).toEqual(RED);
    expect(countUnlike(image, boxAround(101.6, 700, 30), RED)).toBe(0);
  });

  it("draws the text where its layer is, in its colour", () => {
    const box = boxAround(text.x, text.y, 15);
    expect(countUnlike(image, box, RED)).toBeGreaterThan(10_000);
    expect(countUnlike(withoutText, box, RED)).toBe(0);
    expect(countLike(image, box, [0, 0, 255, 255])).toBeGreaterThan(10_000);
  });

  it("draws the emoji sticker where its layer is", () => {
    expect(countUnlike(image, boxAround(sticker.x, sticker.y, 25), RED)).toBeGreaterThan(50_000);
  });

  it("renders every catalog width at its own size", async () => {
    expect(pngSize(await renderPrintPng(designWith(), 8.75))).toEqual({ width: 2625, height: 9563 });
  }, 30_000);
});

describe("renderPrintSvg", () => {
  let svg: string;
  beforeAll(() => {
    svg = renderPrintSvg(design, 8);
  });

  it("is sized in pixels at 300 DPI with a viewBox in millimetres", () => {
    const root = /<svg[^>]*>/.exec(svg)?.[0] ?? "";
    expect(root).toContain('width="2400"');
    expect(root).toContain('height="9563"');
    expect(root).toContain('viewBox="0 0 203.2 809.625"');
  });

  it("has the text as outlines and the emoji inlined: no fonts and no links needed", () => {
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).not.toContain("/emoji/svg");
    expect(svg).not.toMatch(/href="(?!data:|#)/);
  });

  it("draws the same picture as the PNG, even where no font is installed", () => {
    const small = { fitTo: { mode: "width", value: 240 } as const };
    const fromSvg = new Resvg(svg, { ...small, font: { loadSystemFonts: false } }).render().pixels;
    const fromSource = new Resvg(printSourceSvg(design, 8), {
      ...small,
      font: { loadSystemFonts: false, fontFiles: [] },
    });
    const reference = new Resvg(printSourceSvg(design, 8), { ...small, font: fontOptions() }).render().pixels;
    expect(differentBytes(fromSvg, reference)).toBeLessThan(reference.length * 0.001);
    // Without its fonts the source would lose the text: the outlines are what keeps the SVG faithful.
    expect(differentBytes(fromSource.render().pixels, reference)).toBeGreaterThan(100);
  });
});

describe("printSourceSvg", () => {
  it("gives each sticker's clip paths ids of its own", () => {
    const twice = designWith(
      emojiLayer({ id: "layer-1", unified: "1f6dc", name: "wireless" }),
      emojiLayer({ id: "layer-2", unified: "1f6dc", name: "wireless" }),
    );
    const source = printSourceSvg(twice, 8);
    expect(source).toContain('id="layer-1-a"');
    expect(source).toContain("url(#layer-2-a)");
  });

  it("draws an emoji newer than Twemoji as its glyph, which the print cannot show, without failing", () => {
    const source = printSourceSvg(designWith(emojiLayer({ unified: "1fae9", name: "face with bags under eyes" })), 8);
    expect(source).toContain("\u{1fae9}</text>");
  });

  it("refuses a design that is not valid and a width the catalog does not sell", () => {
    expect(() => renderPrintSvg({ background: "red", layers: [] }, 8)).toThrow(TypeError);
    expect(() => renderPrintSvg(designWith(emojiLayer({ unified: "../../secret" })), 8)).toThrow(TypeError);
    expect(() => renderPrintPng(designWith(), 9)).toThrow(RangeError);
  });
});

describe("scopeIds (the emoji sheets' and the print file's)", () => {
  it("renames ids and the references to them", () => {
    expect(scopeIds('<clipPath id="a"/><g clip-path="url(#a)"/><use href="#a"/>', "p-")).toBe(
      '<clipPath id="p-a"/><g clip-path="url(#p-a)"/><use href="#p-a"/>',
    );
  });
});

function fontOptions() {
  return { loadSystemFonts: false, fontFiles: BUNDLED_FONTS.map((font) => resolveFontFile(font.file)) };
}

function differentBytes(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++)
    if (Math.abs((a[index] ?? 0) - (b[index] ?? 0)) > 16) count++;
  return count + Math.abs(a.length - b.length);
}

describe("whatever the design schema accepts can be printed", () => {
  it("for any sequence of code points as a sticker (property-based)", () => {
    const hexSequence = fc
      .array(fc.oneof(fc.integer({ min: 0, max: 0x1ffff }), fc.integer({ min: 0, max: 0xffffff })), { minLength: 1, maxLength: 3 })
      .map((codes) => codes.map((code) => code.toString(16).padStart(4, "0")).join("-"));
    fc.assert(
      fc.property(hexSequence, (unified) => {
        const parsed = designSchema.safeParse(designWith(emojiLayer({ unified, name: "sticker" })));
        if (!parsed.success) {
          expect(parsed.error.issues.map((issue) => issue.message)).toContain("A sticker's emoji is unknown");
          return;
        }
        expect(() => renderPrintSvg(parsed.data, 8)).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });
});
