import { describe, expect, it } from "vitest";
import { catalog } from "./catalog.ts";
import { countryCodes } from "./countries.ts";
import { formatDate, formatDateTime, formatDeckSize, formatMoney, formatPercent } from "./format.ts";
import { priceForDestination, priceOrder, storedShippingLine, storedTax, type PriceLine } from "./pricing.ts";
import { isEuCountry } from "./tax.ts";

describe("priceOrder", () => {
  it.each([
    { grip: false, size: 0, country: "", subtotal: 5900, shipping: null, total: 5900, vat: 942 },
    { grip: false, size: 8, country: "", subtotal: 5900, shipping: null, total: 5900, vat: 942 },
    { grip: true, size: 8.25, country: "DE", subtotal: 6800, shipping: 490, total: 7290, vat: 1164 },
    // France: the same gross as Germany, holding 20 % French VAT.
    { grip: false, size: 8.5, country: "FR", subtotal: 6200, shipping: 990, total: 7190, vat: 1198 },
    // Exports: the catalog amounts without German VAT, no VAT charged.
    { grip: true, size: 8.75, country: "US", subtotal: 5966, shipping: 2092, total: 8058, vat: 0 },
    { grip: false, size: 8, country: "CH", subtotal: 4958, shipping: 1252, total: 6210, vat: 0 },
  ] as const)("grip=$grip size=$size to '$country' costs $total", ({ grip, size, country, ...expected }) => {
    const price = priceOrder({ grip, size, country });
    expect(price.subtotalCents).toBe(expected.subtotal);
    expect(price.shippingCents).toBe(expected.shipping);
    expect(price.totalCents).toBe(expected.total);
    expect(price.vatCents).toBe(expected.vat);
  });

  it("names the rule it applied: kind, rate in basis points, country", () => {
    expect(priceOrder({ grip: false, size: 8, country: "FR" }).tax).toEqual({ kind: "vat", basisPoints: 2000, country: "FR" });
    expect(priceOrder({ grip: false, size: 8, country: "US" }).tax).toEqual({ kind: "export", basisPoints: 0, country: "US" });
  });

  it("before a country is known prices for the seller's country (19 %) with shipping not yet known", () => {
    for (const country of [undefined, "", "ZZ"]) {
      const price = priceOrder({ grip: true, size: 8.5, country });
      expect(price.countryKnown).toBe(false);
      expect(price.tax).toEqual({ kind: "vat", basisPoints: 1900, country: "DE" });
      expect(price.shipping).toBeNull();
      expect(price.shippingCents).toBeNull();
      expect(price.totalCents).toBe(price.subtotalCents);
    }
  });

  it("lists each charge once, in integer cents, and they add up to the subtotal", () => {
    const price = priceOrder({ grip: true, size: 8.5, country: "DE" });
    expect(price.lines.map((line) => line.label)).toEqual([catalog.product.name, "Wide deck", "Grip tape"]);
    expect(price.lines.map((line) => line.id)).toEqual(["deck", "wideDeck", "grip"]);
    expect(price.lines.every((line) => Number.isInteger(line.cents))).toBe(true);
    expect(price.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(price.subtotalCents);
  });

  it("states the VAT of each line, rounded there: Germany 19 %", () => {
    const price = priceOrder({ grip: true, size: 8.5, country: "DE" });
    expect(price.totalCents).toBe(7590);
    // 5900 → 942.02, 300 → 47.90, 900 → 143.70, 490 → 78.24: 942 + 48 + 144 + 78 (a calculator on the total: 1211.8).
    expect(price.lines.map((line) => line.vatCents)).toEqual([942, 48, 144]);
    expect(price.shipping?.vatCents).toBe(78);
    expect(price.vatCents).toBe(1212);
    expect(price.netCents).toBe(7590 - 1212);
  });

  it("adds the wide-deck charge from 8.5 inches", () => {
    expect(priceOrder({ grip: false, size: 8.25 }).subtotalCents).toBe(5900);
    expect(priceOrder({ grip: false, size: 8.5 }).subtotalCents).toBe(6200);
  });
});

/**
 * Properties over every destination and every option (34 countries × grip or not × every width and none): the whole
 * space, enumerated, rather than a sample of it.
 */
describe("priceOrder over every country and option", () => {
  const cases = countryCodes.flatMap((country) =>
    [false, true].flatMap((grip) => [0, ...catalog.sizes].map((size) => ({ country, grip, size }))),
  );
  const all = (line: PriceLine | null) => (line ? [line] : []);

  it("covers the whole space", () => {
    expect(cases).toHaveLength(34 * 2 * (catalog.sizes.length + 1));
  });

  it("has integer lines where net + VAT = gross, lines adding up to the totals exactly", () => {
    for (const input of cases) {
      const price = priceOrder(input);
      const lines = [...price.lines, ...all(price.shipping)];
      const label = JSON.stringify(input);
      expect(price.countryKnown, label).toBe(true);
      for (const line of lines) {
        expect([line.cents, line.netCents, line.vatCents].every(Number.isInteger), label).toBe(true);
        expect(line.netCents + line.vatCents, label).toBe(line.cents);
        expect(line.vatCents, label).toBeGreaterThanOrEqual(0);
      }
      expect(lines.reduce((sum, line) => sum + line.cents, 0), label).toBe(price.totalCents);
      expect(lines.reduce((sum, line) => sum + line.vatCents, 0), label).toBe(price.vatCents);
      expect(lines.reduce((sum, line) => sum + line.netCents, 0), label).toBe(price.netCents);
      expect(price.netCents + price.vatCents, label).toBe(price.totalCents);
      expect(price.subtotalCents + (price.shippingCents ?? 0), label).toBe(price.totalCents);
    }
  });

  it("charges exports no VAT, the catalog amount without German VAT", () => {
    for (const input of cases.filter(({ country }) => !isEuCountry(country))) {
      const price = priceOrder(input);
      const germany = priceOrder({ ...input, country: "DE" });
      expect(price.tax.kind).toBe("export");
      expect(price.vatCents).toBe(0);
      expect(price.lines.map((line) => line.cents)).toEqual(germany.lines.map((line) => line.netCents));
      expect(price.totalCents).toBe(price.netCents);
    }
  });

  it("charges every EU country the same gross for the deck, holding that country's VAT", () => {
    for (const input of cases.filter(({ country }) => isEuCountry(country))) {
      const price = priceOrder(input);
      const germany = priceOrder({ ...input, country: "DE" });
      expect(price.tax.kind).toBe("vat");
      expect(price.subtotalCents).toBe(germany.subtotalCents);
      expect(price.lines.map((line) => line.cents)).toEqual(germany.lines.map((line) => line.cents));
      // The VAT a calculator finds in the line: gross × rate / (100 % + rate), within half a cent.
      for (const line of [...price.lines, ...all(price.shipping)]) {
        const exact = (line.cents * price.tax.basisPoints) / (10_000 + price.tax.basisPoints);
        expect(Math.abs(line.vatCents - exact)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("prices an option's surcharge for a destination as its line", () => {
    for (const country of countryCodes) {
      const price = priceOrder({ grip: true, size: 8.5, country });
      expect(priceForDestination(catalog.grip.priceCents, country)).toBe(price.lines.find((line) => line.id === "grip")?.cents);
      expect(priceForDestination(catalog.wideDeck.priceCents, country)).toBe(
        price.lines.find((line) => line.id === "wideDeck")?.cents,
      );
    }
  });
});

describe("a stored order's price", () => {
  it("gives back the shipping line and the rule from what the order keeps", () => {
    const price = priceOrder({ grip: true, size: 8.5, country: "FI" });
    const stored = {
      priceLines: price.lines,
      shippingCents: price.shippingCents ?? 0,
      vatCents: price.vatCents,
      taxKind: price.tax.kind,
      vatBasisPoints: price.tax.basisPoints,
      country: "FI",
    };
    expect(storedShippingLine(stored)).toEqual({ cents: price.shipping?.cents, netCents: price.shipping?.netCents, vatCents: price.shipping?.vatCents });
    expect(storedTax(stored)).toEqual({ kind: "vat", basisPoints: 2550, country: "FI" });
  });

  it("reads an order from before VAT by destination as German VAT", () => {
    const old = { priceLines: [{ label: "Custom skateboard deck", cents: 5900 }], shippingCents: 990, vatCents: 1100, taxKind: "vat" as const, vatBasisPoints: 1900, country: "FR" };
    expect(storedTax(old)).toEqual({ kind: "vat", basisPoints: 1900, country: "DE" });
    expect(storedShippingLine(old)).toBeNull();
  });
});

describe("formatting", () => {
  it("formats cents as euros", () => {
    expect(formatMoney(5900)).toBe("€59.00");
    expect(formatMoney(7590)).toBe("€75.90");
    expect(formatMoney(5)).toBe("€0.05");
  });

  it("formats VAT rates per language", () => {
    expect(formatPercent(2000, "en")).toBe("20%");
    expect(formatPercent(2550, "en")).toBe("25.5%");
    expect(formatPercent(2000, "de")).toBe("20\u00a0%");
    expect(formatPercent(2550, "de")).toBe("25,5\u00a0%");
  });

  it("formats deck widths in inches", () => {
    expect(formatDeckSize(8, "en")).toBe("8.0″");
    expect(formatDeckSize(8.25, "en")).toBe("8.25″");
    expect(formatDeckSize(7.75, "en")).toBe("7.75″");
    expect(formatDeckSize(8.25, "de")).toBe("8,25″");
  });

  it("dates and times are the seller's (Berlin), with the zone named: half past midnight is the next day", () => {
    expect(formatDate("2026-11-27T23:30:00Z", "de")).toBe("28.11.2026");
    expect(formatDateTime("2026-11-27T23:30:00Z", "de")).toBe("28.11.2026, 00:30 MEZ");
    expect(formatDateTime("2026-11-27T23:30:00Z", "en")).toBe("28 Nov 2026, 00:30 GMT+1");
    expect(formatDateTime("2026-07-01T10:00:00Z", "de")).toBe("01.07.2026, 12:00 MESZ");
  });
});
