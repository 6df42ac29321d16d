import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { checkoutAttempts, invoiceCounters, orders, type OrderRow } from "#app/db/schema.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import type { Design } from "#app/modules/design/design.ts";
import { FONT_IDS } from "#app/modules/design/fonts.ts";
import { operatorConfig } from "#app/modules/legal/operator.server.ts";
import { createTestPaymentProvider, type PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { recoverCheckoutAttempts } from "./checkout-recovery.server.ts";
import { invoicePdfOfOrder, invoiceText } from "./invoice-pdf.server.ts";
import { transitionOrder } from "./order-lifecycle.server.ts";
import type { OrderStatus } from "./order-status.ts";
import { PaymentUnavailableError, placeOrder } from "./place-order.server.ts";

const siteUrl = "http://shop.test";
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const YEAR = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Berlin" }).format(new Date());

async function place(overrides: Partial<OrderSubmission> = {}, db = database.db, provider: PaymentProvider = createTestPaymentProvider()): Promise<OrderRow> {
  const result = await placeOrder({ db, provider, submission: orderSubmission(overrides), userId: null, siteUrl });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

const sequenceOf = (invoiceNumber: string | null) => {
  const match = /^(\d{4})-(\d{6})$/.exec(invoiceNumber ?? "");
  if (!match) throw new Error(`not an invoice number: ${invoiceNumber}`);
  return { series: match[1]!, number: Number(match[2]) };
};

async function counter() {
  const [row] = await database.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, YEAR));
  return row?.lastNumber ?? 0;
}

async function allInvoiceNumbers() {
  const rows = await database.db.select({ invoiceNumber: orders.invoiceNumber }).from(orders);
  return rows.map((row) => row.invoiceNumber!).sort();
}

/** The numbers 1…n of this year's series, as the orders should hold them: consecutive, none missing, none twice. */
const expectedSeries = (n: number) => Array.from({ length: n }, (_, i) => `${YEAR}-${String(i + 1).padStart(6, "0")}`);

describe(`invoice numbers on ${databaseKind}`, () => {
  it("the year's first order opens its series at 000001, dated as the order", async () => {
    const order = await place();
    expect(order.invoiceNumber).toBe(`${YEAR}-000001`);
    expect(order.invoicedAt?.toISOString()).toBe(order.createdAt.toISOString());
    expect(await counter()).toBe(1);
  });

  it("orders placed at once take consecutive numbers: no gap, no duplicate", async () => {
    const before = await counter();
    const placed = await Promise.all(Array.from({ length: 16 }, () => place()));
    const numbers = placed.map((order) => sequenceOf(order.invoiceNumber).number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => before + i + 1));
    expect(await counter()).toBe(before + 16);
    expect(await allInvoiceNumbers()).toEqual(expectedSeries(before + 16));
  });

  it("an order whose transaction fails gives its number back: the next order takes it", async () => {
    const before = await counter();
    const provider = createTestPaymentProvider();
    // Everything of the order is written (its number included), then the commit is lost: all of it rolls back.
    const failingDb = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "transaction") {
          return (work: (tx: unknown) => Promise<unknown>) =>
            target.transaction(async (tx) => {
              await work(tx);
              throw new Error("the commit was lost");
            });
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const submission = orderSubmission();
    await expect(placeOrder({ db: failingDb, provider, submission, userId: null, siteUrl })).rejects.toThrow("the commit was lost");
    expect(await database.db.select().from(orders).where(eq(orders.idempotencyKey, submission.checkoutId))).toHaveLength(0);
    expect(provider.refunds.size).toBe(1);
    expect(await counter()).toBe(before);

    const next = await place();
    expect(sequenceOf(next.invoiceNumber).number).toBe(before + 1);
    expect(await allInvoiceNumbers()).toEqual(expectedSeries(before + 1));
  });

  it("an order completed by checkout recovery takes the next number too", async () => {
    const before = await counter();
    const provider = createTestPaymentProvider();
    const submission = orderSubmission();
    // The server dies after the charge: the request never hears the processor's answer.
    const dying: PaymentProvider = { ...provider, charge: async (request) => (await provider.charge(request), new Promise(() => {})) };
    void placeOrder({ db: database.db, provider: dying, submission, userId: null, siteUrl });
    const deadline = performance.now() + 10_000;
    while (!provider.charges.has(`${submission.checkoutId}:1`)) {
      if (performance.now() > deadline) throw new Error("no charge");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await recoverCheckoutAttempts({ db: database.db, provider, olderThanMs: 0 })).toMatchObject({ completed: 1 });
    const [attempt] = await database.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, submission.checkoutId));
    const [order] = await database.db.select().from(orders).where(eq(orders.id, attempt!.orderId!));
    expect(order!.invoiceNumber).toBe(`${YEAR}-${String(before + 1).padStart(6, "0")}`);
    expect(order!.invoicedAt?.toISOString()).toBe(order!.createdAt.toISOString());
  });

  it("a declined card takes no number", async () => {
    const before = await counter();
    await expect(placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: orderSubmission({ cardNumber: "4000000000000002" }), userId: null, siteUrl })).resolves.toMatchObject({ status: "declined" });
    expect(await counter()).toBe(before);
  });

  it("an unreachable processor takes no number", async () => {
    const before = await counter();
    const provider = createTestPaymentProvider();
    const down: PaymentProvider = { ...provider, charge: () => Promise.reject(new Error("ECONNREFUSED")) };
    await expect(place({}, database.db, down)).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(await counter()).toBe(before);
  });
});

