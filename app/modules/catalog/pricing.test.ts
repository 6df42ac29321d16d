import { describe, expect, it } from "vitest";
import { catalog } from "./catalog.ts";
import { formatDeckSize, formatMoney } from "./format.ts";
import { priceOrder } from "./pricing.ts";

describe("priceOrder", () => {
  it.each([
    { grip: false, size: 0, country: "", subtotal: 5900, shipping: null, total: 5900 },
    { grip: false, size: 8, country: "", subtotal: 5900, shipping: null, total: 5900 },
    { grip: true, size: 8.25, country: "DE", subtotal: 6800, shipping: 490, total: 7290 },
    { grip: false, size: 8.5, country: "FR", subtotal: 6200, shipping: 990, total: 7190 },
    { grip: true, size: 8.75, country: "US", subtotal: 7100, shipping: 1990, total: 9090 },
  ] as const)("grip=$grip size=$size to '$country' costs $total", ({ grip, size, country, ...expected }) => {
    const price = priceOrder({ grip, size, country });
    expect(price.subtotalCents).toBe(expected.subtotal);
    expect(price.shippingCents).toBe(expected.shipping);
    expect(price.totalCents).toBe(expected.total);
  });

  it("lists each charge once, in integer cents, and they add up to the subtotal", () => {
    const price = priceOrder({ grip: true, size: 8.5, country: "DE" });
    expect(price.lines.map((line) => line.label)).toEqual([catalog.product.name, "Wide deck", "Grip tape"]);
    expect(price.lines.every((line) => Number.isInteger(line.cents))).toBe(true);
    expect(price.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(price.subtotalCents);
  });

  it("states the VAT contained in the total (19%, prices include VAT)", () => {
    const price = priceOrder({ grip: true, size: 8.5, country: "DE" });
    expect(price.totalCents).toBe(7590);
    expect(price.vatCents).toBe(1212); // 7590 × 19 / 119 = 1211.8
    expect(Number.isInteger(priceOrder({ grip: false, size: 8, country: "DE" }).vatCents)).toBe(true);
  });

  it("adds the wide-deck charge from 8.5 inches", () => {
    expect(priceOrder({ grip: false, size: 8.25 }).subtotalCents).toBe(5900);
    expect(priceOrder({ grip: false, size: 8.5 }).subtotalCents).toBe(6200);
  });
});

describe("formatting", () => {
  it("formats cents as euros", () => {
    expect(formatMoney(5900)).toBe("€59.00");
    expect(formatMoney(7590)).toBe("€75.90");
    expect(formatMoney(5)).toBe("€0.05");
  });

  it("formats deck widths in inches", () => {
    expect(formatDeckSize(8)).toBe("8.0″");
    expect(formatDeckSize(8.25)).toBe("8.25″");
    expect(formatDeckSize(7.75)).toBe("7.75″");
  });
});
