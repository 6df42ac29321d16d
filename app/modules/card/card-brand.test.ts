import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CARD_BRANDS,
  DECIDING_DIGITS,
  candidatesBrand,
  cardBrandName,
  cardDigits,
  detectCardBrand,
  forcedCardBrand,
  issuerCandidates,
} from "./card-brand.ts";
import creditCardType from "credit-card-type";

describe("detectCardBrand: the spec's visa and mastercard rules, exactly", () => {
  it.each([
    ["4111 1111 1111 1111", "visa", "16 digits starting with 4"],
    ["4111111111111111", "visa", "without spaces"],
    ["4222222222222", "visa", "13 digits"],
    ["  4222 2222 22222 ", "visa", "spaces anywhere are ignored"],
    ["411111111111", null, "12 digits"],
    ["41111111111111", null, "14 digits"],
    ["411111111111111", null, "15 digits"],
    ["4111111111111111111", null, "19 digits"],
    ["4111", null, "a partial visa number"],
    ["5500 0000 0000 0004", "mastercard", "55 + 14 digits"],
    ["5105105105105100", "mastercard", "51"],
    ["5555555555554444", "mastercard", "55"],
    ["6771 8900 0000 0008", "mastercard", "677189 + 10 digits"],
    ["2221 0000 0000 0009", null, "the 2-series is not mastercard in the spec"],
    ["5500 0000 0000 000", null, "15 digits"],
    ["5500 0000 0000 0000 0", null, "17 digits"],
    ["5500", null, "a partial mastercard number"],
    ["5000 0000 0000 0000", "maestro", "50 is not 51-55"],
    ["5600 0000 0000 0000", "maestro", "56 is not 51-55"],
  ] as const)("%s → %s (%s)", (number, brand, _why) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe("detectCardBrand: further brands", () => {
  it.each([
    ["3782 822463 10005", "amex"],
    ["34", "amex"],
    ["37", "amex"],
    ["6011 1111 1111 1117", "discover"],
    ["3056 930902 5904", "dinersclub"],
    ["36", "dinersclub"],
    ["3530 1113 3330 0000", "jcb"],
    ["6200 0000 0000 0005", "unionpay"],
    ["6759 6498 2643 8453", "maestro"],
    ["6362 9700 0045 7013", "elo"],
    ["6062 8288 8866 6688", "hipercard"],
    ["5078 6018 7000 0127 985", "aura"],
    ["5019 7170 1010 3742", "dankort"],
    ["6304 0000 0000 0000", "laser"],
    ["2200 0000 0000 0004", "mir"],
    ["9792 0000 0000 0003", "troy"],
    ["1354 1234 5678 911", "uatp"],
    ["1801", "uatp"],
  ] as const)("%s → %s", (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it.each([
    ["", "empty"],
    ["3", "amex, diners or jcb"],
    ["4", "visa, elo or maestro"],
    ["5", "several"],
    ["62", "unionpay, maestro or elo"],
    ["1", "uatp or jcb's 1800"],
    ["18", "uatp or jcb's 1800"],
    ["6771", "laser, or mastercard's 677189"],
  ])("%s gives no brand while it is ambiguous (%s)", (number) => {
    expect(detectCardBrand(number)).toBeNull();
  });

  it("1800 is JCB's range, not UATP's", () => {
    expect(detectCardBrand("1800")).toBe("jcb");
  });

  it("never calls a number visa or mastercard outside the spec's rules", () => {
    for (let length = 1; length <= 19; length++) {
      const visaLike = "4".padEnd(length, "1");
      const mastercardLike = "55".padEnd(length, "0");
      expect(detectCardBrand(visaLike) === "visa").toBe(length === 13 || length === 16);
      expect(detectCardBrand(mastercardLike) === "mastercard").toBe(length === 16);
    }
  });
});

// Issuer prefixes of every kind (ranges, single patterns, our extra rules and their exceptions) with any tail.
const ISSUER_STARTS = ["", "1", "18", "1800", "2", "22", "2221", "27", "3", "34", "35", "36", "4", "5", "50", "5019", "507860", "6", "62", "622126", "6304", "6771", "677189", "9792"];
const digitString = (maxLength: number) =>
  fc.tuple(fc.constantFrom(...ISSUER_STARTS), fc.stringMatching(new RegExp(`^\\d{0,${maxLength}}$`))).map(([start, tail]) => (start + tail).slice(0, 19));

describe("detectCardBrand's memo of the deciding prefix", () => {
  it("a number longer than the deciding prefix has that prefix's candidates (the memo's premise)", () => {
    expect(DECIDING_DIGITS).toBeGreaterThanOrEqual(6);
    fc.assert(
      fc.property(digitString(19), (digits) => {
        expect(candidatesBrand(digits)).toBe(candidatesBrand(digits.slice(0, DECIDING_DIGITS)));
      }),
      { numRuns: 2000 },
    );
  });

  it("answers the same whatever was asked before", () => {
    fc.assert(
      fc.property(fc.array(digitString(19), { minLength: 1, maxLength: 30 }), (numbers) => {
        const fresh = numbers.map((digits) => detectCardBrand(digits));
        const again = [...numbers].reverse().map((digits) => detectCardBrand(digits)).reverse();
        expect(again).toEqual(fresh);
      }),
    );
  });
});

describe("issuerCandidates: credit-card-type's matching, without its copies", () => {
  it("answers what credit-card-type answers, for numbers of every length", () => {
    fc.assert(
      fc.property(digitString(19), (digits) => {
        for (let length = 0; length <= digits.length; length++) {
          const prefix = digits.slice(0, length);
          expect(issuerCandidates(prefix)).toEqual(creditCardType(prefix).map(({ type }) => type));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps every issuer a number may still belong to, then the most specific one", () => {
    expect(issuerCandidates("2")).toEqual(["mastercard", "jcb", "mir"]);
    expect(issuerCandidates("62")).toEqual(["unionpay", "maestro", "elo"]);
    expect(issuerCandidates("622126")).toEqual(["unionpay"]);
    expect(issuerCandidates("34")).toEqual(["american-express"]);
  });
});

describe("forced type", () => {
  it.each([
    ["visa", "5500 0000 0000 0004", "visa"],
    ["VISA", "", "visa"],
    [" Visa ", "", "visa"],
    ["Master Card", "4111 1111 1111 1111", "mastercard"],
    ["MASTERCARD", "", "mastercard"],
    ["AmEx", "4111 1111 1111 1111", "amex"],
    ["visa electron", "", "visaelectron"],
    ["unknown", "4111 1111 1111 1111", "visa"],
    ["american express", "4111 1111 1111 1111", "visa"],
    ["", "5500 0000 0000 0004", "mastercard"],
  ] as const)("type %j with %j → %s", (type, number, brand) => {
    expect(detectCardBrand(number, type)).toBe(brand);
  });

  it("accepts every brand we have artwork for", () => {
    for (const brand of CARD_BRANDS) expect(forcedCardBrand(brand.toUpperCase())).toBe(brand);
    expect(CARD_BRANDS).toHaveLength(17);
  });
});

it("cardDigits keeps only the digits", () => {
  expect(cardDigits(" 4111-1111 1111.1111\n")).toBe("4111111111111111");
});

describe("cardBrandName: a stored brand as buyers know it", () => {
  it.each([
    ["visa", "Visa"],
    ["amex", "American Express"],
    ["visaelectron", "Visa Electron"],
    ["unknown", "Card"],
    ["", "Card"],
    ["<script>", "Card"],
  ])("%j → %s", (stored, name) => {
    expect(cardBrandName(stored)).toBe(name);
  });
});
