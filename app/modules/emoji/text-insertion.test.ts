import { describe, expect, it } from "vitest";
import { insertEmoji } from "./text-insertion.ts";

describe("insertEmoji", () => {
  it("inserts at the caret", () => {
    expect(insertEmoji("Hello world", "👋", "insert", { start: 5, end: 5 })).toEqual({ text: "Hello👋 world", caret: 7 });
  });

  it("puts the emoji first when the caret is at 0 (the original appended it)", () => {
    expect(insertEmoji("Hello", "👋", "insert", { start: 0, end: 0 })).toEqual({ text: "👋Hello", caret: 2 });
  });

  it("replaces a selection", () => {
    expect(insertEmoji("Hello world", "🌍", "insert", { start: 6, end: 11 })).toEqual({ text: "Hello 🌍", caret: 8 });
  });

  it("appends when the caret is unknown (the field was never focused)", () => {
    expect(insertEmoji("Hi", "👋", "insert", null)).toEqual({ text: "Hi👋", caret: 4 });
  });

  it("clamps a caret beyond the text", () => {
    expect(insertEmoji("Hi", "👋", "insert", { start: 9, end: 9 }).text).toBe("Hi👋");
  });

  it("prepends and appends whatever the caret", () => {
    expect(insertEmoji("Hi", "👋", "prepend", { start: 1, end: 1 })).toEqual({ text: "👋Hi", caret: 2 });
    expect(insertEmoji("Hi", "👋", "append", { start: 0, end: 0 })).toEqual({ text: "Hi👋", caret: 4 });
  });
});
