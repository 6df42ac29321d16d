import { describe, expect, it } from "vitest";
import { SHEETS_PATH } from "./emoji-sheet-format.mjs";
import { parseSheetFileName } from "./emoji-format.mjs";
import firstScreen from "./emoji-first-screen.json";
import { FIRST_SHEET_SIZE, pagedArt, SHEET_PAGE_SIZE, sheetPageOf, type CellPlace } from "./emoji-data.ts";

const BASE = "/emoji";
/** 90 codes that are not on the first screen's sheet, one of them without art. */
const codes = Array.from({ length: 160 }, (_, i) => (0x1f330 + i).toString(16))
  .filter((code) => !firstScreen.sheetCodes.includes(code))
  .slice(0, 90);
const GLYPH_ONLY = codes[5] ?? "";
const data = { glyphOnly: new Set([GLYPH_ONLY]) };
const place = (position: number, sectionCodes: readonly string[] = codes, section = 1): CellPlace => ({ section, sectionCodes, position });

function sheetCodesOf(url: string): string[] | null {
  expect(url.startsWith(SHEETS_PATH)).toBe(true);
  return parseSheetFileName(url.slice(SHEETS_PATH.length));
}

describe("pagedArt", () => {
  it(`pages a section as its first ${FIRST_SHEET_SIZE} emoji, then ${SHEET_PAGE_SIZE} at a time`, () => {
    expect(sheetPageOf(0)).toEqual({ page: 0, start: 0, end: FIRST_SHEET_SIZE });
    expect(sheetPageOf(FIRST_SHEET_SIZE - 1).page).toBe(0);
    expect(sheetPageOf(FIRST_SHEET_SIZE)).toEqual({ page: 1, start: FIRST_SHEET_SIZE, end: FIRST_SHEET_SIZE + SHEET_PAGE_SIZE });
    expect(sheetPageOf(FIRST_SHEET_SIZE + SHEET_PAGE_SIZE)).toMatchObject({ page: 2, start: FIRST_SHEET_SIZE + SHEET_PAGE_SIZE });
  });

  it("draws an emoji from the sheet of its page, which the server can read back", () => {
    const art = pagedArt(data, BASE);
    const first = art(codes[0] ?? "", place(0));
    const pageCodes = codes.slice(0, FIRST_SHEET_SIZE).filter((code) => code !== GLYPH_ONLY);
    expect(first).toEqual({ url: `/emoji/sheets/${pageCodes.join("_")}.svg`, cell: 0, fallbackUrl: `/emoji/svg/${codes[0]}.svg` });
    expect(sheetCodesOf(first?.url ?? "")).toEqual(pageCodes);
    // Cells count only the emoji with art: the one after the glyph-only emoji moves up one.
    expect(art(codes[6] ?? "", place(6))?.cell).toBe(5);
  });

  it("has codes to test with", () => expect(codes).toHaveLength(90));

  it("starts a new sheet at each page and keeps every emoji's cell in its own sheet", () => {
    const art = pagedArt(data, BASE);
    codes.forEach((code, position) => {
      const shown = art(code, place(position));
      if (code === GLYPH_ONLY) return expect(shown).toBeNull();
      const sheet = sheetCodesOf(shown?.url ?? "");
      expect(sheet?.[shown?.cell ?? -1]).toBe(code);
      expect(sheet?.length).toBeLessThanOrEqual(position < FIRST_SHEET_SIZE ? FIRST_SHEET_SIZE : SHEET_PAGE_SIZE);
    });
    const pageOf = (position: number) => art(codes[position] ?? "", place(position))?.url;
    expect(pageOf(FIRST_SHEET_SIZE - 1)).toBe(pageOf(0));
    expect(pageOf(FIRST_SHEET_SIZE)).not.toBe(pageOf(0));
    expect(pageOf(FIRST_SHEET_SIZE + SHEET_PAGE_SIZE - 1)).toBe(pageOf(FIRST_SHEET_SIZE));
    expect(pageOf(FIRST_SHEET_SIZE + SHEET_PAGE_SIZE)).not.toBe(pageOf(FIRST_SHEET_SIZE));
  });

  it("pages each section on its own, so a section before it (the recent list) does not move its sheets", () => {
    const art = pagedArt(data, BASE);
    const alone = art(codes[20] ?? "", place(20));
    const afterRecent = pagedArt(data, BASE)(codes[20] ?? "", place(20, codes, 2));
    expect(afterRecent).toEqual(alone);
  });

  it("keeps the first screen's emoji on the first screen's sheet", () => {
    const [firstCode = ""] = firstScreen.sheetCodes;
    const sectionCodes = [firstCode, ...codes];
    const art = pagedArt(data, BASE);
    expect(art(firstCode, place(0, sectionCodes))).toEqual({ url: `/emoji/${firstScreen.sheet}`, cell: 0 });
    expect(sheetCodesOf(art(codes[0] ?? "", place(1, sectionCodes))?.url ?? "")).not.toContain(firstCode);
  });

  it("honours the image base URL", () => {
    expect(pagedArt(data, "https://cdn.example/emoji/")(codes[0] ?? "", place(0))?.url).toMatch(/^https:\/\/cdn\.example\/emoji\/sheets\//);
  });
});
