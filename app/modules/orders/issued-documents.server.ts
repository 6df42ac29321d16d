import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { issuedDocuments, type OrderRow } from "#app/db/schema.ts";
import { operatorConfig, sellerSchema, type Seller } from "#app/modules/legal/operator.server.ts";
import type { Tx } from "./checkout-attempts.server.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import { documentOf, invoiceFileName, invoicePdfOfOrder, type InvoiceDocument } from "./invoice-pdf.server.ts";

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
  const { pdf } = await invoicePdfOfOrder(order, seller, { document: kind });
  const [kept] = await db
    .insert(issuedDocuments)
    .values({ number: issued.number, orderId: order.id, kind, seller, pdf })
    .onConflictDoUpdate({ target: issuedDocuments.number, set: { pdf: sql`coalesce(${issuedDocuments.pdf}, excluded.pdf)` } })
    .returning({ pdf: issuedDocuments.pdf });
  return Buffer.from(kept!.pdf!);
}

/**
 * The answer to an invoice or credit-note request whose access was checked (the buyer's route, the back office's):
 * the document as issued, as a download named after it in the order's language, never
 * cached. An order without that document (a credit note before any refund; an invoice never, since migration 0013
 * numbered the old ones) is the 404 page.
 */
export async function invoiceResponse(request: Request, db: Db, order: OrderRow, document: InvoiceDocument = "invoice"): Promise<Response> {
  const pdf = (await issuedDocumentPdf(db, order, document)) ?? pageNotFound(request);
  return new Response(new Uint8Array(pdf.buffer as ArrayBuffer, pdf.byteOffset, pdf.byteLength), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(order, document)}"`,
      "Content-Length": String(pdf.byteLength),
      // A buyer's name, address and purchase: no browser cache or proxy keeps it.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
