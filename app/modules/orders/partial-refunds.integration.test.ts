import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { invoiceCounters, issuedDocuments, mailOutbox, orderEvents, orderRefunds, orders, type OrderRow } from "#app/db/schema.ts";
import { vatContained } from "#app/modules/catalog/tax.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { exportAccountData } from "#app/modules/accounts/data-rights.server.ts";
import { sweepExpiredData } from "#app/modules/housekeeping/data-retention.server.ts";
import { operatorConfig } from "#app/modules/legal/operator.server.ts";
import { createTestPaymentProvider, TEST_CARDS, type PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { invoiceText, partialCreditNoteText, type InvoiceText } from "./invoice-pdf.server.ts";
import { issuedDocumentPdf, issuedPartialCreditNotePdf } from "./issued-documents.server.ts";
import { transitionOrder } from "./order-lifecycle.server.ts";
import type { OrderStatus } from "./order-status.ts";
import { MAX_PARTIAL_REFUNDS, partialRefundKey, partialRefundsOf, refundPart, toPartialCreditNote, type PartialRefundRequest } from "./partial-refunds.server.ts";
import { placeOrder } from "./place-order.server.ts";
import { ordersOfUser } from "./orders.server.ts";

const siteUrl = "http://shop.test";
const OPERATOR = { id: "operator-1", name: "ops@example.com" };
const YEAR = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Berlin" }).format(new Date());
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const seller = () => operatorConfig().seller;

async function place(provider: PaymentProvider, overrides: Partial<OrderSubmission> = {}, locale?: string): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider, submission: orderSubmission(overrides), userId: null, siteUrl });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  if (!locale) return result.order;
  const [row] = await database.db.update(orders).set({ locale }).where(eq(orders.id, result.order.id)).returning();
  return row!;
}

function refund(provider: PaymentProvider, order: Pick<OrderRow, "id">, overrides: Partial<PartialRefundRequest> = {}) {
  return refundPart(database.db, provider, {
    orderId: order.id,
    amountCents: 1250,
    reason: "Misprint on the tail",
    expectedRefundedCents: 0,
    actor: OPERATOR,
    siteUrl,
    requestId: randomUUID(),
    ...overrides,
  });
}

async function move(provider: PaymentProvider, order: OrderRow, ...steps: OrderStatus[]): Promise<OrderRow> {
  let current = order;
  for (const to of steps) {
    const result = await transitionOrder(database.db, provider, {
      orderId: current.id,
      expected: current.status,
      to,
      actor: OPERATOR,
      siteUrl,
      ...(to === "shipped" ? { shipment: { carrier: "dhl" as const, trackingNumber: "00340434161234567890" } } : {}),
    });
    if (!result.ok) throw new Error(`${current.status} → ${to} refused: ${JSON.stringify(result)}`);
    current = result.order;
  }
  return current;
}

async function row(id: string): Promise<OrderRow> {
  const [found] = await database.db.select().from(orders).where(eq(orders.id, id));
  return found!;
}

async function counter(): Promise<number> {
  const [found] = await database.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, YEAR));
  return found?.lastNumber ?? 0;
}

/** "-12,50 €", "−€12.50", "€75.90" → cents, signed. */
function cents(money: string): number {
  const digits = money.replace(/[^\d]/g, "");
  return (/[-−]/.test(money) ? -1 : 1) * Number(digits);
}

/** A document's gross and VAT totals as printed (an export prints no VAT: 0). */
function printedTotals(text: InvoiceText): { gross: number; vat: number; net: number } {
  const [net, vat, gross] = text.totals.map(([, value]) => cents(value));
  return { net: net!, vat: text.columns.vat ? vat! : 0, gross: gross! };
}

async function pdfToText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/[ \t]+/g, " ").replace(/\u00a0|\u202f/g, " ");
}

