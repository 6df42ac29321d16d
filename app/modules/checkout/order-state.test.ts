import { describe, expect, it } from "vitest";
import { hasShippingAddress, initialOrderState } from "./order-state.ts";

describe("hasShippingAddress", () => {
  it("is false for a new draft and one with only a country, true once any address field has text", () => {
    expect(hasShippingAddress(initialOrderState)).toBe(false);
    expect(hasShippingAddress({ ...initialOrderState, country: "AT" })).toBe(false);
    expect(hasShippingAddress({ ...initialOrderState, city: "   " })).toBe(false);
    for (const field of ["name", "address", "addressextend", "postalcode", "city"] as const) {
      expect(hasShippingAddress({ ...initialOrderState, [field]: "x" }), field).toBe(true);
    }
  });
});