/** The PDF's text as a reader sees it (pdf.js, through unpdf), with runs of spaces as one. */
async function pdfToText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/[ \t]+/g, " ");
}

/** Intl puts no-break spaces in "59,00 €" and "19 %": compared here as plain spaces. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\u00a0|\u202f/g, " ")) as T;

describe(`the invoice of an order on ${databaseKind}`, () => {
  const seller = () => operatorConfig().seller;

  it("describes the deck as it was made: printed with the buyer's graphic, or in one colour for a plain deck", async () => {
    const graphic: Design = {
      background: "#0d3b66",
      layers: [{ id: "t1", kind: "text", text: "Grace", x: 0, y: 0, rotation: 0, font: FONT_IDS[0], fontSize: 40, color: "#ffffff", align: "center" }],
    };
    const own = await place({ design: graphic });
    const plainDeck = await place();
    expect(invoiceText(own, seller()).lines[0]?.description).toBe("Custom skateboard deck, 8.5″ wide, 7-ply maple, printed with your own graphic");
    expect(invoiceText(plainDeck, seller()).lines[0]?.description).toBe("Skateboard deck, 8.5″ wide, 7-ply maple, printed in one colour");
    const [german] = await database.db.update(orders).set({ locale: "de" }).where(eq(orders.id, plainDeck.id)).returning();
    expect(invoiceText(german!, seller()).lines[0]?.description).toBe("Skateboard-Deck, 8,5″ breit, 7-fach Ahorn, einfarbig bedruckt");
  });

  it("to Germany, in German: seller, buyer, number, dates, lines, net, 19 % VAT, gross", async () => {
    const placed = await place({ name: "Jürgen Weiß", address: "Große Straße 5", postalcode: "10115", city: "Berlin", country: "DE" });
    const [order] = await database.db.update(orders).set({ locale: "de" }).where(eq(orders.id, placed.id)).returning();
    const text = plain(invoiceText(order!, seller()));
    const date = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(order!.invoicedAt!);

    expect(text.title).toBe("Rechnung");
    expect(text.fileName).toBe(`rechnung-${order!.invoiceNumber}.pdf`);
    expect(text.seller).toEqual(["Deck Studio GmbH", "Musterstraße 12", "10115 Berlin", "Deutschland"]);
    expect(text.footer.join("\n")).toContain("USt-IdNr.: DE123456789");
    expect(text.customer).toEqual(["Jürgen Weiß", "Große Straße 5", "10115 Berlin", "Deutschland"]);
    expect(text.facts).toEqual([
      ["Rechnungsnummer", order!.invoiceNumber],
      ["Rechnungsdatum", date],
      ["Leistungsdatum", date],
      ["Bestellnummer", order!.number],
    ]);
    expect(text.lines).toEqual([
      { position: "1", description: expect.stringContaining("8,5″ breit"), quantity: "1", net: "49,58 €", vat: "9,42 €", gross: "59,00 €" },
      { position: "2", description: "Aufpreis breites Deck (ab 8,5″)", quantity: "1", net: "2,52 €", vat: "0,48 €", gross: "3,00 €" },
      { position: "3", description: "Griptape, auf das Deck aufgebracht", quantity: "1", net: "7,56 €", vat: "1,44 €", gross: "9,00 €" },
      { position: "4", description: "Versand (Deutschland)", quantity: "1", net: "4,12 €", vat: "0,78 €", gross: "4,90 €" },
    ]);
    expect(text.columns.vat).toBe("USt. 19 %");
    expect(text.totals).toEqual([
      ["Nettobetrag zu 19 % USt.", "63,78 €"],
      ["Umsatzsteuer 19 %", "12,12 €"],
      ["Gesamtbetrag", "75,90 €"],
    ]);
    expect(text.notes).toContain("Das Leistungsdatum entspricht dem Rechnungsdatum.");
    expect(text.notes.join("\n")).not.toContain("Ausfuhr");

    const { pdf } = await invoicePdfOfOrder(order!, seller(), { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`(Rechnung ${order!.invoiceNumber})`); // the document's title
    expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    const read = plain(await pdfToText(pdf));
    for (const words of ["Rechnung", "Deck Studio GmbH", "USt-IdNr.: DE123456789", "Jürgen Weiß", "Große Straße 5", order!.invoiceNumber!, "Umsatzsteuer 19 %", "12,12 €", "75,90 €", "Leistungsdatum"]) {
      expect(read).toContain(words);
    }
  });

  it("writes the buyer's address as that country does: town, state and ZIP code in the US, the postcode on its own line in the UK", async () => {
    const us = await place({ name: "Ada Lovelace", address: "1 Market St", postalcode: "94103", city: "San Francisco", country: "US", region: "CA" });
    expect(plain(invoiceText(us, seller())).customer).toEqual(["Ada Lovelace", "1 Market St", "San Francisco CA 94103", "United States"]);
    const uk = await place({ name: "Ada Lovelace", address: "10 Downing Street", postalcode: "SW1A 2AA", city: "London", country: "GB" });
    expect(plain(invoiceText(uk, seller())).customer).toEqual(["Ada Lovelace", "10 Downing Street", "London", "SW1A 2AA", "United Kingdom"]);
  });

  it("to Switzerland, in English: a VAT-free export, net amounts, the reason it is VAT-free", async () => {
    const order = await place({ name: "Łukasz Żółć", address: "Bahnhofstrasse 1", postalcode: "8001", city: "Zürich", country: "CH" });
    expect(order).toMatchObject({ taxKind: "export", vatBasisPoints: 0, vatCents: 0 });
    const text = plain(invoiceText(order, seller()));

    expect(text.title).toBe("Invoice");
    expect(text.fileName).toBe(`invoice-${order.invoiceNumber}.pdf`);
    expect(text.customer).toEqual(["Łukasz Żółć", "Bahnhofstrasse 1", "8001 Zürich", "Switzerland"]);
    expect(text.columns.vat).toBeUndefined();
    expect(text.lines.map((line) => [line.description, line.gross, line.net])).toEqual([
      [expect.stringContaining("8.5″ wide"), "€49.58", undefined],
      ["Wide deck surcharge (8.5″ and wider)", "€2.52", undefined],
      ["Grip tape, applied to the deck", "€7.56", undefined],
      ["Shipping to Switzerland", expect.stringMatching(/^€\d+\.\d\d$/), undefined],
    ]);
    const total = text.totals.at(-1)!;
    expect(total[0]).toBe("Total");
    expect(total[1]).toBe(text.totals[0]![1]); // net = gross
    expect(text.totals[1]).toEqual(["VAT 0% (export)", "€0.00"]);
    expect(text.notes.join("\n")).toContain("VAT-free export delivery (§ 4 No. 1a");

    const { pdf } = await invoicePdfOfOrder(order, seller(), { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`(Invoice ${order.invoiceNumber})`);
    const read = plain(await pdfToText(pdf));
    for (const words of ["Invoice", "VAT ID: DE123456789", "Łukasz Żółć", "8001 Zürich", "Switzerland", order.invoiceNumber!, "VAT-free export", total[1]]) {
      expect(read).toContain(words);
    }
  });

  it("prints a Greek or Cyrillic name and town in letters, not boxes: those runs are in Noto Sans (D227)", async () => {
    for (const buyer of [
      { name: "Γιώργος Παπαδόπουλος", address: "Οδός Ερμού 12", postalcode: "105 63", city: "Αθήνα", country: "GR" as const },
      { name: "Иван Петров", address: "ул. Витоша 15", postalcode: "1000", city: "София", country: "BG" as const },
    ]) {
      const order = await place(buyer);
      const { pdf } = await invoicePdfOfOrder(order, seller(), { compress: false });
      expect(pdf.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
      const read = plain(await pdfToText(pdf));
      for (const words of [buyer.name, buyer.address, buyer.city]) expect(read).toContain(words);
    }
  });

  it("prints a Vietnamese, Kazakh or pinyin name and a capital ẞ (letters the address rule accepts) in letters, not blanks", async () => {
    for (const buyer of [
      { name: "Nguyễn Thị Hằng", address: "Kỳ Đồng 12" },
      { name: "Әлия Қасымова", address: "Hauptstraße 1" },
      { name: "Lǐ Xiǎolóng", address: "GROẞE STRAẞE 1" },
    ]) {
      const order = await place({ ...buyer, postalcode: "10115", city: "Berlin", country: "DE" as const });
      const { pdf } = await invoicePdfOfOrder(order, seller(), { compress: false });
      const read = plain(await pdfToText(pdf));
      for (const words of [buyer.name, buyer.address]) expect(read).toContain(words);
    }
  });

  it("to France: the French rate, named as the destination's, under the One-Stop-Shop scheme", async () => {
    const order = await place({ postalcode: "75001", city: "Paris", country: "FR" });
    expect(order).toMatchObject({ taxKind: "vat", vatBasisPoints: 2000 });
    const text = plain(invoiceText(order, seller()));
    expect(text.totals[1]![0]).toBe("VAT 20% (France)");
    expect(text.notes.join("\n")).toContain("country of destination (France, 20%)");
  });
});

describe(`the credit note of a refunded order on ${databaseKind}`, () => {
  const seller = () => operatorConfig().seller;
  const OPERATOR = { id: "operator-1", name: "ops@example.com" };
  const dateIn = (locale: "en" | "de", date: Date) =>
    new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-IE", { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(date);
  const numberOf = (n: number) => `${YEAR}-${String(n).padStart(6, "0")}`;

  async function move(order: OrderRow, ...steps: OrderStatus[]): Promise<OrderRow> {
    let current = order;
    for (const to of steps) {
      const result = await transitionOrder(database.db, createTestPaymentProvider(), {
        orderId: current.id,
        expected: current.status,
        to,
        actor: OPERATOR,
        siteUrl,
        ...(to === "shipped" ? { shipment: { carrier: "dhl", trackingNumber: "00340434161234567890" } } : {}),
      });
      if (!result.ok) throw new Error(`could not move ${current.status} → ${to}: ${JSON.stringify(result)}`);
      current = result.order;
    }
    return current;
  }

  /** An order to Germany placed in `locale`, invoiced ten days ago (so that the invoice's date and the credit note's differ), then cancelled. */
  async function cancelledOrder(locale: "en" | "de") {
    const placed = await place({ name: "Jürgen Weiß", address: "Große Straße 5", postalcode: "10115", city: "Berlin", country: "DE" });
    const invoicedAt = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    const [invoiced] = await database.db.update(orders).set({ locale, invoicedAt }).where(eq(orders.id, placed.id)).returning();
    const before = await counter();
    // The invoice's number was the last one taken.
    expect(sequenceOf(invoiced!.invoiceNumber).number).toBe(before);
    const order = await move(invoiced!, "cancelled");
    return { order, before };
  }

  it("in English: its own number, next in the series, the invoice it cancels, every amount negated", async () => {
    const { order, before } = await cancelledOrder("en");
    expect(order.creditNoteNumber).toBe(numberOf(before + 1));
    expect(order.creditNoteNumber).not.toBe(order.invoiceNumber);
    expect(await counter()).toBe(before + 1);
    expect(order.creditNotedAt).not.toBeNull();

    const text = plain(invoiceText(order, seller(), "creditNote"));
    const date = dateIn("en", order.creditNotedAt!);
    const invoiceDate = dateIn("en", order.invoicedAt!);
    expect(date).not.toBe(invoiceDate);

    expect(text.title).toBe("Credit note");
    expect(text.invoiceNumber).toBe(order.creditNoteNumber);
    expect(text.fileName).toBe(`credit-note-${order.creditNoteNumber}.pdf`);
    expect(text.customer).toEqual(["Jürgen Weiß", "Große Straße 5", "10115 Berlin", "Germany"]);
    expect(text.facts).toEqual([
      ["Credit note number", order.creditNoteNumber],
      ["Credit note date", date],
      ["Cancels invoice", order.invoiceNumber],
      ["Invoice date", invoiceDate],
      ["Date of supply", invoiceDate],
      ["Order number", order.number],
    ]);
    expect(text.columns).toMatchObject({ net: "Net", vat: "VAT 19%", gross: "Amount" });
    expect(text.lines).toEqual([
      { position: "1", description: expect.stringContaining("8.5″ wide"), quantity: "1", net: "-€49.58", vat: "-€9.42", gross: "-€59.00" },
      { position: "2", description: "Wide deck surcharge (8.5″ and wider)", quantity: "1", net: "-€2.52", vat: "-€0.48", gross: "-€3.00" },
      { position: "3", description: "Grip tape, applied to the deck", quantity: "1", net: "-€7.56", vat: "-€1.44", gross: "-€9.00" },
      { position: "4", description: "Shipping to Germany", quantity: "1", net: "-€4.12", vat: "-€0.78", gross: "-€4.90" },
    ]);
    expect(text.totals).toEqual([
      ["Net amount at 19% VAT", "-€63.78"],
      ["VAT 19%", "-€12.12"],
      ["Total", "-€75.90"],
    ]);
    expect(text.notes).toEqual([
      `This credit note cancels invoice ${order.invoiceNumber} of ${invoiceDate} in full.`,
      "All amounts in euros. Prices include VAT.",
      `Refunded in full to your card (Visa ending in 4242) on ${date}.`,
    ]);

    const { pdf } = await invoicePdfOfOrder(order, seller(), { document: "creditNote", compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`(Credit note ${order.creditNoteNumber})`); // the document's title
    const read = plain(await pdfToText(pdf));
    for (const words of ["Credit note", "Cancels invoice", order.creditNoteNumber!, order.invoiceNumber!, order.number, "-€75.90", "-€12.12", "This credit note cancels invoice"]) {
      expect(read).toContain(words);
    }
    // The invoice itself is still the invoice, with its own number and positive amounts.
    const invoice = plain(invoiceText(order, seller()));
    expect(invoice.title).toBe("Invoice");
    expect(invoice.invoiceNumber).toBe(order.invoiceNumber);
    expect(invoice.totals.at(-1)).toEqual(["Total", "€75.90"]);
  });

  it("in German: Stornorechnung, its own number, the invoice it cancels, every amount negated", async () => {
    const { order, before } = await cancelledOrder("de");
    expect(order.creditNoteNumber).toBe(numberOf(before + 1));
    expect(await counter()).toBe(before + 1);

    const text = plain(invoiceText(order, seller(), "creditNote"));
    const date = dateIn("de", order.creditNotedAt!);
    const invoiceDate = dateIn("de", order.invoicedAt!);

    expect(text.title).toBe("Stornorechnung");
    expect(text.fileName).toBe(`stornorechnung-${order.creditNoteNumber}.pdf`);
    expect(text.facts).toEqual([
      ["Stornorechnung Nr.", order.creditNoteNumber],
      ["Stornodatum", date],
      ["Storno zu Rechnung", order.invoiceNumber],
      ["Rechnungsdatum", invoiceDate],
      ["Leistungsdatum", invoiceDate],
      ["Bestellnummer", order.number],
    ]);
    expect(text.lines.map((line) => [line.net, line.vat, line.gross])).toEqual([
      ["-49,58 €", "-9,42 €", "-59,00 €"],
      ["-2,52 €", "-0,48 €", "-3,00 €"],
      ["-7,56 €", "-1,44 €", "-9,00 €"],
      ["-4,12 €", "-0,78 €", "-4,90 €"],
    ]);
    expect(text.totals).toEqual([
      ["Nettobetrag zu 19 % USt.", "-63,78 €"],
      ["Umsatzsteuer 19 %", "-12,12 €"],
      ["Gesamtbetrag", "-75,90 €"],
    ]);
    expect(text.notes).toEqual([
      `Diese Stornorechnung hebt die Rechnung ${order.invoiceNumber} vom ${invoiceDate} vollständig auf.`,
      "Alle Beträge in Euro. Die Preise enthalten die Umsatzsteuer.",
      `Vollständig auf deine Karte (Visa, endet auf 4242) zurückerstattet am ${date}.`,
    ]);

    const { pdf } = await invoicePdfOfOrder(order, seller(), { document: "creditNote", compress: false });
    expect(pdf.toString("latin1")).toContain(`(Stornorechnung ${order.creditNoteNumber})`);
    const read = plain(await pdfToText(pdf));
    for (const words of ["Stornorechnung", "Storno zu Rechnung", order.creditNoteNumber!, order.invoiceNumber!, "-75,90 €", "Umsatzsteuer 19 %", "-12,12 €"]) {
      expect(read).toContain(words);
    }
  });

  it("an order that was not refunded has none; a returned one has, numbered on", async () => {
    let order = await place();
    for (const step of [null, "in_production", "shipped", "delivered"] as const) {
      if (step) order = await move(order, step);
      expect(order.creditNoteNumber).toBeNull();
      expect(() => invoiceText(order, seller(), "creditNote")).toThrow(`order ${order.id} has no creditNote`);
      await expect(invoicePdfOfOrder(order, seller(), { document: "creditNote" })).rejects.toThrow("has no creditNote");
    }
    const before = await counter();
    const returned = await move(order, "returned");
    expect(returned.creditNoteNumber).toBe(numberOf(before + 1));
    expect(plain(invoiceText(returned, seller(), "creditNote")).totals.at(-1)).toEqual(["Total", "-€75.90"]);
  });

  it("of an export to Switzerland: no VAT columns, the net amounts negated, the export's reason", async () => {
    const order = await move(await place({ name: "Łukasz Żółć", address: "Bahnhofstrasse 1", postalcode: "8001", city: "Zürich", country: "CH" }), "cancelled");
    expect(order).toMatchObject({ taxKind: "export", vatBasisPoints: 0, creditNoteNumber: expect.stringMatching(/^\d{4}-\d{6}$/) });
    const text = plain(invoiceText(order, seller(), "creditNote"));
    const invoice = plain(invoiceText(order, seller()));

    expect(text.title).toBe("Credit note");
    expect(text.columns.net).toBeUndefined();
    expect(text.columns.vat).toBeUndefined();
    for (const line of text.lines) {
      expect(line).not.toHaveProperty("net");
      expect(line).not.toHaveProperty("vat");
      expect(line.gross).toMatch(/^-€\d+\.\d\d$/);
    }
    // Each amount is the invoice's, negated; the 0 % VAT stays €0.00 (no "-€0.00").
    expect(text.lines.map((line) => line.gross)).toEqual(invoice.lines.map((line) => `-${line.gross}`));
    expect(text.totals).toEqual([
      ["Net amount", `-${invoice.totals[0]![1]}`],
      ["VAT 0% (export)", "€0.00"],
      ["Total", `-${invoice.totals[2]![1]}`],
    ]);
    expect(text.notes[0]).toContain(`This credit note cancels invoice ${order.invoiceNumber}`);
    expect(text.notes.join("\n")).toContain("VAT-free export delivery (§ 4 No. 1a");
    expect(text.notes.join("\n")).not.toContain("Prices include VAT");

    const read = plain(await pdfToText((await invoicePdfOfOrder(order, seller(), { document: "creditNote", compress: false })).pdf));
    for (const words of ["Credit note", order.creditNoteNumber!, order.invoiceNumber!, text.totals[2]![1]]) expect(read).toContain(words);
  });
});
