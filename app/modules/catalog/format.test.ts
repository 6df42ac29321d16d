import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INTL_LOCALE, LOCALES } from "#app/modules/i18n/locales.ts";
import { formatDeckSize, formatMoney, formatPercent, pageMeta } from "./format.ts";

// The shop writes its numbers itself (no ICU in the browser, D242); Intl in Node is the reference it must match.
describe.each(LOCALES)("numbers in %s are written as Intl writes them", (locale) => {
  const tag = INTL_LOCALE[locale];
  const money = new Intl.NumberFormat(tag, { style: "currency", currency: "EUR" });
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 });
  const decimal = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 3 });

  it("money, for any amount of cents up to ten million euros either way", () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => formatMoney(cents, locale) === money.format(cents / 100)), { numRuns: 5000 });
    for (const cents of [0, 1, 5, 99, 100, 5900, 99_999, 100_000, 123_456_789, -1, -100_000]) expect(formatMoney(cents, locale)).toBe(money.format(cents / 100));
  });

  it("VAT rates, any whole number of basis points", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (basisPoints) => formatPercent(basisPoints, locale) === percent.format(basisPoints / 10_000)));
    for (const basisPoints of [0, 700, 1900, 2000, 2550, 1234, 5, 100_000]) expect(formatPercent(basisPoints, locale)).toBe(percent.format(basisPoints / 10_000));
  });

  it("deck widths, to a thousandth of an inch", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (thousandths) => formatDeckSize(thousandths / 1000, locale) === `${decimal.format(thousandths / 1000)}″`));
    for (const inches of [7.5, 8, 8.25, 8.5, 8.375, 10.125, 1234.5]) expect(formatDeckSize(inches, locale)).toBe(`${decimal.format(inches)}″`);
  });
});

describe("pageMeta", () => {
  it("titles the page before the shop's name", () => {
    expect(pageMeta({ title: "Payment", description: "Pay." })).toEqual([
      { title: "Payment · Deck Studio" },
      { name: "description", content: "Pay." },
      { property: "og:title", content: "Payment" },
      { property: "og:description", content: "Pay." },
      { property: "og:site_name", content: "Deck Studio" },
      { property: "og:type", content: "website" },
    ]);
  });

  it("adds noindex, and no sharing preview, to a page with a buyer's data", () => {
    expect(pageMeta({ title: "Order 1", description: "Your order.", noindex: true })).toEqual([
      { title: "Order 1 · Deck Studio" },
      { name: "description", content: "Your order." },
      { name: "robots", content: "noindex" },
    ]);
  });
});
