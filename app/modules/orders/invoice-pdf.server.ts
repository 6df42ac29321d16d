import PDFDocument from "pdfkit";
import type { OrderRow } from "#app/db/schema.ts";
import { cardBrandName } from "#app/modules/card/card-brand.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { townLines } from "#app/modules/catalog/countries.ts";
import { formatCountry, formatDate, formatDeckSize, formatMoney, formatPercent } from "#app/modules/catalog/format.ts";
import { isLocale, type Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import type { Seller } from "#app/modules/legal/operator.server.ts";
import { fontRuns, invoiceFontFiles, type InvoiceWeight } from "./invoice-fonts.server.ts";
import { invoiceAmounts, invoiceLinesOfOrder, type InvoiceLine } from "./invoice.ts";

/**
 * An order's invoice, in the order's language (the buyer's when ordering), with what a German invoice must carry
 * (§ 14 Abs. 4 UStG): the seller's full name and address and VAT id (operator configuration), the buyer's name and
 * address, the invoice date, the invoice number (gapless, taken with the order), the quantity and kind of the
 * goods, the date of supply, the net amount per rate, the rate and the VAT, the gross total; for an export the
 * reason it is VAT-free, for a distance sale in the EU the destination's rate.
 *
 * The credit note (Stornorechnung, D222) that cancels the invoice when the order is refunded is the same document with
 * its own number and date, the invoice it cancels, and every amount negated. After partial refunds it adds back, line by
 * line, what their credit notes already credited, so that it credits only the rest: invoice and every credit note add
 * up to zero, in gross and in VAT.
 *
 * A partial refund's credit note (a price reduction; "Rechnungskorrektur", not "Gutschrift", which in German VAT law
 * is a self-billed invoice) names the invoice it corrects and states one line, "Price reduction: <reason>", its amount
 * negated with the VAT it contains at the order's rate (`partialCreditNoteText`).
 *
 * `invoiceText` decides every word and amount (tests read it); `renderInvoicePdf` only lays it out.
 */

/** The invoice of a sale, or the credit note that cancels it. */
export type InvoiceDocument = "invoice" | "creditNote";

export interface InvoiceText {
  locale: Locale;
  /** The document's own number: the invoice's, or the credit note's. */
  invoiceNumber: string;
  fileName: string;
  title: string;
  /** The seller's name and address, then the line above the buyer's address (German letters have one). */
  seller: string[];
  senderLine: string;
  customerHeading: string;
  customer: string[];
  /** Invoice number, dates, order number: label and value. */
  facts: [string, string][];
  orderNumber: string;
  /** Column headings; the VAT columns only when there is VAT. */
  columns: { position: string; description: string; quantity: string; net?: string; vat?: string; gross: string };
  lines: { position: string; description: string; quantity: string; net?: string; vat?: string; gross: string }[];
  totals: [string, string][];
  notes: string[];
  /** The seller's contact, VAT id and register, for the page's foot. */
  footer: string[];
}

/**
 * A partial refund's credit note, as stored in `order_refunds`: its number and date, the gross amount it gives back
 * and the VAT that amount contains (fixed when it was issued), and the operator's reason.
 */
export interface PartialCreditNote {
  number: string;
  issuedAt: Date;
  grossCents: number;
  vatCents: number;
  reason: string;
}

/** The order's language, or English for anything else stored. */
function localeOf(order: Pick<OrderRow, "locale">): Locale {
  return isLocale(order.locale) ? order.locale : "en";
}

/** The words' namespace of each document. */
const WORDS = { invoice: "invoice", creditNote: "creditNote" } as const;

/** The download's file name: invoice-2026-000001.pdf, rechnung-2026-000001.pdf, stornorechnung-2026-000057.pdf. */
export function invoiceFileName(order: Pick<OrderRow, "locale" | "invoiceNumber" | "creditNoteNumber">, document: InvoiceDocument = "invoice"): string {
  const number = document === "invoice" ? order.invoiceNumber : order.creditNoteNumber;
  return translatorFor(localeOf(order), "documents")(`${WORDS[document]}.fileName`, { number: number ?? "" });
}

/** The document's number and date, if the order has that document. */
export function documentOf(order: OrderRow, document: InvoiceDocument): { number: string; issuedAt: Date } | null {
  if (!order.invoiceNumber) return null;
  if (document === "invoice") return { number: order.invoiceNumber, issuedAt: order.invoicedAt ?? order.createdAt };
  return order.creditNoteNumber ? { number: order.creditNoteNumber, issuedAt: order.creditNotedAt ?? order.updatedAt } : null;
}

/**
 * The invoice, or the credit note that cancels it (`credited`: the partial refunds' credit notes issued before it,
 * whose amounts it adds back).
 */
export function invoiceText(order: OrderRow, seller: Seller, document: InvoiceDocument = "invoice", credited: readonly PartialCreditNote[] = []): InvoiceText {
  const issued = documentOf(order, document);
  if (!issued) throw new Error(`order ${order.id} has no ${document}`);
  const creditNote = document === "creditNote";
  const locale = localeOf(order);
  const t = translatorFor(locale, "documents");
  // A credit note states the invoice's amounts cancelled: each one negated.
  const money = (cents: number) => formatMoney(creditNote && cents !== 0 ? -cents : cents, locale);
  const percent = (basisPoints: number) => formatPercent(basisPoints, locale);
  const invoiceDate = formatDate(order.invoicedAt ?? order.createdAt, locale);
  const date = formatDate(issued.issuedAt, locale);
  const amounts = invoiceAmounts(
    { taxKind: order.taxKind, vatBasisPoints: order.vatBasisPoints },
    invoiceLinesOfOrder({ priceLines: order.priceLines, shippingCents: order.shippingCents, totalCents: order.totalCents }),
  );
  const withVat = amounts.vatBasisPoints > 0;
  const destination = formatCountry(order.country, locale);
  // Added back by a final credit note: what the partial refunds' notes credited already (only credit notes have them).
  const addedBack = creditNote ? credited : [];
  const creditedCents = {
    gross: addedBack.reduce((sum, note) => sum + note.grossCents, 0),
    vat: withVat ? addedBack.reduce((sum, note) => sum + note.vatCents, 0) : 0,
  };
  // The totals of a credit note after partial refunds: the invoice's negated plus what is added back (signed as printed).
  const signed = (invoiceCents: number, addedCents: number) => formatMoney(-invoiceCents + addedCents, locale);

  const describe = (line: InvoiceLine): string => {
    switch (line.kind) {
      case "deck": {
        // The fact stored with the sale, not the design's layers, which deleting the account removes (D162).
        const deck = order.ownDesign ? "deck" : "plainDeck";
        return order.size > 0 ? t(`invoice.lines.${deck}`, { width: formatDeckSize(order.size, locale) }) : t(`invoice.lines.${deck}NoWidth`);
      }
      case "wideDeck":
        return t("invoice.lines.wideDeck", { from: formatDeckSize(catalog.wideDeck.fromInches, locale) });
      case "grip":
        return t("invoice.lines.grip");
      case "shipping":
        return t("invoice.lines.shipping", { country: destination });
      default:
        return line.label;
    }
  };

  const sellerCountry = formatCountry(seller.country, locale);
  const sellerAddress = [seller.name, seller.street, `${seller.postalCode} ${seller.city}`, sellerCountry];
  const customer = [
    order.name,
    order.address,
    order.addressextend,
    // As the shop, the mails and the order page write it for that country ("San Francisco CA 94103").
    ...townLines(order),
    destination,
  ].filter((part) => part.trim() !== "");

  const rate = percent(amounts.vatBasisPoints);
  const totalMoney = addedBack.length > 0 ? signed : (cents: number) => money(cents);
  const totals: [string, string][] = withVat
    ? [
        [t("invoice.totals.netAtRate", { rate }), totalMoney(amounts.netCents, creditedCents.gross - creditedCents.vat)],
        [
          order.country === seller.country ? t("invoice.totals.vat", { rate }) : t("invoice.totals.vatOf", { rate, country: destination }),
          totalMoney(amounts.vatCents, creditedCents.vat),
        ],
        [t("invoice.totals.total"), totalMoney(amounts.grossCents, creditedCents.gross)],
      ]
    : [
        [t("invoice.totals.net"), totalMoney(amounts.netCents, creditedCents.gross)],
        [t("invoice.totals.export", { rate: percent(0) }), money(0)],
        [t("invoice.totals.total"), totalMoney(amounts.grossCents, creditedCents.gross)],
      ];

  const card = { brand: cardBrandName(order.cardBrand), last4: order.cardLast4 };
  const rest = formatMoney(amounts.grossCents - creditedCents.gross, locale);
  const notes = [
    ...(creditNote && addedBack.length === 0 ? [t("creditNote.cancelsInFull", { number: order.invoiceNumber, date: invoiceDate })] : []),
    ...(addedBack.length > 0
      ? [t("creditNote.cancelsRest", { number: order.invoiceNumber, date: invoiceDate, credited: formatMoney(creditedCents.gross, locale), rest })]
      : []),
    withVat ? t("invoice.notes.pricesIncludeVat") : t("invoice.notes.pricesNet"),
    ...(withVat && order.country !== seller.country ? [t("invoice.notes.distanceSale", { country: destination, rate })] : []),
    ...(withVat ? [] : [t("invoice.notes.export")]),
    ...(creditNote
      ? [addedBack.length > 0 ? t("creditNote.refundedRest", { ...card, date, amount: rest }) : t("creditNote.refunded", { ...card, date })]
      : [t("invoice.notes.supplyIsInvoiceDate"), t("invoice.notes.paid", { ...card, date }), t("invoice.notes.thanks")]),
  ];

  const footer = [
    [seller.name, seller.street, `${seller.postalCode} ${seller.city}`, sellerCountry].join(" · "),
    [`${t("invoice.email")}: ${seller.email}`, ...(seller.phone ? [`${t("invoice.phone")}: ${seller.phone}`] : [])].join(" · "),
    [
      `${t("invoice.vatId")}: ${seller.vatId}`,
      ...(seller.register ? [seller.register] : []),
      ...(seller.representedBy ? [`${t("invoice.representedBy")}: ${seller.representedBy}`] : []),
    ].join(" · "),
  ];

  return {
    locale,
    invoiceNumber: issued.number,
    fileName: invoiceFileName(order, document),
    title: t(`${WORDS[document]}.title`),
    orderNumber: order.number,
    seller: sellerAddress,
    senderLine: [seller.name, seller.street, `${seller.postalCode} ${seller.city}`].join(" · "),
    customerHeading: t(creditNote ? "creditNote.customer" : "invoice.customer"),
    customer,
    facts: creditNote
      ? [
          [t("creditNote.number"), issued.number],
          [t("creditNote.date"), date],
          [t("creditNote.cancels"), order.invoiceNumber!],
          [t("invoice.date"), invoiceDate],
          [t("invoice.supplyDate"), invoiceDate],
          [t("invoice.orderNumber"), order.number],
        ]
      : [
          [t("invoice.number"), issued.number],
          [t("invoice.date"), date],
          [t("invoice.supplyDate"), date],
          [t("invoice.orderNumber"), order.number],
        ],
    columns: {
      position: t("invoice.columns.position"),
      description: t("invoice.columns.description"),
      quantity: t("invoice.columns.quantity"),
      ...(withVat ? { net: t("invoice.columns.net"), vat: `${t("invoice.columns.vat")} ${rate}` } : {}),
      gross: t("invoice.columns.gross"),
    },
    lines: [
      ...amounts.lines.map((line, index) => ({
        position: String(index + 1),
        description: describe(line),
        quantity: String(line.quantity),
        ...(withVat ? { net: money(line.netCents), vat: money(line.vatCents) } : {}),
        gross: money(line.grossCents),
      })),
      // What earlier credit notes credited, added back (positive): this note credits only the rest.
      ...addedBack.map((note, index) => {
        const vatCents = withVat ? note.vatCents : 0;
        return {
          position: String(amounts.lines.length + index + 1),
          description: t("creditNote.alreadyCredited", { number: note.number, date: formatDate(note.issuedAt, locale) }),
          quantity: "1",
          ...(withVat ? { net: formatMoney(note.grossCents - vatCents, locale), vat: formatMoney(vatCents, locale) } : {}),
          gross: formatMoney(note.grossCents, locale),
        };
      }),
    ],
    totals,
    notes,
    footer,
  };
}

/**
 * A partial refund's credit note ("Rechnungskorrektur" / "Credit note"): the invoice it corrects with its date, one
 * line "Price reduction: <reason>" with the amount negated, net and VAT at the order's rate (the VAT as stored with
 * the refund, `vatContained` of its gross as the invoice's lines), the totals, and the refund to the card.
 */
export function partialCreditNoteText(order: OrderRow, seller: Seller, note: PartialCreditNote): InvoiceText {
  if (!order.invoiceNumber) throw new Error(`order ${order.id} has no invoice to correct`);
  const base = invoiceText(order, seller, "invoice");
  const locale = base.locale;
  const t = translatorFor(locale, "documents");
  const money = (cents: number) => formatMoney(cents === 0 ? 0 : -cents, locale);
  const withVat = base.columns.vat !== undefined;
  const vatCents = withVat ? note.vatCents : 0;
  const netCents = note.grossCents - vatCents;
  const invoiceDate = formatDate(order.invoicedAt ?? order.createdAt, locale);
  const date = formatDate(note.issuedAt, locale);
  const card = { brand: cardBrandName(order.cardBrand), last4: order.cardLast4 };
  // The invoice's totals, worded as on the invoice (rate, destination), with this note's amounts.
  const totals: [string, string][] = base.totals.map(([label], index) => {
    const last = index === base.totals.length - 1;
    if (last) return [label, money(note.grossCents)];
    if (!withVat) return [label, money(index === 0 ? netCents : 0)];
    return [label, money(index === 0 ? netCents : vatCents)];
  });
  // The invoice's notes on tax: prices with VAT (and a distance sale's destination rate), or a VAT-free export.
  const rate = formatPercent(order.vatBasisPoints, locale);
  const taxNotes = withVat
    ? [
        t("invoice.notes.pricesIncludeVat"),
        ...(order.country !== seller.country ? [t("invoice.notes.distanceSale", { country: formatCountry(order.country, locale), rate })] : []),
      ]
    : [t("invoice.notes.pricesNet"), t("invoice.notes.export")];
  return {
    ...base,
    invoiceNumber: note.number,
    fileName: partialCreditNoteFileName(order, note.number),
    title: t("partialCreditNote.title"),
    customerHeading: t("creditNote.customer"),
    facts: [
      [t("partialCreditNote.number"), note.number],
      [t("partialCreditNote.date"), date],
      [t("partialCreditNote.corrects"), order.invoiceNumber],
      [t("invoice.date"), invoiceDate],
      [t("invoice.supplyDate"), invoiceDate],
      [t("invoice.orderNumber"), order.number],
    ],
    lines: [
      {
        position: "1",
        description: t("partialCreditNote.line", { reason: note.reason }),
        quantity: "1",
        ...(withVat ? { net: money(netCents), vat: money(vatCents) } : {}),
        gross: money(note.grossCents),
      },
    ],
    totals,
    notes: [
      t("partialCreditNote.reduces", { number: order.invoiceNumber, date: invoiceDate, amount: formatMoney(note.grossCents, locale) }),
      ...taxNotes,
      t("partialCreditNote.refunded", { ...card, date, amount: formatMoney(note.grossCents, locale) }),
    ],
  };
}

/** rechnungskorrektur-2026-000123.pdf, credit-note-2026-000123.pdf. */
export function partialCreditNoteFileName(order: Pick<OrderRow, "locale">, number: string): string {
  return translatorFor(localeOf(order), "documents")("partialCreditNote.fileName", { number });
}

// ---------------------------------------------------------------------------------------------------------------
// Layout: A4, one page (an order has at most five lines).
// ---------------------------------------------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = "#1a1a1a";
const MUTED = "#555555";

interface WriteOptions {
  width: number;
  weight?: InvoiceWeight;
  size?: number;
  align?: "left" | "right";
  color?: string;
}

/** Writes a text at (x, y) in its font runs; returns the y below it. */
function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: WriteOptions): number {
  const { width, weight = "regular", size = 9, align = "left", color = INK } = options;
  const runs = fontRuns(text, weight);
  doc.fontSize(size).fillColor(color);
  if (runs.length <= 1) {
    doc.font(runs[0]?.font ?? `${weight}-latin`).text(runs[0]?.text ?? "", x, y, { width, align });
    return doc.y;
  }
  // Mixed scripts (a buyer's Polish or Czech name): left-aligned runs, one font each, continued on one line.
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    doc.font(run.font);
    if (index === 0) doc.text(run.text, x, y, { width, continued });
    else doc.text(run.text, { continued });
  });
  return doc.y;
}

