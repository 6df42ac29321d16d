import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { issuedDocuments, orders, type OrderRow } from "#app/db/schema.ts";
import { forgetOperatorConfig, operatorConfigPath } from "#app/modules/legal/operator.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { issuedDocumentPdf } from "./issued-documents.server.ts";
import { transitionOrder } from "./order-lifecycle.server.ts";
import { placeOrder } from "./place-order.server.ts";

const siteUrl = "http://shop.test";
let database: Database;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
  folder = mkdtempSync(path.join(tmpdir(), "operator-"));
});
afterAll(async () => {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.SHOP_OPERATOR_FILE;
  forgetOperatorConfig();
});

/** The operator moves: a new address and VAT id in their file, read from now on. */
function sellerMoves() {
  const config = JSON.parse(readFileSync(operatorConfigPath(), "utf8"));
  config.seller = { ...config.seller, street: "Neue Allee 99", postalCode: "20095", city: "Hamburg", vatId: "DE999999999" };
  const file = path.join(folder, "operator.json");
  writeFileSync(file, JSON.stringify(config));
  process.env.SHOP_OPERATOR_FILE = file;
  forgetOperatorConfig();
}

async function place(): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: orderSubmission(), userId: null, siteUrl });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

async function textOf(pdf: Buffer | null): Promise<string> {
  if (!pdf) throw new Error("no document");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const OPERATOR = { id: "operator-1", name: "ops@example.com" };

describe(`documents as issued on ${databaseKind}`, () => {
  it("an invoice keeps the seller of the day it was issued, and every download is the same file", async () => {
    const order = await place();
    const [row] = await database.db.select().from(issuedDocuments).where(eq(issuedDocuments.number, order.invoiceNumber!));
    expect(row).toMatchObject({ orderId: order.id, kind: "invoice", pdf: null, seller: { city: "Berlin", vatId: "DE123456789" } });

    sellerMoves();
    const first = await issuedDocumentPdf(database.db, order, "invoice");
    const read = await textOf(first);
    expect(read).toContain("Musterstraße 12");
    expect(read).toContain("DE123456789");
    expect(read).not.toContain("Hamburg");
    expect((await issuedDocumentPdf(database.db, order, "invoice"))!.equals(first!)).toBe(true);
  });

  it("a credit note issued after the move names the seller as they are then; the invoice it cancels does not change", async () => {
    const order = await place();
    const invoice = await issuedDocumentPdf(database.db, order, "invoice");
    sellerMoves();
    const result = await transitionOrder(database.db, createTestPaymentProvider(), { orderId: order.id, expected: "paid", to: "cancelled", actor: OPERATOR, siteUrl });
    if (!result.ok) throw new Error(`not cancelled: ${JSON.stringify(result)}`);
    const creditNote = await textOf(await issuedDocumentPdf(database.db, result.order, "creditNote"));
    expect(creditNote).toContain("Neue Allee 99");
    expect(creditNote).toContain("DE999999999");
    expect((await issuedDocumentPdf(database.db, result.order, "invoice"))!.equals(invoice!)).toBe(true);
  });

  it("an order without the document has none; one issued before the table existed is kept from its first download", async () => {
    const order = await place();
    expect(await issuedDocumentPdf(database.db, order, "creditNote")).toBeNull();

    await database.db.delete(issuedDocuments).where(eq(issuedDocuments.orderId, order.id));
    const [first, second] = await Promise.all([issuedDocumentPdf(database.db, order, "invoice"), issuedDocumentPdf(database.db, order, "invoice")]);
    expect(first!.equals(second!)).toBe(true);
    const rows = await database.db.select().from(issuedDocuments).where(eq(issuedDocuments.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.pdf!).equals(first!)).toBe(true);
    sellerMoves();
    expect((await issuedDocumentPdf(database.db, order, "invoice"))!.equals(first!)).toBe(true);
  });

  it("the order row is not what a download reads once the file is kept", async () => {
    const order = await place();
    const kept = await issuedDocumentPdf(database.db, order, "invoice");
    const [renamed] = await database.db.update(orders).set({ locale: "de" }).where(eq(orders.id, order.id)).returning();
    expect((await issuedDocumentPdf(database.db, renamed!, "invoice"))!.equals(kept!)).toBe(true);
  });
});
