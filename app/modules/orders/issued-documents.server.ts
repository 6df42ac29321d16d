import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { issuedDocuments, orderRefunds, type OrderRow } from "#app/db/schema.ts";
import { operatorConfig, sellerSchema, type Seller } from "#app/modules/legal/operator.server.ts";
import type { Tx } from "./checkout-attempts.server.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import {
  documentOf,
  invoiceFileName,
  invoicePdfOfOrder,
  partialCreditNoteFileName,
  partialCreditNotePdf,
  type InvoiceDocument,
  type PartialCreditNote,
} from "./invoice-pdf.server.ts";

/**
 * Invoices and credit notes as issued (D234). A document's row is written with its number, in the transaction
 * that takes it, and holds the seller as the operator's file names them at that moment. Its PDF is laid out the
 * first time someone downloads it, from that seller, and kept: every later download is the same bytes.
 */
export async function recordIssuedDocument(tx: Tx, document: { number: string; orderId: string; kind: InvoiceDocument }): Promise<void> {
  await tx.insert(issuedDocuments).values({ ...document, seller: operatorConfig().seller });
}

/**
 * The order's invoice or credit note as a PDF, or null if the order has no such document. Documents issued before
 * this table existed get their row on their first download, with the seller of that day: the nearest record there
 * is. Two servers laying out the same document at once keep whichever was stored first, and both answer it.
 */
export async function issuedDocumentPdf(db: Db, order: OrderRow, kind: InvoiceDocument): Promise<Buffer | null> {
  const issued = documentOf(order, kind);
  if (!issued) return null;
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.number, issued.number));
  if (row?.pdf) return Buffer.from(row.pdf);
  const seller: Seller = row ? sellerSchema.parse(row.seller) : operatorConfig().seller;
  // The credit note that cancels the invoice adds back what the partial refunds' notes credited before it.
  const credited = kind === "creditNote" ? await partialCreditNotesOf(db, order.id) : [];
  const { pdf } = await invoicePdfOfOrder(order, seller, { document: kind, credited });
  return keep(db, { number: issued.number, orderId: order.id, kind, seller, pdf });
}

/** Stores a document's first PDF unless one is stored already, and answers the one kept. */
async function keep(db: Db, document: { number: string; orderId: string; kind: InvoiceDocument; seller: Seller; pdf: Buffer }): Promise<Buffer> {
  const [kept] = await db
    .insert(issuedDocuments)
    .values(document)
    .onConflictDoUpdate({ target: issuedDocuments.number, set: { pdf: sql`coalesce(${issuedDocuments.pdf}, excluded.pdf)` } })
    .returning({ pdf: issuedDocuments.pdf });
  return Buffer.from(kept!.pdf!);
}

/** The order's partial refunds as their credit notes state them, oldest first. */
async function partialCreditNotesOf(db: Db, orderId: string): Promise<PartialCreditNote[]> {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.creditNoteNumber));
  return rows.map((row) => ({ number: row.creditNoteNumber, issuedAt: row.createdAt, grossCents: row.grossCents, vatCents: row.vatCents, reason: row.reason }));
}

/**
 * A partial refund's credit note (by its number, of this order) as a PDF, or null if the order has no such note. Its
 * row in issued_documents was written with the refund; the PDF is laid out at the first download and kept.
 */
export async function issuedPartialCreditNotePdf(db: Db, order: OrderRow, number: string): Promise<Buffer | null> {
  if (!/^\d{4}-\d{6,}$/.test(number)) return null;
  const [refund] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.creditNoteNumber, number)));
  if (!refund) return null;
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.number, number));
  if (row?.pdf) return Buffer.from(row.pdf);
  const seller: Seller = row ? sellerSchema.parse(row.seller) : operatorConfig().seller;
  const note = { number, issuedAt: refund.createdAt, grossCents: refund.grossCents, vatCents: refund.vatCents, reason: refund.reason };
  const { pdf } = await partialCreditNotePdf(order, seller, note);
  return keep(db, { number, orderId: order.id, kind: "creditNote", seller, pdf });
}

/**
 * The answer to an invoice or credit-note request whose access was checked (the buyer's route, the back office's):
 * the document as issued, as a download named after it in the order's language, never
 * cached. An order without that document (a credit note before any refund; an invoice never, since migration 0013
 * numbered the old ones) is the 404 page.
 */
export async function invoiceResponse(request: Request, db: Db, order: OrderRow, document: InvoiceDocument = "invoice"): Promise<Response> {
  const pdf = (await issuedDocumentPdf(db, order, document)) ?? pageNotFound(request);
  return pdfDownload(pdf, invoiceFileName(order, document));
}

function pdfDownload(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf.buffer as ArrayBuffer, pdf.byteOffset, pdf.byteLength), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(pdf.byteLength),
      // A buyer's name, address and purchase: no browser cache or proxy keeps it.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * The answer to a partial refund's credit note request whose access was checked (the buyer's route, the back
 * office's): as `invoiceResponse`, named "rechnungskorrektur-…" / "credit-note-…"; a number that is not one of this
 * order's partial credit notes is the 404 page.
 */
export async function partialCreditNoteResponse(request: Request, db: Db, order: OrderRow, number: string): Promise<Response> {
  const pdf = (await issuedPartialCreditNotePdf(db, order, number)) ?? pageNotFound(request);
  return pdfDownload(pdf, partialCreditNoteFileName(order, number));
}
