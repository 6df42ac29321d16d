import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing.ts";
import { productStructuredData } from "./structured-data.ts";

describe("the deck's structured data", () => {
  const data = productStructuredData({ name: "Custom skateboard deck", description: "7-ply Canadian maple." });

  it("is a schema.org Product offered at the start page's 'from' price, made to order", () => {
    expect(data).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: "Custom skateboard deck" });
    expect(data.brand).toEqual({ "@type": "Brand", name: "Deck Studio" });
    // The one pricing function's figure for a plain deck, written as schema.org wants it: a decimal, no symbol.
    const from = priceOrder({ grip: false, size: 0, country: "" }).subtotalCents;
    expect(data.offers).toEqual({
      "@type": "Offer",
      price: (from / 100).toFixed(2),
      priceCurrency: "EUR",
      availability: "https://schema.org/MadeToOrder",
      itemCondition: "https://schema.org/NewCondition",
    });
    expect(data.offers.price).toMatch(/^\d+\.\d\d$/);
  });

  it("survives JSON as it is (no functions, no undefined)", () => {
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
