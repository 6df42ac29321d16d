import { readFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import {
  fontTable,
  generatedCss,
  generatedFaces,
  generatedMetrics,
  resolveFontFile,
} from "#scripts/build-font-metrics.mjs";
import { FONT_IDS, fontById, type FontId } from "./fonts.ts";
import { layoutText, LINE_HEIGHT } from "./text-layout.ts";

const layer = (text: string, overrides: Partial<Parameters<typeof layoutText>[0]> = {}) => ({
  text,
  font: "inter" as FontId,
  fontSize: 10,
  align: "center" as const,
  ...overrides,
});

describe("layoutText", () => {
  it("stacks lines in boxes of 1.2 em, centred on the layer", () => {
    const layout = layoutText(layer("One\nTwo\nThree"));
    expect(layout.height).toBeCloseTo(3 * LINE_HEIGHT * 10);
    const [first, second] = layout.lines;
    expect((second?.y ?? 0) - (first?.y ?? 0)).toBeCloseTo(LINE_HEIGHT * 10);
    expect(layout.lines.map((line) => line.text)).toEqual(["One", "Two", "Three"]);
  });

  it("is as wide as the widest line, and wider for a bigger font", () => {
    const narrow = layoutText(layer("Hi\nHello there"));
    expect(narrow.width).toBeCloseTo(layoutText(layer("Hello there")).width);
    expect(layoutText(layer("Hello", { fontSize: 20 })).width).toBeCloseTo(2 * layoutText(layer("Hello")).width);
  });

  it("anchors the lines at the left edge, the middle or the right edge", () => {
    const left = layoutText(layer("Hi", { align: "left" }));
    expect(left.anchor).toBe("start");
    expect(left.lines[0]?.x).toBeCloseTo(-left.width / 2);
    expect(layoutText(layer("Hi")).lines[0]?.x).toBe(0);
    const right = layoutText(layer("Hi", { align: "right" }));
    expect(right.anchor).toBe("end");
    expect(right.lines[0]?.x).toBeCloseTo(right.width / 2);
  });

  it("keeps an empty text wide enough to grab", () => {
    expect(layoutText(layer("")).width).toBeGreaterThan(5);
  });

  it("centres capitals in the line: the baseline sits half a cap height below the middle", () => {
    const layout = layoutText(layer("H"));
    expect(layout.lines[0]?.y).toBeGreaterThan(0);
    expect(layout.lines[0]?.y).toBeLessThan(5);
  });

  // The browser and resvg both shape the text with the same TTF; kerning is off in both (design-art.tsx).
  it.each(FONT_IDS)("matches the width resvg draws in %s", (id) => {
    const text = "Skate or die! Ça roule, 100 € – Zoë's";
    const font = fontById(id);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="100" viewBox="0 0 2000 100">` +
      `<text x="10" y="60" font-family="${font.family}" font-weight="${font.weight}" font-size="40" ` +
      `style="font-kerning:none" xml:space="preserve">${text.replace("&", "&amp;")}</text></svg>`;
    const resvg = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: [resolveFontFile(font.file)] } });
    const drawn = resvg.getBBox();
    const expected = layoutText(layer(text, { font: id, fontSize: 40 })).width;
    // The ink box lacks the side bearings of the first and last glyphs, so it is a little narrower.
    // With kerning the difference would be 1–3%.
    expect(drawn?.width).toBeGreaterThan(expected * 0.99);
    expect(drawn?.width).toBeLessThan(expected * 1.01);
  });
});

describe("the generated font files", () => {
  it("are up to date with the fonts (run node scripts/build-font-metrics.mjs)", () => {
    const table = fontTable();
    const read = (name: string) => readFileSync(new URL(name, import.meta.url), "utf8");
    expect(read("./font-faces.generated.ts")).toBe(generatedFaces(table));
    expect(read("./font-metrics.generated.ts")).toBe(generatedMetrics(table));
    expect(read("./fonts.generated.css")).toBe(generatedCss(table));
  });

  it("offer at least four fonts that cover the printable ASCII letters", () => {
    const table = fontTable();
    expect(table.fonts.length).toBeGreaterThanOrEqual(4);
    for (const letter of "AZaz09!?&") expect(table.characters).toContain(letter);
    expect(table.characters).not.toContain("<");
  });
});
