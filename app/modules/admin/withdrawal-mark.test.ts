import { describe, expect, it } from "vitest";
import { withdrawalMark, type WithdrawalFacts } from "./withdrawal-mark.ts";

// Delivered on Sunday 29 Nov 2026 at 10:00 in Berlin: the period ends at the end of 13 Dec, Berlin time.
const deliveredAt = "2026-11-29T09:00:00.000Z";
const facts = (overrides: Partial<WithdrawalFacts>): WithdrawalFacts => ({
  status: "delivered",
  ownDesign: false,
  withdrawalDeclaredAt: "2026-12-01T10:00:00.000Z",
  deliveredAt,
  ...overrides,
});

describe("the orders list's mark for a declared withdrawal", () => {
  it("none without a declaration", () => {
    expect(withdrawalMark(facts({ withdrawalDeclaredAt: null }))).toBeNull();
  });

  it("in time within the period, to its last minute (13 Dec, 23:59 in Berlin)", () => {
    expect(withdrawalMark(facts({}))).toEqual({ kind: "inTime" });
    expect(withdrawalMark(facts({ withdrawalDeclaredAt: "2026-12-13T22:59:00.000Z" }))).toEqual({ kind: "inTime" });
  });

  it("late from midnight after the last day, with the days since the delivery", () => {
    expect(withdrawalMark(facts({ withdrawalDeclaredAt: "2026-12-13T23:00:00.000Z" }))).toEqual({ kind: "late", daysAfterDelivery: 15 });
    expect(withdrawalMark(facts({ withdrawalDeclaredAt: new Date("2026-12-19T10:00:00Z"), deliveredAt: new Date(deliveredAt) }))).toEqual({
      kind: "late",
      daysAfterDelivery: 20,
    });
  });

  it("in time, however late, for an order not yet marked delivered (the period has not started)", () => {
    expect(withdrawalMark(facts({ status: "shipped", deliveredAt: null, withdrawalDeclaredAt: "2027-06-01T10:00:00.000Z" }))).toEqual({ kind: "inTime" });
  });

  it("own design: no right of withdrawal, whether in time or late", () => {
    expect(withdrawalMark(facts({ ownDesign: true }))).toEqual({ kind: "ownDesign" });
    expect(withdrawalMark(facts({ ownDesign: true, withdrawalDeclaredAt: "2026-12-19T10:00:00.000Z" }))).toEqual({ kind: "ownDesign" });
  });

  it("none once the order is refunded (cancelled or returned): nothing more to do", () => {
    expect(withdrawalMark(facts({ status: "returned" }))).toBeNull();
    expect(withdrawalMark(facts({ status: "cancelled", deliveredAt: null }))).toBeNull();
    expect(withdrawalMark(facts({ status: "returned", withdrawalDeclaredAt: "2026-12-19T10:00:00.000Z" }))).toBeNull();
  });
});
