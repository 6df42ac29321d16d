import { describe, expect, it } from "vitest";
import { addressTextProblem, hasControlCharacters } from "./address-text.ts";

describe("addressTextProblem: what a shipping name or address line may be written in", () => {
  it.each([
    "Zoë",
    "Zoe\u0308", // Zoë with a combining diaeresis
    "Łódź",
    "Ærøskøbing",
    "Straße",
    "İstanbul",
    "Nguyễn Văn An",
    "François Müller-Lüdenscheidt",
    "Αθήνα",
    "София",
    "O'Brien-Smith",
    "O’Brien",
    "c/o Müller",
    "#5",
    "1-1",
    "Apt. 4B, 3rd floor (rear)",
    "Piano 2º; Nº 7",
    "Via Roma 1, 3° piano",
    "Hauptstr. 5 & 7",
    "",
  ])("accepts %j", (value) => {
    expect(addressTextProblem(value)).toBeNull();
  });

  it.each([
    ["Japanese", "山田 太郎"],
    ["Japanese street", "千代田1-1"],
    ["Japanese town", "東京"],
    ["Katakana", "ヤマダ"],
    ["Japanese punctuation between Latin letters", "Chiyoda、Tokyo"],
    ["Korean", "서울"],
    ["Hebrew", "שלום"],
    ["Arabic", "القاهرة"],
    ["Arabic comma (a Common character only Arabic-type scripts use)", "Cairo، Egypt"],
    ["Thai", "กรุงเทพ"],
    ["Devanagari", "मुंबई"],
    ["Devanagari danda", "Mumbai।"],
    ["an emoji after a name", "Zoë 🎉"],
    ["a skateboard", "🛹"],
    ["a ZWJ family", "👨‍👩‍👧"],
    ["a ZWJ profession with a skin tone", "👩🏽‍💻"],
    ["a flag", "🇩🇪"],
    ["a keycap", "5️⃣"],
    ["a heart with its variation selector", "❤️"],
    ["a lone skin-tone modifier", "Ada\u{1F3FD}"],
    ["a tag sequence flag", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"],
    ["a private-use character", "Ada\uE000"],
    ["Braille", "⠁⠃⠉"],
    ["a star", "Ada ★"],
    ["a tick", "✓ Main Street 1"],
    ["box drawing", "Ada ─ Lovelace"],
    ["a mahjong tile", "🀀"],
    ["a dingbat number", "Apt ❶"],
  ])("refuses %s as a script", (_, value) => {
    expect(addressTextProblem(value)).toBe("script");
  });

  it.each([
    ["a NUL", "Ada\u0000Lovelace"],
    ["a newline", "Hauptstr. 1\nBerlin"],
    ["a tab", "Ada\tLovelace"],
    ["a C1 control", "Ada\u0085"],
    ["a right-to-left override", "Ada\u202ELovelace"],
    ["a zero-width space", "Ada\u200BLovelace"],
    ["a lone zero-width joiner", "Ada\u200DLovelace"],
    ["a line separator", "Ada\u2028Lovelace"],
    ["a text variation selector", "Ada\uFE0E"],
  ])("refuses %s as invisible", (_, value) => {
    expect(addressTextProblem(value)).toBe("invisible");
  });

  it("names the script before an invisible character when a line has both", () => {
    expect(addressTextProblem("\u0000山田")).toBe("script");
    expect(addressTextProblem("山田\u0000")).toBe("script");
  });
});

describe("hasControlCharacters", () => {
  it("finds C0, DEL and C1 control characters and nothing else", () => {
    expect(hasControlCharacters("Ada\u0000")).toBe(true);
    expect(hasControlCharacters("a\nb")).toBe(true);
    expect(hasControlCharacters("a\u007f")).toBe(true);
    expect(hasControlCharacters("a\u009f")).toBe(true);
    expect(hasControlCharacters("山田 太郎 🎉")).toBe(false);
  });
});
