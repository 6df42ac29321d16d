import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { centsToAmount, csvLine, neutraliseFormula, partialCreditNotesCell, sellerDay } from "./order-csv.ts";

describe("the accounting CSV", () => {
  it("writes numbers as numbers and text as text, quoting only where needed", () => {
    expect(csvLine(["DS-K5E48TG9", 75.9, null, "Berlin"])).toBe("DS-K5E48TG9,75.9,,Berlin\r\n");
    expect(csvLine(['Erika "Eri" Mustermann', "Main Street 1, back", "line\nbreak"])).toBe(
      '"Erika ""Eri"" Mustermann","Main Street 1, back","line\nbreak"\r\n',
    );
  });

  it("neutralises text that a spreadsheet would run as a formula, and leaves negative numbers alone", () => {
    for (const formula of ["=HYPERLINK(\"http://evil.test\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(neutraliseFormula(formula)).toBe(`'${formula}`);
    }
    expect(csvLine(["=1+1", -12.5])).toBe("'=1+1,-12.5\r\n");
    expect(neutraliseFormula("Zoë Ünal")).toBe("Zoë Ünal");
  });

  it("never lets any text cell start with a formula character once written", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const field = csvLine([text]).replace(/\r\n$/, "").replace(/^"/, "");
        expect(/^[=+\-@\t\r]/.test(field)).toBe(false);
      }),
    );
  });

  it("turns cents into euros with two decimals at most", () => {
    expect(centsToAmount(7590)).toBe(75.9);
    expect(centsToAmount(1)).toBe(0.01);
    expect(centsToAmount(123456)).toBe(1234.56);
  });
});

describe("sellerDay", () => {
  it("writes a document's day on the seller's clock: 00:30 in Berlin is that day, not the UTC one before", () => {
    expect(sellerDay(new Date("2026-11-27T23:30:00Z"))).toBe("2026-11-28");
    expect(sellerDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(sellerDay(null)).toBe("");
  });
});

describe("partialCreditNotesCell", () => {
  it("names each credit note for part of the amount with its day on the seller's clock and the amount, oldest first as given", () => {
    expect(
      partialCreditNotesCell([
        { number: "2026-000124", issuedAt: "2026-11-09T23:30:00.123456+00:00", grossCents: 1250 },
        { number: "2026-000130", issuedAt: new Date("2026-11-20T10:00:00Z"), grossCents: 500 },
      ]),
    ).toBe("2026-000124 2026-11-10 12.50; 2026-000130 2026-11-20 5.00");
  });

  it("is empty for none", () => {
    expect(partialCreditNotesCell(null)).toBe("");
    expect(partialCreditNotesCell([])).toBe("");
  });
});