describe(`partial refunds on ${databaseKind}`, () => {
  it("refunds part of the charge once, with its own credit note numbered in the invoices' series, a history event and a mail", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider);
    const before = await counter();
    const requestId = randomUUID();
    const result = await refund(provider, order, { amountCents: 1250, requestId });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.repeated).toBe(false);
    expect(result.order.partlyRefundedCents).toBe(1250);
    expect(result.order.status).toBe("paid");
    // The next number of the one gapless series, taken in the refund's transaction.
    expect(await counter()).toBe(before + 1);
    const number = result.refund.creditNoteNumber;
    expect(number).toBe(`${YEAR}-${String(before + 1).padStart(6, "0")}`);
    expect(result.refund).toMatchObject({ orderId: order.id, grossCents: 1250, vatCents: vatContained(1250, 1900), reason: "Misprint on the tail", actor: OPERATOR.name });
    expect(result.refund.vatCents).toBe(200);

    const processed = provider.refunds.get(`partial-refund:${order.id}:after-0:1250`);
    expect(processed).toMatchObject({ amountCents: 1250, reference: order.paymentReference, currency: order.currency });
    expect(result.refund.refundReference).toBe(processed!.refundReference);

    const [issued] = await database.db.select().from(issuedDocuments).where(eq(issuedDocuments.number, number));
    expect(issued).toMatchObject({ orderId: order.id, kind: "creditNote", pdf: null });
    const [event] = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "partial-refund")));
    expect(event).toMatchObject({
      fromStatus: "paid",
      toStatus: "paid",
      actor: OPERATOR.name,
      details: { amountCents: "1250", creditNoteNumber: number, refundReference: processed!.refundReference, reason: "Misprint on the tail" },
    });
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-partly-refunded:${number}`));
    expect(mail?.recipient).toBe(order.contact);
    expect(mail?.subject).toBe(`Part of your Deck Studio order ${order.number} is refunded`);
    expect(mail?.textBody).toContain("€12.50 is refunded to your Visa ending in 4242");
    expect(mail?.textBody).toContain("Reason: Misprint on the tail");
    expect(mail?.textBody).toContain(`Credit note ${number} corrects invoice ${order.invoiceNumber}`);

    // The same form again (a double click, a resend): its first answer, nothing refunded or numbered twice.
    const again = await refund(provider, order, { amountCents: 1250, requestId });
    expect(again).toMatchObject({ ok: true, repeated: true, refund: { creditNoteNumber: number } });
    expect((await row(order.id)).partlyRefundedCents).toBe(1250);
    expect(await counter()).toBe(before + 1);
    expect([...provider.refunds.keys()].filter((key) => key.includes(order.id))).toHaveLength(1);
  });

  it("the credit note (Rechnungskorrektur) names the invoice, one price-reduction line with net and VAT at the order's rate, the refund; kept as issued", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider, {}, "de");
    const result = await refund(provider, order, { amountCents: 1000, reason: "Fehldruck am Tail, Farbe verschoben" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const note = toPartialCreditNote(result.refund);
    const text = partialCreditNoteText(result.order, seller(), note);
    const date = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(note.issuedAt);
    const invoiceDate = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(order.invoicedAt!);
    expect(text.title).toBe("Rechnungskorrektur");
    expect(text.fileName).toBe(`rechnungskorrektur-${note.number}.pdf`);
    expect(text.facts).toEqual([
      ["Rechnungskorrektur Nr.", note.number],
      ["Datum der Korrektur", date],
      ["Korrektur zu Rechnung", order.invoiceNumber],
      ["Rechnungsdatum", invoiceDate],
      ["Leistungsdatum", invoiceDate],
      ["Bestellnummer", order.number],
    ]);
    // 10,00 € gross contains 1,60 € VAT at 19 % (vatContained, as the invoice's lines).
    const plainText = JSON.parse(JSON.stringify(text).replace(/\u00a0|\u202f/g, " ")) as InvoiceText;
    expect(plainText.lines).toEqual([{ position: "1", description: "Preisminderung: Fehldruck am Tail, Farbe verschoben", quantity: "1", net: "-8,40 €", vat: "-1,60 €", gross: "-10,00 €" }]);
    expect(plainText.totals).toEqual([
      ["Nettobetrag zu 19 % USt.", "-8,40 €"],
      ["Umsatzsteuer 19 %", "-1,60 €"],
      ["Gesamtbetrag", "-10,00 €"],
    ]);
    expect(plainText.notes[0]).toBe(`Diese Rechnungskorrektur mindert den Preis der Rechnung ${order.invoiceNumber} vom ${invoiceDate} um 10,00 €.`);
    expect(plainText.notes.at(-1)).toBe(`10,00 € wurden am ${date} auf deine Karte (Visa, endet auf 4242) zurückerstattet.`);
    expect(plainText.title).not.toContain("Gutschrift");

    const pdf = await issuedPartialCreditNotePdf(database.db, result.order, note.number);
    const read = await pdfToText(pdf!);
    for (const words of ["Rechnungskorrektur", "Preisminderung: Fehldruck am Tail, Farbe verschoben", order.invoiceNumber!, "-8,40 €", "-1,60 €", "-10,00 €", "Deck Studio GmbH"]) {
      expect(read).toContain(words);
    }
    // Kept: the second download is the same file; another order's number or a made-up one is none of this order's.
    expect((await issuedPartialCreditNotePdf(database.db, result.order, note.number))!.equals(pdf!)).toBe(true);
    expect(await issuedPartialCreditNotePdf(database.db, result.order, order.invoiceNumber!)).toBeNull();
    expect(await issuedPartialCreditNotePdf(database.db, result.order, "../../etc/passwd")).toBeNull();
  });

  it("a cancel after partial refunds refunds only the rest, and its Stornorechnung credits only the rest: invoice + all credit notes = 0 in gross and VAT", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider);
    const first = await refund(provider, order, { amountCents: 1250, reason: "Misprint" });
    const second = await refund(provider, order, { amountCents: 999, reason: "Scratched in transit", expectedRefundedCents: 1250 });
    if (!first.ok || !second.ok) throw new Error(JSON.stringify([first, second]));
    const cancelled = await move(provider, await row(order.id), "cancelled");
    expect(cancelled).toMatchObject({ status: "cancelled", partlyRefundedCents: 2249 });
    // The processor is asked for the rest only, under a key that names it.
    const rest = provider.refunds.get(`refund:${order.id}:after-2249`);
    expect(rest).toMatchObject({ amountCents: 7590 - 2249 });
    expect(provider.refunds.has(`refund:${order.id}`)).toBe(false);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-cancelled:${order.id}`));
    expect(mail?.textBody).toContain("The remaining €53.41");

    const notes = (await partialRefundsOf(database.db, order.id)).map(toPartialCreditNote);
    expect(notes.map((note) => note.number)).toEqual([first.refund.creditNoteNumber, second.refund.creditNoteNumber]);
    const invoice = invoiceText(cancelled, seller(), "invoice");
    const final = invoiceText(cancelled, seller(), "creditNote", notes);
    const partial = notes.map((note) => partialCreditNoteText(cancelled, seller(), note));
    const documents = [invoice, ...partial, final].map(printedTotals);
    expect(documents.reduce((sum, d) => sum + d.gross, 0)).toBe(0);
    expect(documents.reduce((sum, d) => sum + d.vat, 0)).toBe(0);
    expect(documents.reduce((sum, d) => sum + d.net, 0)).toBe(0);
    expect(printedTotals(final)).toEqual({ gross: -5341, vat: -(1212 - 200 - vatContained(999, 1900)), net: -5341 + (1212 - 200 - vatContained(999, 1900)) });
    // Its lines add up to its totals: the invoice's lines negated, then what each earlier note credited, added back.
    expect(final.lines.reduce((sum, line) => sum + cents(line.gross), 0)).toBe(-5341);
    expect(final.lines.reduce((sum, line) => sum + cents(line.vat!), 0)).toBe(printedTotals(final).vat);
    expect(final.lines.slice(-2).map((line) => line.description)).toEqual([
      expect.stringContaining(`Already credited by credit note ${first.refund.creditNoteNumber}`),
      expect.stringContaining(`Already credited by credit note ${second.refund.creditNoteNumber}`),
    ]);
    expect(final.notes.join("\n")).toContain("this one credits the remaining €53.41");

    // The issued Stornorechnung is this one.
    const read = await pdfToText((await issuedDocumentPdf(database.db, cancelled, "creditNote"))!);
    expect(read).toContain(`Already credited by credit note ${first.refund.creditNoteNumber}`);
    expect(read).toContain("-€53.41");
  });

  it("the same sums for an export (no VAT) and a distance sale at another rate, after a return", async () => {
    for (const overrides of [
      { country: "CH", postalcode: "8001", city: "Zürich" },
      { country: "AT", postalcode: "1010", city: "Wien" },
    ] satisfies Partial<OrderSubmission>[]) {
      const provider = createTestPaymentProvider();
      const order = await place(provider, overrides);
      const partial = await refund(provider, order, { amountCents: 333 });
      if (!partial.ok) throw new Error(JSON.stringify(partial));
      expect(partial.refund.vatCents).toBe(order.taxKind === "export" ? 0 : vatContained(333, order.vatBasisPoints));
      const returned = await move(provider, await row(order.id), "in_production", "shipped", "delivered", "returned");
      const notes = (await partialRefundsOf(database.db, order.id)).map(toPartialCreditNote);
      const documents = [
        invoiceText(returned, seller(), "invoice"),
        ...notes.map((note) => partialCreditNoteText(returned, seller(), note)),
        invoiceText(returned, seller(), "creditNote", notes),
      ].map(printedTotals);
      expect(documents.reduce((sum, d) => sum + d.gross, 0)).toBe(0);
      expect(documents.reduce((sum, d) => sum + d.vat, 0)).toBe(0);
      expect(provider.refunds.get(`refund:${order.id}:after-333`)).toMatchObject({ amountCents: order.totalCents - 333 });
    }
  });

  it("a cancel without partial refunds is as before: the whole charge under the order's key, the credit note cancels in full", async () => {
    const provider = createTestPaymentProvider();
    const cancelled = await move(provider, await place(provider), "cancelled");
    expect(provider.refunds.get(`refund:${cancelled.id}`)).toMatchObject({ amountCents: cancelled.totalCents });
    const text = invoiceText(cancelled, seller(), "creditNote", []);
    expect(text.notes[0]).toContain("in full");
    expect(printedTotals(text).gross).toBe(-cancelled.totalCents);
  });

  it("two refunds at once from the same view of the page: one is made, the other is told the amount changed or the refund is under way", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider);
    const results = await Promise.all([refund(provider, order, { amountCents: 500 }), refund(provider, order, { amountCents: 700 })]);
    const made = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(made).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ reason: "stale", message: expect.stringMatching(/^(Another refund was made|A refund of this order is under way)/) })]);
    const after = await row(order.id);
    expect([500, 700]).toContain(after.partlyRefundedCents);
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(1);
    expect([...provider.refunds.keys()].filter((key) => key.includes(order.id))).toHaveLength(1);
  });

  it("a refund the processor made but the shop did not record (its transaction failed) is not made again from a reloaded page", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider);
    // The processor's refund went through; the shop's transaction that would have recorded it rolled back.
    const lost = await provider.refund({ reference: order.paymentReference, amountCents: 1250, currency: order.currency, idempotencyKey: partialRefundKey(order, 1250) });
    const result = await refund(provider, order, { amountCents: 1250, requestId: randomUUID() });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.refund.refundReference).toBe(lost.status === "refunded" ? lost.reference : "none");
    expect([...provider.refunds.keys()].filter((key) => key.includes(order.id))).toHaveLength(1);
    // A second reduction, of the same amount, is a refund of its own.
    const second = await refund(provider, result.order, { amountCents: 1250, expectedRefundedCents: 1250, requestId: randomUUID() });
    expect(second.ok).toBe(true);
    expect([...provider.refunds.keys()].filter((key) => key.includes(order.id))).toHaveLength(2);
  });

  it("the same form posted twice at once: one processor refund, one credit note, both told it is made", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider);
    const requestId = randomUUID();
    const before = await counter();
    const results = await Promise.all([refund(provider, order, { requestId }), refund(provider, order, { requestId })]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(results.map((result) => (result.ok ? result.repeated : null)).sort()).toEqual([false, true]);
    expect((await row(order.id)).partlyRefundedCents).toBe(1250);
    expect(await counter()).toBe(before + 1);
    expect([...provider.refunds.keys()].filter((key) => key.includes(order.id))).toEqual([`partial-refund:${order.id}:after-0:1250`]);
  });

  it("refuses what it must not do, and changes nothing: the whole rest or more, a stale amount, a refunded or anonymised order", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider);
    const before = await counter();
    expect(await refund(provider, order, { amountCents: order.totalCents })).toMatchObject({ ok: false, reason: "too-much", message: expect.stringContaining("cancel the order or mark it returned") });
    expect(await refund(provider, order, { amountCents: order.totalCents + 1 })).toMatchObject({ ok: false, reason: "too-much", message: expect.stringContaining("At most €75.90") });
    expect(await refund(provider, order, { expectedRefundedCents: 100 })).toMatchObject({ ok: false, reason: "stale" });
    expect((await row(order.id)).partlyRefundedCents).toBe(0);
    expect(await counter()).toBe(before);

    const almost = await refund(provider, order, { amountCents: order.totalCents - 1 });
    expect(almost).toMatchObject({ ok: true });
    expect(await refund(provider, order, { amountCents: 1, expectedRefundedCents: order.totalCents - 1 })).toMatchObject({ ok: false, reason: "too-much" });

    const cancelled = await move(provider, await row(order.id), "cancelled");
    expect(provider.refunds.get(`refund:${order.id}:after-${order.totalCents - 1}`)).toMatchObject({ amountCents: 1 });
    expect(await refund(provider, cancelled, { amountCents: 1, expectedRefundedCents: order.totalCents - 1 })).toMatchObject({ ok: false, reason: "not-allowed", message: "Part of the amount cannot be refunded: the order is cancelled." });

    const other = await place(provider);
    await database.db.update(orders).set({ anonymisedAt: new Date(), contact: "" }).where(eq(orders.id, other.id));
    expect(await refund(provider, other)).toMatchObject({ ok: false, reason: "not-allowed" });
    expect(await refund(provider, { id: randomUUID() })).toEqual({ ok: false, reason: "not-found" });
    // Another order's submission id (a tampered form): refused before the processor is asked, never a failed insert.
    const fresh = await place(provider);
    const refundsBefore = provider.refunds.size;
    const used = (await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)))[0]!.requestId;
    expect(await refund(provider, fresh, { requestId: used })).toMatchObject({ ok: false, reason: "stale", message: "This form is out of date. Reload the page and try again." });
    expect(provider.refunds.size).toBe(refundsBefore);
    await expect(refund(provider, other, { amountCents: 0 })).rejects.toThrow();
    await expect(refund(provider, other, { reason: "   " })).rejects.toThrow();
  });

  it("a refund the processor refuses leaves the order and the number series as they were, with a refund-refused event", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider, { cardNumber: TEST_CARDS.refundRefused });
    const before = await counter();
    const result = await refund(provider, order, { amountCents: 2000, locale: "de" });
    expect(result).toMatchObject({ ok: false, reason: "refund-refused", message: expect.stringContaining("Der Zahlungsdienstleister hat die Erstattung abgelehnt") });
    expect((await row(order.id)).partlyRefundedCents).toBe(0);
    expect(await counter()).toBe(before);
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([]);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({ kind: "refund-refused", fromStatus: "paid", toStatus: "paid", actor: OPERATOR.name, details: { attempted: "partial-refund", amountCents: "2000", reason: "charge_disputed" } });
  });

  it("retention keeps an order ten years from its last partial credit note's year, and deletes its partial refunds with it", async () => {
    const provider = createTestPaymentProvider();
    const placedAt = new Date("2015-03-01T12:00:00Z");
    const backdate = async (refundedAt: Date) => {
      const order = await place(provider);
      const made = await refund(provider, order, { amountCents: 100 });
      if (!made.ok) throw new Error(JSON.stringify(made));
      await database.db.update(orders).set({ createdAt: placedAt, invoicedAt: placedAt }).where(eq(orders.id, order.id));
      await database.db.update(orderRefunds).set({ createdAt: refundedAt }).where(eq(orderRefunds.orderId, order.id));
      return order;
    };
    const noteIn2015 = await backdate(new Date("2015-06-01T12:00:00Z"));
    const noteIn2020 = await backdate(new Date("2020-06-01T12:00:00Z"));
    await sweepExpiredData(database.db, new Date("2026-11-29T12:00:00Z"));
    expect(await database.db.select().from(orders).where(eq(orders.id, noteIn2015.id))).toEqual([]);
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, noteIn2015.id))).toEqual([]);
    expect(await database.db.select().from(orders).where(eq(orders.id, noteIn2020.id))).toHaveLength(1);
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, noteIn2020.id))).toHaveLength(1);
  });

  it("the buyer's data export names each partial refund with its credit note", async () => {
    const provider = createTestPaymentProvider();
    const created = await createAccount(database.db, `buyer-${randomUUID().slice(0, 8)}@example.com`, "buyer password");
    if (!created.ok) throw new Error("no account");
    const result = await placeOrder({ db: database.db, provider, submission: orderSubmission({ contact: created.account.email }), userId: created.account.id, siteUrl });
    if (result.status !== "placed") throw new Error("not placed");
    const made = await refund(provider, result.order, { amountCents: 450, reason: "Scratch on the nose" });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const exported = await exportAccountData(database.db, created.account.id);
    // The account's order history links it beside the invoice.
    expect((await ordersOfUser(database.db, created.account.id))[0]?.partialCreditNotes).toEqual([made.refund.creditNoteNumber]);
    expect(exported?.orders[0]?.partialRefunds).toEqual([
      { creditNote: made.refund.creditNoteNumber, date: made.refund.createdAt.toISOString(), amountCents: 450, reason: "Scratch on the nose" },
    ]);
  });

  it("at most five partial refunds an order; the final credit note then still adds each back on its one page, above the foot", async () => {
    const provider = createTestPaymentProvider();
    const order = await place(provider, {}, "de");
    for (let index = 0; index < MAX_PARTIAL_REFUNDS; index++) {
      const made = await refund(provider, order, { amountCents: 101 + index, expectedRefundedCents: (await row(order.id)).partlyRefundedCents, reason: `Kratzer Nummer ${index + 1} am Rand des Decks, vom Käufer fotografiert` });
      if (!made.ok) throw new Error(JSON.stringify(made));
    }
    const refused = await refund(provider, order, { amountCents: 100, expectedRefundedCents: (await row(order.id)).partlyRefundedCents, locale: "de" });
    expect(refused).toMatchObject({ ok: false, reason: "not-allowed", message: expect.stringContaining("Diese Bestellung hat schon 5 Teilerstattungen") });
    const returned = await move(provider, await row(order.id), "in_production", "shipped", "delivered", "returned");
    const pdf = (await issuedDocumentPdf(database.db, returned, "creditNote"))!;
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    // The last note (the refund of the rest) stands above the seller's foot (PDF y runs upwards).
    const items = (await (await document.getPage(1)).getTextContent()).items as { str: string; transform: number[] }[];
    const yOf = (words: string) => items.find((item) => item.str.includes(words))?.transform[5] ?? Number.NaN;
    expect(yOf("Die restlichen")).toBeGreaterThan(yOf("USt-IdNr.") + 20);
    const read = await pdfToText(pdf);
    const notes = await partialRefundsOf(database.db, order.id);
    for (const note of notes) expect(read).toContain(`Bereits gutgeschrieben mit Rechnungskorrektur ${note.creditNoteNumber}`);
    const rest = order.totalCents - notes.reduce((sum, note) => sum + note.grossCents, 0);
    expect(read).toContain(`-${(rest / 100).toFixed(2).replace(".", ",")} €`);
  });
});
