import { describe, expect, it } from "vitest";
import { detectCardBrand } from "./card-brand.ts";
import {
  cardNumberFace,
  cardNumberPattern,
  splitPastedExpiry,
  displayMonth,
  displayName,
  displayYear,
  groupCardNumber,
  keepDigits,
  maskSecurityCode,
  reformatCardNumberInput,
} from "./card-format.ts";

const patternOf = (number: string) => {
  const digits = number.replace(/\D/g, "");
  return cardNumberPattern(digits, detectCardBrand(digits)).join("-");
};

describe("number pattern by brand (spec §9)", () => {
  it.each([
    ["", "4-4-4-4", "default"],
    ["4111 1111 1111 1111", "4-4-4-4", "visa"],
    ["5500 0000 0000 0004", "4-4-4-4", "mastercard"],
    ["3782 822463 10005", "4-6-5", "amex"],
    ["34", "4-6-5", "amex while typing"],
    ["3056 930902 5904", "4-6-4", "diners, 14 digits"],
    ["3056 9309 0259 0412", "4-4-4-4", "diners, 16 digits do not fit 4-6-4"],
    ["6200 0000 0000 0000 005", "6-7-6", "unionpay, 19 digits"],
    ["6200 0000 0000 0005", "4-4-4-4", "unionpay, 16 digits"],
    ["1354 1234 5678 911", "4-4-4-3", "uatp, the 15-digit variant"],
    ["2131 0000 0000 000", "4-4-4-3", "jcb 2131, the 15-digit variant"],
    ["1800 0000 0000 000", "4-4-4-3", "jcb 1800, the 15-digit variant"],
    ["3530 1113 3330 0000", "4-4-4-4", "jcb 35xx"],
    ["6759 6498 2643 8453 123", "4-4-4-4-3", "19 digits without a longer pattern"],
  ])("%s → %s (%s)", (number, pattern) => {
    expect(patternOf(number)).toBe(pattern);
  });

  it("a forced brand picks its pattern", () => {
    expect(cardNumberFace("", { type: "amex" }).shown).toBe("#### ###### #####");
  });
});

describe("card number on the card: placeholders and masking", () => {
  it.each([
    ["", true, "#### #### #### ####"],
    ["4111 1111 1111 1111", true, "4111 **** **** 1111"],
    ["4111 1111 1111 1111", false, "4111 1111 1111 1111"],
    ["4111-1111-1111-1111", true, "4111 **** **** 1111"],
    ["4111111111111111", true, "4111 **** **** 1111"],
    ["4111 11", true, "4111 **## #### ####"],
    ["4111 1111 1111 11", true, "4111 **** **** 11##"],
    ["3782 822463 10005", true, "3782 ****** *0005"],
    ["378282246310005", false, "3782 822463 10005"],
    ["4222222222222", true, "4222 **** *222 2###"],
    ["3056 930902 5904", true, "3056 ****** 5904"],
    ["6200 0000 0000 0000 005", true, "620000 ******* **0005"],
    ["1354 1234 5678 911", true, "1354 **** ***8 911"],
    ["4111 1111 1111 1111 0000 9999", false, "4111 1111 1111 1111 000"],
  ] as const)("%s (masked %s) → %s", (number, masked, shown) => {
    expect(cardNumberFace(number, { masked }).shown).toBe(shown);
  });

  it("for 4-4-4-4 masking equals the spec's rule: pattern positions 5–13 (after the first group, under 14)", () => {
    const pattern = "#### #### #### ####";
    const shown = cardNumberFace("1234567890123456").shown;
    for (let i = 0; i < pattern.length; i++) {
      const masked = i > 4 && i < 14 && pattern[i] !== " ";
      expect(shown[i] === "*", `position ${i}`).toBe(masked);
    }
  });

  it("for amex masking equals the spec's rule: pattern positions 5–12 (after the first group, under 13)", () => {
    const pattern = "#### ###### #####";
    const shown = cardNumberFace("378282246310005").shown;
    for (let i = 0; i < pattern.length; i++) {
      const masked = i > 4 && i < 13 && pattern[i] !== " ";
      expect(shown[i] === "*", `position ${i}`).toBe(masked);
    }
  });
});

