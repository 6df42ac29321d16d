import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { SHIPPING_COUNTRIES } from "#app/modules/catalog/shipping.ts";
import { EU_STANDARD_VAT, vatContained } from "#app/modules/catalog/tax.ts";
import { invoiceAmounts, invoiceLinesOfOrder, type InvoiceLineInput } from "./invoice.ts";

const line = (kind: InvoiceLineInput["kind"], grossCents: number): InvoiceLineInput => ({ kind, label: kind, quantity: 1, grossCents });

/** A German order as charged: deck, wide deck, grip tape, shipping. */
const GERMAN_ORDER = [line("deck", 5900), line("wideDeck", 300), line("grip", 900), line("shipping", 490)];

describe("the invoice's amounts", () => {
  it("splits each line of a German order at 19 %, as a calculator does", () => {
    const amounts = invoiceAmounts({ taxKind: "vat", vatBasisPoints: 1900 }, GERMAN_ORDER);
    // 59.00 / 1.19 = 49.58 (VAT 9.42); 3.00 → 0.48; 9.00 → 1.44; 4.90 → 0.78.
    expect(amounts.lines.map((entry) => [entry.netCents, entry.vatCents, entry.grossCents])).toEqual([
      [4958, 942, 5900],
      [252, 48, 300],
      [756, 144, 900],
      [412, 78, 490],
    ]);
    expect(amounts).toMatchObject({ vatBasisPoints: 1900, netCents: 6378, vatCents: 1212, grossCents: 7590 });
  });

  it("takes the destination's rate inside the EU: France 20 %", () => {
    const amounts = invoiceAmounts({ taxKind: "vat", vatBasisPoints: 2000 }, [line("deck", 5900), line("shipping", 990)]);
    expect(amounts.lines.map((entry) => entry.vatCents)).toEqual([983, 165]);
    expect(amounts).toMatchObject({ vatBasisPoints: 2000, netCents: 5742, vatCents: 1148, grossCents: 6890 });
  });

  it("carries no VAT for an export, whatever rate the order names", () => {
    const amounts = invoiceAmounts({ taxKind: "export", vatBasisPoints: 1900 }, [line("deck", 4958), line("shipping", 1672)]);
    expect(amounts.lines.every((entry) => entry.vatCents === 0 && entry.netCents === entry.grossCents)).toBe(true);
    expect(amounts).toMatchObject({ vatBasisPoints: 0, netCents: 6630, vatCents: 0, grossCents: 6630 });
  });

  it("adds up exactly for any lines and any rate: net + VAT = gross per line and in total", () => {
    const rates = [...new Set(Object.values(EU_STANDARD_VAT.basisPoints))];
    fc.assert(
      fc.property(
        fc.constantFrom<"vat" | "export">("vat", "export"),
        fc.constantFrom(...rates),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        (taxKind, basisPoints, grosses) => {
          const amounts = invoiceAmounts({ taxKind, vatBasisPoints: basisPoints }, grosses.map((cents) => line("other", cents)));
          for (const entry of amounts.lines) {
            expect(entry.netCents + entry.vatCents).toBe(entry.grossCents);
            expect(entry.vatCents).toBe(taxKind === "vat" ? vatContained(entry.grossCents, basisPoints) : 0);
          }
          expect(amounts.netCents + amounts.vatCents).toBe(amounts.grossCents);
          expect(amounts.grossCents).toBe(grosses.reduce((a, b) => a + b, 0));
          expect(amounts.vatCents).toBe(amounts.lines.reduce((sum, entry) => sum + entry.vatCents, 0));
        },
      ),
    );
  });
});

describe("the invoice's lines of a stored order", () => {
  it("names the catalog's lines and adds shipping, stored apart", () => {
    const lines = invoiceLinesOfOrder({
      priceLines: [
        { label: catalog.product.name, cents: 5900 },
        { label: catalog.wideDeck.label, cents: 300 },
        { label: catalog.grip.label, cents: 900 },
      ],
      shippingCents: 490,
      totalCents: 7590,
    });
    expect(lines.map((entry) => [entry.kind, entry.quantity, entry.grossCents])).toEqual([
      ["deck", 1, 5900],
      ["wideDeck", 1, 300],
      ["grip", 1, 900],
      ["shipping", 1, 490],
    ]);
  });

  it("reads the line ids that priced lines carry", () => {
    const lines = invoiceLinesOfOrder({ priceLines: [{ id: "deck", label: "Renamed deck", cents: 4958 }], shippingCents: 1672, totalCents: 6630 });
    expect(lines.map((entry) => entry.kind)).toEqual(["deck", "shipping"]);
  });

  it("refuses lines that do not add up to what was charged", () => {
    expect(() => invoiceLinesOfOrder({ priceLines: [{ label: catalog.product.name, cents: 5900 }], shippingCents: 490, totalCents: 6000 })).toThrow(/charged/);
  });

  it("agrees with the pricing rule for every option and destination: each line's net and VAT, the charge, the VAT", () => {
    for (const country of SHIPPING_COUNTRIES) {
      for (const grip of [false, true]) {
        for (const size of catalog.sizes) {
          const price = priceOrder({ grip, size, country });
          const lines = invoiceLinesOfOrder({ priceLines: price.lines, shippingCents: price.shippingCents ?? 0, totalCents: price.totalCents });
          const amounts = invoiceAmounts({ taxKind: price.tax.kind, vatBasisPoints: price.tax.basisPoints }, lines);
          const priced = [...price.lines, ...(price.shipping ? [price.shipping] : [])];
          expect(amounts.lines.map((line) => [line.kind, line.netCents, line.vatCents, line.grossCents])).toEqual(
            priced.map((line) => [line.id, line.netCents, line.vatCents, line.cents]),
          );
          expect(amounts).toMatchObject({ grossCents: price.totalCents, netCents: price.netCents, vatCents: price.vatCents });
        }
      }
    }
  });
});
