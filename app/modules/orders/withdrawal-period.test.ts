import { describe, expect, it } from "vitest";
import { daysAfterDelivery, isAfterWithdrawalPeriod, lateWithdrawal, withdrawalPeriodLastDay } from "./withdrawal-period.ts";
import { formatDate } from "#app/modules/catalog/format.ts";

describe("the withdrawal period, on the seller's calendar (Europe/Berlin)", () => {
  // Delivered on Sunday 29 Nov 2026 at 10:00 in Berlin (09:00 UTC): the period ends at the end of 13 Dec, Berlin time.
  const delivered = new Date("2026-11-29T09:00:00Z");

  it("ends at the end of day D + 14: 23:59:59 Berlin on 13 Dec is in time, midnight is late", () => {
    expect(isAfterWithdrawalPeriod(delivered, new Date("2026-12-13T22:59:59.999Z"))).toBe(false);
    expect(isAfterWithdrawalPeriod(delivered, new Date("2026-12-13T23:00:00Z"))).toBe(true);
    expect(daysAfterDelivery(delivered, new Date("2026-12-13T22:59:59Z"))).toBe(14);
    expect(daysAfterDelivery(delivered, new Date("2026-12-13T23:00:00Z"))).toBe(15);
    expect(formatDate(withdrawalPeriodLastDay(delivered), "en")).toBe("13 Dec 2026");
    expect(formatDate(withdrawalPeriodLastDay(delivered), "de")).toBe("13.12.2026");
  });

  it("counts Berlin days, not UTC days: delivered at 00:30 Berlin (23:30 UTC the day before) is that Berlin day", () => {
    const justAfterMidnight = new Date("2026-11-28T23:30:00Z"); // 29 Nov, 00:30 in Berlin
    expect(daysAfterDelivery(justAfterMidnight, new Date("2026-11-29T12:00:00Z"))).toBe(0);
    expect(formatDate(withdrawalPeriodLastDay(justAfterMidnight), "en")).toBe("13 Dec 2026");
  });

  it("crosses the change to summer time by calendar days, not by 24-hour blocks", () => {
    const march = new Date("2027-03-20T11:00:00Z"); // 20 Mar, CET; the clocks go forward on 28 Mar
    expect(isAfterWithdrawalPeriod(march, new Date("2027-04-03T21:59:00Z"))).toBe(false); // 3 Apr 23:59 CEST
    expect(isAfterWithdrawalPeriod(march, new Date("2027-04-03T22:00:00Z"))).toBe(true); // 4 Apr 00:00 CEST
  });

  it("is never over for an order not yet marked delivered", () => {
    expect(isAfterWithdrawalPeriod(null, new Date("2030-01-01T00:00:00Z"))).toBe(false);
    expect(lateWithdrawal(undefined, new Date("2030-01-01T00:00:00Z"))).toBeNull();
  });

  it("describes a late declaration by its days after delivery and the delivery, and an early one as null", () => {
    const twentyDaysLater = new Date("2026-12-19T15:00:00Z");
    expect(lateWithdrawal(delivered, twentyDaysLater)).toEqual({ daysAfterDelivery: 20, deliveredAt: delivered.toISOString() });
    expect(lateWithdrawal(delivered, new Date("2026-12-01T08:00:00Z"))).toBeNull();
    expect(lateWithdrawal(delivered, null)).toBeNull();
  });
});
