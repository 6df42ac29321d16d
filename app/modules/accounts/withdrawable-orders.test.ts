import { describe, expect, it } from "vitest";
import { withdrawableOrders } from "./data-rights.server.ts";

const delivered = new Date("2026-11-29T09:00:00Z"); // 10:00 in Berlin: the period ends at the end of 13 Dec
const inPeriod = new Date("2026-12-13T22:59:00Z"); // 23:59 on 13 Dec in Berlin
const afterPeriod = new Date("2026-12-13T23:00:00Z"); // midnight in Berlin

const order = (number: string, status: "paid" | "shipped" | "delivered" | "returned" | "cancelled", extra: { ownDesign?: boolean; withdrawalDeclaredAt?: Date } = {}) => ({
  id: number,
  number,
  status,
  ownDesign: extra.ownDesign ?? false,
  withdrawalDeclaredAt: extra.withdrawalDeclaredAt ?? null,
});

describe("which orders keep an account from being deleted (§ 356a BGB)", () => {
  it("a blank deck on its way, delivered within its period, or withdrawn in time and not refunded", () => {
    const owned = [
      order("DS-SHIPPED", "shipped"),
      order("DS-DELIVERED", "delivered"),
      order("DS-WITHDRAWN", "delivered", { withdrawalDeclaredAt: new Date("2026-12-01T10:00:00Z") }),
    ];
    const moments = new Map([
      ["DS-DELIVERED", delivered],
      ["DS-WITHDRAWN", delivered],
    ]);
    expect(withdrawableOrders(owned, moments, inPeriod)).toEqual([
      { number: "DS-SHIPPED", reason: "in-transit" },
      { number: "DS-DELIVERED", reason: "period", lastDay: "2026-12-13T12:00:00.000Z" },
      { number: "DS-WITHDRAWN", reason: "withdrawn" },
    ]);
    // After the end of day D + 14 the delivered deck keeps it no longer; the one on its way has no period yet.
    expect(withdrawableOrders(owned, moments, afterPeriod)).toEqual([
      { number: "DS-SHIPPED", reason: "in-transit" },
      { number: "DS-WITHDRAWN", reason: "withdrawn" },
    ]);
  });

  it("not own designs, refunded orders, late withdrawals, or orders not yet shipped (those wait as open orders)", () => {
    const owned = [
      order("DS-OWN-SHIPPED", "shipped", { ownDesign: true }),
      order("DS-OWN-DELIVERED", "delivered", { ownDesign: true }),
      order("DS-RETURNED", "returned", { withdrawalDeclaredAt: new Date("2026-12-01T10:00:00Z") }),
      order("DS-CANCELLED", "cancelled", { withdrawalDeclaredAt: new Date("2026-11-20T10:00:00Z") }),
      order("DS-LATE", "delivered", { withdrawalDeclaredAt: new Date("2026-12-19T10:00:00Z") }),
      order("DS-PAID", "paid"),
    ];
    const moments = new Map(["DS-OWN-DELIVERED", "DS-RETURNED", "DS-LATE"].map((id) => [id, delivered] as const));
    expect(withdrawableOrders(owned, moments, new Date("2026-12-20T10:00:00Z"))).toEqual([]);
    expect(withdrawableOrders(owned.slice(0, 2), moments, inPeriod)).toEqual([]);
  });
});
