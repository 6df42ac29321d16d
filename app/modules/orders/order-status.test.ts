import { describe, expect, it } from "vitest";
import { CARRIERS, normaliseTrackingNumber, trackingLink } from "./carriers.ts";
import { canMoveTo, nextStatuses, ORDER_STATUSES, refundsCharge } from "./order-status.ts";

describe("the order lifecycle", () => {
  it("goes paid → in production → shipped → delivered, cancels only before shipping and takes a deck back after", () => {
    expect(nextStatuses("paid")).toEqual(["in_production", "cancelled"]);
    expect(nextStatuses("in_production")).toEqual(["shipped", "cancelled"]);
    expect(nextStatuses("shipped")).toEqual(["delivered", "returned"]);
    expect(nextStatuses("delivered")).toEqual(["returned"]);
    expect(nextStatuses("cancelled")).toEqual([]);
    expect(nextStatuses("returned")).toEqual([]);
  });

  it("refunds the charge when an order is cancelled or returned, and only then", () => {
    expect(ORDER_STATUSES.filter(refundsCharge)).toEqual(["cancelled", "returned"]);
  });

  it("never moves back or stays", () => {
    for (const [i, from] of ORDER_STATUSES.entries()) {
      expect(canMoveTo(from, from)).toBe(false);
      for (const earlier of ORDER_STATUSES.slice(0, i)) expect(canMoveTo(from, earlier)).toBe(false);
    }
  });
});

describe("carriers", () => {
  it("accept each carrier's own example and normalise spaces and case", () => {
    for (const carrier of Object.values(CARRIERS)) expect(carrier.pattern.test(carrier.example)).toBe(true);
    expect(normaliseTrackingNumber(" 1z 999-aa1 0123456784 ")).toBe("1Z999AA10123456784");
  });

  it("link to the carrier's tracking page, with the number encoded", () => {
    expect(trackingLink("ups", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(trackingLink("dhl", "00340434161234567890")).toContain("piececode=00340434161234567890");
    expect(trackingLink("unknown", "123")).toBeNull();
    expect(trackingLink("dhl", null)).toBeNull();
  });
});
