import { describe, expect, it } from "vitest";
import { vatContained } from "#app/modules/catalog/tax.ts";
import { dayInRange, journalEntriesOf, type JournalOrder } from "./document-journal.ts";

const order = (overrides: Partial<JournalOrder> = {}): JournalOrder => ({
  number: "DS-TEST0001",
  name: "Erika Mustermann",
  country: "DE",
  taxKind: "vat",
  vatBasisPoints: 1900,
  priceLines: [
    { id: "deck", label: "Custom skateboard deck", cents: 5900 },
    { id: "grip", label: "Grip tape", cents: 900 },
  ],
  shippingCents: 490,
  totalCents: 7290,
  invoiceNumber: "2026-000010",
  invoicedAt: new Date("2026-11-02T10:00:00Z"),
  createdAt: new Date("2026-11-02T10:00:00Z"),
  creditNoteNumber: null,
  creditNotedAt: null,
  ...overrides,
});

const sum = (entries: ReturnType<typeof journalEntriesOf>) => ({
  net: entries.reduce((total, entry) => total + entry.netCents, 0),
  vat: entries.reduce((total, entry) => total + entry.vatCents, 0),
  gross: entries.reduce((total, entry) => total + entry.grossCents, 0),
});

describe("the documents' journal", () => {
  it("an invoice: its net, VAT and gross as the invoice states them (VAT line by line, adding up to the total)", () => {
    const [invoice, ...rest] = journalEntriesOf(order(), []);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({ number: "2026-000010", kind: "invoice", invoiceNumber: "2026-000010", vatBasisPoints: 1900, grossCents: 7290 });
    expect(invoice!.vatCents).toBe(vatContained(5900, 1900) + vatContained(900, 1900) + vatContained(490, 1900));
    expect(invoice!.netCents + invoice!.vatCents).toBe(7290);
  });

  it("a price reduction and then the cancel: each credit note negative, all of the order's documents adding up to zero", () => {
    const partial = { number: "2026-000011", issuedAt: new Date("2026-11-10T10:00:00Z"), grossCents: 1250, vatCents: vatContained(1250, 1900) };
    const entries = journalEntriesOf(order({ creditNoteNumber: "2026-000015", creditNotedAt: new Date("2026-12-01T10:00:00Z") }), [partial]);
    expect(entries.map((entry) => [entry.number, entry.kind, entry.grossCents])).toEqual([
      ["2026-000010", "invoice", 7290],
      ["2026-000011", "partialCreditNote", -1250],
      ["2026-000015", "creditNote", -(7290 - 1250)],
    ]);
    expect(entries[1]).toMatchObject({ vatCents: -200, netCents: -1050, invoiceNumber: "2026-000010" });
    expect(sum(entries)).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it("an export carries no VAT, a partial note's neither; an order without an invoice has no documents", () => {
    const entries = journalEntriesOf(order({ taxKind: "export", vatBasisPoints: 0, creditNoteNumber: "2026-000020", creditNotedAt: new Date() }), [
      { number: "2026-000019", issuedAt: new Date(), grossCents: 500, vatCents: 0 },
    ]);
    expect(entries.map((entry) => [entry.vatBasisPoints, entry.vatCents, entry.netCents === entry.grossCents])).toEqual([
      [0, 0, true],
      [0, 0, true],
      [0, 0, true],
    ]);
    expect(sum(entries)).toEqual({ net: 0, vat: 0, gross: 0 });
    expect(journalEntriesOf(order({ invoiceNumber: null }), [])).toEqual([]);
  });

  it("a day is in a range with both ends included; a missing end is no limit", () => {
    const november = { from: "2026-11-01", to: "2026-11-30" };
    expect(["2026-10-31", "2026-11-01", "2026-11-30", "2026-12-01"].map((day) => dayInRange(day, november))).toEqual([false, true, true, false]);
    expect(dayInRange("1999-01-01", { from: null, to: null })).toBe(true);
    expect(dayInRange("2026-12-24", { from: "2026-12-01", to: null })).toBe(true);
  });
});
