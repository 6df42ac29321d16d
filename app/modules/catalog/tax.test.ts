import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHIPPING_COUNTRIES, SHIPPING_ZONES, shippingZoneOf } from "./shipping.ts";
import { EU_STANDARD_VAT, isEuCountry, taxAmount, taxRuleFor, vatContained } from "./tax.ts";

const EU_MEMBERS = ["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"];

describe("the VAT table", () => {
  it("has a standard rate for each of the 27 member states and nothing else", () => {
    expect(Object.keys(EU_STANDARD_VAT.basisPoints).sort()).toEqual(EU_MEMBERS);
  });

  it("is dated and names its source", () => {
    expect(EU_STANDARD_VAT.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(EU_STANDARD_VAT.source).toContain("European Commission");
  });

  it("holds rates a calculator agrees with", () => {
    expect(taxRuleFor("DE")).toEqual({ kind: "vat", country: "DE", basisPoints: 1900 });
    expect(taxRuleFor("FI")).toEqual({ kind: "vat", country: "FI", basisPoints: 2550 });
    expect(taxRuleFor("HU")).toEqual({ kind: "vat", country: "HU", basisPoints: 2700 });
    expect(taxRuleFor("LU")).toEqual({ kind: "vat", country: "LU", basisPoints: 1700 });
  });
});

describe("a catalog amount taxed by destination", () => {
  it("includes German VAT for Germany: €59.00 holds €9.42", () => {
    expect(taxAmount(5900, taxRuleFor("DE"))).toEqual({ grossCents: 5900, netCents: 4958, vatCents: 942 });
  });

  it("includes the destination's VAT inside the EU at the same price: France 20 % of €59.00 is €9.83", () => {
    expect(taxAmount(5900, taxRuleFor("FR"))).toEqual({ grossCents: 5900, netCents: 4917, vatCents: 983 });
    expect(taxAmount(5900, taxRuleFor("HU"))).toEqual({ grossCents: 5900, netCents: 4646, vatCents: 1254 });
  });

  it("is a VAT-free export outside the EU, charged net of German VAT", () => {
    for (const country of ["CH", "GB", "NO", "US", "CA", "AU"]) {
      expect(taxRuleFor(country).kind).toBe("export");
      expect(taxAmount(5900, taxRuleFor(country))).toEqual({ grossCents: 4958, netCents: 4958, vatCents: 0 });
    }
  });

  it("rounds half a cent up", () => {
    expect(vatContained(21, 500)).toBe(1); // exactly 1 cent
    expect(vatContained(63, 2000)).toBe(11); // 10.5 cents
    expect(vatContained(62, 2000)).toBe(10); // 10.33 cents
  });

  it("always splits into whole cents that add up, for every destination and amount", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHIPPING_COUNTRIES), fc.integer({ min: 0, max: 10_000_000 }), (country, cents) => {
        const taxed = taxAmount(cents, taxRuleFor(country));
        expect(Number.isInteger(taxed.netCents) && Number.isInteger(taxed.vatCents)).toBe(true);
        expect(taxed.netCents + taxed.vatCents).toBe(taxed.grossCents);
        expect(taxed.vatCents).toBeGreaterThanOrEqual(0);
        const rule = taxRuleFor(country);
        if (rule.kind === "vat") {
          expect(taxed.grossCents).toBe(cents);
          // Within half a cent of the exact share.
          expect(Math.abs(taxed.vatCents - (cents * rule.basisPoints) / (10_000 + rule.basisPoints))).toBeLessThanOrEqual(0.5);
        } else {
          expect(taxed.vatCents).toBe(0);
          expect(Math.abs(taxed.netCents - cents / 1.19)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });
});

describe("the shipping table", () => {
  it("ships to every EU member state and to Switzerland, the UK, Norway, the US, Canada and Australia", () => {
    for (const country of [...EU_MEMBERS, "CH", "GB", "NO", "US", "CA", "AU"]) expect(shippingZoneOf(country)).toBeDefined();
  });

  it("puts each country in one zone", () => {
    const listed = Object.values(SHIPPING_ZONES).flatMap((zone) => zone.countries);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("keeps EU members in EU zones and the rest outside", () => {
    for (const country of SHIPPING_COUNTRIES) {
      const zone = shippingZoneOf(country)!;
      expect(["domestic", "euNear", "euFar"].includes(zone)).toBe(isEuCountry(country));
    }
  });

  it("has sensible estimates: at least a day, the slower bound not below the faster", () => {
    for (const zone of Object.values(SHIPPING_ZONES)) {
      expect(zone.transitDays[0]).toBeGreaterThanOrEqual(1);
      expect(zone.transitDays[1]).toBeGreaterThanOrEqual(zone.transitDays[0]);
    }
  });
});