describe("other values on the card", () => {
  it.each([
    ["29", "29"],
    ["2029", "29"],
    ["2031", "31"],
    ["9", "9"],
    ["", ""],
    ["20 29", "29"],
  ])("year %j shows %j", (year, shown) => {
    expect(displayYear(year)).toBe(shown);
  });

  it("month shows its digits, at most two", () => {
    expect(displayMonth("04")).toBe("04");
    expect(displayMonth("4")).toBe("4");
    expect(displayMonth("123")).toBe("12");
  });

  it("the name collapses runs of spaces", () => {
    expect(displayName("  Erika    Maria   Mustermann ")).toBe("Erika Maria Mustermann");
    expect(displayName("   ")).toBe("");
  });

  it("the security code is masked", () => {
    expect(maskSecurityCode("123")).toBe("•••");
    expect(maskSecurityCode("1234")).toBe("••••");
    expect(maskSecurityCode("")).toBe("");
  });

  it.each([
    ["", null, null],
    ["4111", null, null],
    ["34", "amex", null],
    ["4111 1111 1111 1111", "visa", "1111"],
    ["3782 822463 10005", "amex", "0005"],
  ])("the face of %j has the brand %j and, once complete, the last four %j only", (number, brand, lastFour) => {
    const face = cardNumberFace(number);
    expect({ brand: face.brand, lastFour: face.lastFour }).toEqual({ brand, lastFour });
    expect(face.brand).toBe(detectCardBrand(number));
  });
});

describe("the number field: grouping while typing, caret kept after the same digit", () => {
  it.each([
    ["4111", "4111"],
    ["41111", "4111 1"],
    ["4111111111111111", "4111 1111 1111 1111"],
    ["378282246310005", "3782 822463 10005"],
    ["4111 1111 1111 1111 1234 5678", "4111 1111 1111 1111 123"],
  ])("%s → %s", (digits, grouped) => {
    expect(groupCardNumber(digits.replace(/\D/g, "").slice(0, 19))).toBe(grouped);
  });

  it.each([
    ["typing at the end", { value: "41111", caret: 5 }, "", "", { value: "4111 1", caret: 6 }],
    ["typing the 4th digit adds no trailing space", { value: "4111", caret: 4 }, "", "", { value: "4111", caret: 4 }],
    ["typing in the middle", { value: "4111 91111", caret: 6 }, "", "", { value: "4111 9111 1", caret: 6 }],
    ["typing before a space", { value: "41119 1111", caret: 5 }, "", "", { value: "4111 9111 1", caret: 6 }],
    [
      "pasting with dashes",
      { value: "4111-1111-1111-1111", caret: 19 },
      "",
      "insertFromPaste",
      { value: "4111 1111 1111 1111", caret: 19 },
    ],
    [
      "pasting amex",
      { value: "378282246310005", caret: 15 },
      "",
      "insertFromPaste",
      { value: "3782 822463 10005", caret: 17 },
    ],
    ["letters are dropped", { value: "4111a", caret: 5 }, "4111", "insertText", { value: "4111", caret: 4 }],
    [
      "Backspace after a space deletes the digit before it",
      { value: "41111111", caret: 4 },
      "4111 1111",
      "deleteContentBackward",
      { value: "4111 111", caret: 3 },
    ],
    [
      "Delete before a space deletes the digit after it",
      { value: "41111111", caret: 4 },
      "4111 1111",
      "deleteContentForward",
      { value: "4111 111", caret: 4 },
    ],
    [
      "Backspace of a digit regroups",
      { value: "4111 111", caret: 8 },
      "4111 1111",
      "deleteContentBackward",
      { value: "4111 111", caret: 8 },
    ],
    [
      "deleting in the middle keeps the caret",
      { value: "4111 1111 111 1111", caret: 12 },
      "4111 1111 1111 1111",
      "deleteContentBackward",
      { value: "4111 1111 1111 111", caret: 12 },
    ],
    ["caret at the start", { value: "4111", caret: 0 }, "", "", { value: "4111", caret: 0 }],
  ] as const)("%s", (_, edited, previous, inputType, expected) => {
    expect(reformatCardNumberInput(edited, previous, inputType)).toEqual(expected);
  });

  it("keepDigits keeps the caret beside its digit", () => {
    expect(keepDigits({ value: "1a2", caret: 3 }, 4)).toEqual({ value: "12", caret: 2 });
    expect(keepDigits({ value: "12345", caret: 5 }, 4)).toEqual({ value: "1234", caret: 4 });
    expect(keepDigits({ value: "1x23", caret: 2 }, 4)).toEqual({ value: "123", caret: 1 });
  });
});

describe("splitPastedExpiry", () => {
  it("splits a whole expiry date pasted into the month field", () => {
    expect(splitPastedExpiry("08/31")).toEqual({ cardMonth: "08", cardYear: "31" });
    expect(splitPastedExpiry(" 8 / 2031 ")).toEqual({ cardMonth: "08", cardYear: "2031" });
    expect(splitPastedExpiry("12-29")).toEqual({ cardMonth: "12", cardYear: "29" });
    expect(splitPastedExpiry("01.30")).toEqual({ cardMonth: "01", cardYear: "30" });
  });

  it("leaves anything else to the field: a month alone, a month out of range, other text", () => {
    for (const text of ["08", "0831", "13/31", "00/31", "08/3", "08/312", "aa/bb", "", "08/31/2"]) {
      expect(splitPastedExpiry(text)).toBeNull();
    }
  });
});