function heightOf(doc: PDFKit.PDFDocument, text: string, width: number, size = 9): number {
  return doc.font("regular-latin").fontSize(size).heightOfString(text, { width });
}

function layout(doc: PDFKit.PDFDocument, text: InvoiceText) {
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const full = right - left;

  // Head: the seller at the left, the title at the right.
  write(doc, text.seller[0] ?? "", left, PAGE.margin, { width: full / 2, weight: "bold", size: 16 });
  write(doc, text.title, left + full / 2, PAGE.margin, { width: full / 2, weight: "bold", size: 22, align: "right" });
  let y = PAGE.margin + 24;
  for (const line of text.seller.slice(1)) y = write(doc, line, left, y, { width: full / 2, color: MUTED });

  // The buyer's address (with the sender's line above it) and the invoice's facts beside it.
  const addressTop = 150;
  y = write(doc, text.senderLine, left, addressTop, { width: 260, size: 7, color: MUTED });
  y = write(doc, text.customerHeading, left, y + 6, { width: 260, size: 8, color: MUTED });
  for (const [index, line] of text.customer.entries()) y = write(doc, line, left, y + 1, { width: 260, size: 10, weight: index === 0 ? "bold" : "regular" });
  let factsY = addressTop;
  const factsX = left + full - 210;
  for (const [label, value] of text.facts) {
    write(doc, label, factsX, factsY, { width: 100, color: MUTED });
    factsY = write(doc, value, factsX + 100, factsY, { width: 110, weight: "bold", align: "right" }) + 3;
  }

  // The lines.
  const withVat = text.columns.vat !== undefined;
  const amountWidth = 70;
  const amountColumns = withVat ? 4 : 2; // quantity, (net, VAT,) gross
  const columns = {
    position: left,
    description: left + 28,
    quantity: right - amountColumns * amountWidth + 10,
    net: right - 3 * amountWidth,
    vat: right - 2 * amountWidth,
    gross: right - amountWidth,
  };
  const descriptionWidth = columns.quantity - columns.description - 12;
  y = Math.max(y, factsY) + 36;
  const header = (label: string, x: number, width: number, align: "left" | "right" = "right") =>
    write(doc, label, x, y, { width, weight: "bold", size: 8, align });
  header(text.columns.position, columns.position, 24, "left");
  header(text.columns.description, columns.description, descriptionWidth, "left");
  header(text.columns.quantity, columns.quantity, amountWidth - 10);
  if (withVat) {
    header(text.columns.net!, columns.net, amountWidth);
    header(text.columns.vat!, columns.vat, amountWidth);
  }
  header(text.columns.gross, columns.gross, amountWidth);
  y += 14;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(INK).stroke();
  y += 6;
  for (const line of text.lines) {
    const rowHeight = heightOf(doc, line.description, descriptionWidth);
    write(doc, line.position, columns.position, y, { width: 24 });
    write(doc, line.description, columns.description, y, { width: descriptionWidth });
    write(doc, line.quantity, columns.quantity, y, { width: amountWidth - 10, align: "right" });
    if (withVat) {
      write(doc, line.net ?? "", columns.net, y, { width: amountWidth, align: "right" });
      write(doc, line.vat ?? "", columns.vat, y, { width: amountWidth, align: "right" });
    }
    write(doc, line.gross, columns.gross, y, { width: amountWidth, align: "right" });
    y += rowHeight + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(INK).stroke();
  y += 8;

  // Totals, right-aligned; the last (the gross total) in bold.
  const totalsX = right - 300;
  for (const [index, [label, value]] of text.totals.entries()) {
    const last = index === text.totals.length - 1;
    const size = last ? 11 : 9;
    write(doc, label, totalsX, y, { width: 300 - amountWidth - 8, align: "right", weight: last ? "bold" : "regular", size });
    y = write(doc, value, right - amountWidth - 10, y, { width: amountWidth + 10, align: "right", weight: last ? "bold" : "regular", size }) + 3;
  }

  // Notes: the tax reason, the date of supply, the payment.
  y += 24;
  for (const note of text.notes) y = write(doc, note, left, y, { width: full }) + 4;

  // The foot: the seller's contact, VAT id and register.
  let footY = PAGE.height - PAGE.margin - 3 * 11;
  doc.moveTo(left, footY - 6).lineTo(right, footY - 6).lineWidth(0.5).strokeColor(MUTED).stroke();
  for (const line of text.footer) footY = write(doc, line, left, footY, { width: full, size: 7.5, color: MUTED }) + 1;
}

/**
 * The invoice as a PDF. `compress: false` leaves the content streams readable (tests); the document's metadata
 * (title, subject) names the invoice and order numbers, and its dates are the invoice's, so the same order always
 * gives the same document.
 */
export async function renderInvoicePdf(text: InvoiceText, issuedAt: Date, { compress = true }: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 24 },
    compress,
    lang: text.locale,
    displayTitle: true,
    info: {
      Title: `${text.title} ${text.invoiceNumber}`,
      Author: text.seller[0] ?? catalog.shopName,
      Subject: `${text.title} ${text.invoiceNumber} · ${text.orderNumber}`,
      Creator: catalog.shopName,
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  for (const [name, file] of Object.entries(invoiceFontFiles())) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  layout(doc, text);
  doc.end();
  return done;
}

/**
 * The order's invoice (or credit note) as a download: its text in the order's language, laid out as a PDF. A credit
 * note after partial refunds needs their notes (`credited`), whose amounts it adds back.
 */
export async function invoicePdfOfOrder(
  order: OrderRow,
  seller: Seller,
  options: { compress?: boolean; document?: InvoiceDocument; credited?: readonly PartialCreditNote[] } = {},
) {
  const { document = "invoice", credited = [], ...renderOptions } = options;
  const text = invoiceText(order, seller, document, credited);
  return { text, pdf: await renderInvoicePdf(text, documentOf(order, document)!.issuedAt, renderOptions) };
}

/** A partial refund's credit note as a PDF. */
export async function partialCreditNotePdf(order: OrderRow, seller: Seller, note: PartialCreditNote, options: { compress?: boolean } = {}) {
  const text = partialCreditNoteText(order, seller, note);
  return { text, pdf: await renderInvoicePdf(text, note.issuedAt, options) };
}
