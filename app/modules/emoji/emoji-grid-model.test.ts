import { describe, expect, it } from "vitest";
import { buildGridModel, cellAt, moveInGrid, type GridSection } from "./emoji-grid-model.ts";
import type { EmojiEntry } from "./emoji-types.ts";

function section(key: GridSection["key"], count: number): GridSection {
  const cells = Array.from({ length: count }, (_, n) => {
    const entry: EmojiEntry = {
      unified: `${key}-${n}`,
      name: `${key} ${n}`,
      searchTerms: [],
      keywords: [],
      nameHaystack: "",
      keywordHaystack: "",
      category: "objects",
    };
    return { entry, unified: entry.unified, tone: "neutral" as const };
  });
  return { key, label: key, cells };
}

// Two sections on a 4-column grid: objects 0..5 (rows of 4 and 2), symbols 6..14 (rows of 4, 4, 1).
const model = buildGridModel([section("objects", 6), section("recent", 0), section("symbols", 9)], 4);

describe("buildGridModel", () => {
  it("lays out a heading and rows per non-empty section, numbering the emoji rows", () => {
    expect(model.sections.map(({ key }) => key)).toEqual(["objects", "symbols"]);
    expect(model.rows.map((row) => (row.kind === "heading" ? "h" : row.cells.length))).toEqual(["h", 4, 2, "h", 4, 4, 1]);
    expect(model.emojiRowCount).toBe(5);
    expect(model.cellCount).toBe(15);
    expect(model.headingRows).toEqual([0, 3]);
    expect(cellAt(model, 6)?.unified).toBe("symbols-0");
  });
});

describe("moveInGrid", () => {
  it("moves left and right across rows, stopping at the ends", () => {
    expect(moveInGrid(model, 3, "ArrowRight")).toBe(4);
    expect(moveInGrid(model, 14, "ArrowRight")).toBe(14);
    expect(moveInGrid(model, 0, "ArrowLeft")).toBe(0);
  });

  it("moves down and up by column, skipping headings and clamping to shorter rows", () => {
    expect(moveInGrid(model, 1, "ArrowDown")).toBe(5);
    expect(moveInGrid(model, 3, "ArrowDown")).toBe(5);
    expect(moveInGrid(model, 5, "ArrowDown")).toBe(7);
    expect(moveInGrid(model, 7, "ArrowUp")).toBe(5);
    expect(moveInGrid(model, 1, "ArrowUp")).toBe(1);
    expect(moveInGrid(model, 14, "ArrowDown")).toBe(14);
  });

  it("goes to the row's ends with Home and End, and the grid's with Ctrl", () => {
    expect(moveInGrid(model, 9, "Home")).toBe(6);
    expect(moveInGrid(model, 6, "End")).toBe(9);
    expect(moveInGrid(model, 9, "Home", true)).toBe(0);
    expect(moveInGrid(model, 0, "End", true)).toBe(14);
  });

  it("pages by several rows", () => {
    expect(moveInGrid(model, 0, "PageDown")).toBe(14);
    expect(moveInGrid(model, 14, "PageUp")).toBe(0);
  });

  it("ignores other keys", () => {
    expect(moveInGrid(model, 0, "Enter")).toBeNull();
  });
});
