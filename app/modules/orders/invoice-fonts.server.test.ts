import { describe, expect, it } from "vitest";
import { glyphLookup, fontRuns, invoiceFontFiles } from "./invoice-fonts.server.ts";

describe("the invoice's fonts", () => {
  it("are Barlow's files (Latin, Latin Extended, Vietnamese) and Noto Sans's (Greek, Cyrillic and their extensions, Latin Extended) unpacked to TrueType, regular and semibold", () => {
    const files = invoiceFontFiles();
    expect(Object.keys(files).sort()).toEqual([
      "bold-cyrillic",
      "bold-cyrillicExt",
      "bold-ext",
      "bold-greek",
      "bold-greekExt",
      "bold-latin",
      "bold-notoExt",
      "bold-vietnamese",
      "regular-cyrillic",
      "regular-cyrillicExt",
      "regular-ext",
      "regular-greek",
      "regular-greekExt",
      "regular-latin",
      "regular-notoExt",
      "regular-vietnamese",
    ]);
    for (const file of Object.values(files)) expect(file.readUInt32BE(0)).toBe(0x00010000); // a TrueType sfnt
  });

  it("write German and the euro in the Latin file, and Polish or Czech letters in the extended one", () => {
    expect(fontRuns("Größe 59,00 € ″", "regular")).toEqual([{ font: "regular-latin", text: "Größe 59,00 € ″" }]);
    expect(fontRuns("Łukasz Żółć", "bold")).toEqual([
      { font: "bold-ext", text: "Ł" },
      { font: "bold-latin", text: "ukasz " },
      { font: "bold-ext", text: "Ż" },
      { font: "bold-latin", text: "ó" },
      { font: "bold-ext", text: "łć" },
    ]);
  });

  it("write Vietnamese letters (Latin, as a shipping address may hold them) in Barlow's Vietnamese file", () => {
    expect(fontRuns("Nguyễn Văn Trần", "regular")).toEqual([
      { font: "regular-latin", text: "Nguy" },
      { font: "regular-vietnamese", text: "ễ" },
      { font: "regular-latin", text: "n V" },
      { font: "regular-ext", text: "ă" },
      { font: "regular-latin", text: "n Tr" },
      { font: "regular-vietnamese", text: "ầ" },
      { font: "regular-latin", text: "n" },
    ]);
    expect(fontRuns("Ặ", "bold")).toEqual([{ font: "bold-vietnamese", text: "Ặ" }]);
  });

  it("write a letter Barlow's range names but its file lacks (ẞ, pinyin's ǐ) in Noto Sans, never as a box", () => {
    expect(fontRuns("GROẞE", "bold")).toEqual([
      { font: "bold-latin", text: "GRO" },
      { font: "bold-notoExt", text: "ẞ" },
      { font: "bold-latin", text: "E" },
    ]);
    expect(fontRuns("Lǐ", "regular")).toEqual([
      { font: "regular-latin", text: "L" },
      { font: "regular-notoExt", text: "ǐ" },
    ]);
    expect(glyphLookup(invoiceFontFiles()["regular-ext"])("ẞ".codePointAt(0)!)).toBe(false);
  });

  it("write Greek and Cyrillic in Noto Sans, keeping the digits and spaces between in Barlow", () => {
    expect(fontRuns("Αθήνα 105 63", "regular")).toEqual([
      { font: "regular-greek", text: "Αθήνα" },
      { font: "regular-latin", text: " 105 63" },
    ]);
    expect(fontRuns("Иван", "bold")).toEqual([{ font: "bold-cyrillic", text: "Иван" }]);
    expect(fontRuns("Әлия Қасымова", "regular")).toEqual([
      { font: "regular-cyrillicExt", text: "Ә" },
      { font: "regular-cyrillic", text: "лия" },
      { font: "regular-latin", text: " " },
      { font: "regular-cyrillicExt", text: "Қ" },
      { font: "regular-cyrillic", text: "асымова" },
    ]);
    expect(fontRuns("Ἀθῆναι", "bold")).toEqual([
      { font: "bold-greekExt", text: "Ἀ" },
      { font: "bold-greek", text: "θ" },
      { font: "bold-greekExt", text: "ῆ" },
      { font: "bold-greek", text: "ναι" },
    ]);
    expect(fontRuns("שלום", "regular")).toEqual([{ font: "regular-latin", text: "שלום" }]); // no font has it: a box
  });
});
