import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportFileName, exportRange, exportSearch, isCalendarDay } from "./export-range.ts";

const rangeOf = (query: string) => exportRange(new URLSearchParams(query));

describe("the CSV export's range of days", () => {
  it("takes from and to as days, each optional; empty is no limit", () => {
    expect(rangeOf("from=2026-11-01&to=2026-11-30")).toEqual({ ok: true, range: { from: "2026-11-01", to: "2026-11-30" } });
    expect(rangeOf("from=2026-11-01")).toEqual({ ok: true, range: { from: "2026-11-01", to: null } });
    expect(rangeOf("from=&to=2026-11-30")).toEqual({ ok: true, range: { from: null, to: "2026-11-30" } });
    expect(rangeOf("")).toEqual({ ok: true, range: { from: null, to: null } });
    expect(rangeOf("from=%202026-11-01%20")).toEqual({ ok: true, range: { from: "2026-11-01", to: null } });
  });

  it("one day is a range: from and to the same day", () => {
    expect(rangeOf("from=2026-11-30&to=2026-11-30")).toEqual({ ok: true, range: { from: "2026-11-30", to: "2026-11-30" } });
  });

  it("refuses a malformed or impossible day, on its own field, and keeps what was sent", () => {
    expect(rangeOf("from=1.11.2026&to=2026-02-29")).toEqual({
      ok: false,
      values: { from: "1.11.2026", to: "2026-02-29" },
      errors: { from: "malformed", to: "malformed" },
    });
    expect(rangeOf("to=2026-13-01")).toMatchObject({ ok: false, errors: { to: "malformed" } });
    expect(rangeOf("from=0000-01-01")).toMatchObject({ ok: false, errors: { from: "malformed" } });
    expect(rangeOf(`from=${"9".repeat(500)}`)).toMatchObject({ ok: false, values: { from: "9".repeat(40) } });
  });

  it("refuses an end before the start, on the end's field", () => {
    expect(rangeOf("from=2026-11-30&to=2026-11-01")).toEqual({
      ok: false,
      values: { from: "2026-11-30", to: "2026-11-01" },
      errors: { to: "toBeforeFrom" },
    });
  });

  it("knows real days: leap years, month ends", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-04-31")).toBe(false);
    expect(isCalendarDay("2026-4-3")).toBe(false);
    expect(isCalendarDay("２０２６-01-01")).toBe(false);
  });

  it("answers any text with a range or field errors, never a throw (property-based)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (from, to) => {
        const result = exportRange(new URLSearchParams({ from, to }));
        if (result.ok) {
          for (const day of [result.range.from, result.range.to]) if (day !== null) expect(isCalendarDay(day)).toBe(true);
        } else expect(Object.keys(result.errors).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("the export's file name says its range", () => {
  it("both ends, one end, or the day it was made", () => {
    expect(exportFileName({ from: "2026-11-01", to: "2026-11-30" }, "2026-12-02")).toBe("orders-2026-11-01-to-2026-11-30.csv");
    expect(exportFileName({ from: "2026-11-01", to: null }, "2026-12-02")).toBe("orders-from-2026-11-01.csv");
    expect(exportFileName({ from: null, to: "2026-11-30" }, "2026-12-02")).toBe("orders-to-2026-11-30.csv");
    expect(exportFileName({ from: null, to: null }, "2026-12-02")).toBe("orders-2026-12-02.csv");
  });
});

describe("the export's address", () => {
  it("keeps the tab, the search and the range, and leaves empty parts out", () => {
    expect(exportSearch({ status: "cancelled", q: "erika must", from: "2026-11-01", to: "" })).toBe("?status=cancelled&q=erika+must&from=2026-11-01");
    expect(exportSearch({ status: null, q: "", from: "", to: "" })).toBe("");
    expect(exportSearch({ status: null, q: "", from: "x", to: "" }, { export: "csv" })).toBe("?from=x&export=csv");
  });
});
