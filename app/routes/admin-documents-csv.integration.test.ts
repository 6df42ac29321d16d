import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { orderRefunds, orders, type OrderRow } from "#app/db/schema.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import { refundPart } from "#app/modules/orders/partial-refunds.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, contextForVisitor, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { signInOperator } from "#tests/support/signed-in-operator.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as adminDocumentsCsv from "./admin-documents-csv.ts";
import * as adminOrders from "./admin-orders.tsx";

/** The accountant's journal (/admin/documents.csv): one row per invoice and credit note, each in its own month. */

let database: Database;
let cookie: string;
const OPERATOR = { id: "operator-1", name: "ops@example.com" };
const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`);

beforeAll(async () => {
  database = await openTestDatabase();
  ({ cookie } = await signInOperator(database));
});
afterAll(async () => {
  await database.close();
});

async function place(overrides: Partial<OrderSubmission> = {}): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: orderSubmission(overrides), userId: null, siteUrl: TEST_ORIGIN });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

async function journal(query: string, withCookie: string | null = cookie) {
  const context = await contextForVisitor(database, withCookie);
  // The 404 page is thrown, as React Router's loaders do.
  const response = await (adminDocumentsCsv.loader as (args: unknown) => Promise<Response>)({
    request: get(`/admin/documents.csv${query}`),
    params: {},
    context,
    unstable_pattern: "",
  }).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  const text = response.status === 200 ? await response.text() : "";
  // Simple names and numbers only in these rows: no quoted fields to parse.
  const rows = text.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  return { response, header: rows[0], rows: rows.slice(1) };
}

describe(`the documents' journal on ${databaseKind}`, () => {
  const ours = {} as Record<"german" | "austrian", OrderRow>;
  const numbers = {} as Record<"invoice" | "partial" | "creditNote" | "austrianInvoice", string>;

  beforeAll(async () => {
    // An order of March 2024 with a price reduction on 20 March and its cancel on 2 April.
    const german = await place({ name: "Journal Erika" });
    const provider = createTestPaymentProvider();
    const partial = await refundPart(database.db, provider, {
      orderId: german.id, amountCents: 1250, reason: "Misprint", expectedRefundedCents: 0, actor: OPERATOR, siteUrl: TEST_ORIGIN, requestId: randomUUID(),
    });
    if (!partial.ok) throw new Error(JSON.stringify(partial));
    const cancelled = await transitionOrder(database.db, provider, { orderId: german.id, expected: "paid", to: "cancelled", actor: OPERATOR, siteUrl: TEST_ORIGIN });
    if (!cancelled.ok) throw new Error(JSON.stringify(cancelled));
    const march = new Date("2024-03-10T10:00:00Z");
    await database.db.update(orders).set({ createdAt: march, invoicedAt: march, creditNotedAt: new Date("2024-04-02T10:00:00Z") }).where(eq(orders.id, german.id));
    await database.db.update(orderRefunds).set({ createdAt: new Date("2024-03-20T10:00:00Z") }).where(eq(orderRefunds.orderId, german.id));
    // Austrian VAT (20 %), invoiced at 00:30 on 1 April in Berlin (summer time: 22:30 UTC on 31 March): April's.
    const austrian = await place({ name: "Journal Anna", country: "AT", postalcode: "1010", city: "Wien" });
    const april = new Date("2024-03-31T22:30:00Z");
    await database.db.update(orders).set({ createdAt: april, invoicedAt: april }).where(eq(orders.id, austrian.id));
    Object.assign(ours, { german: cancelled.order, austrian });
    Object.assign(numbers, {
      invoice: german.invoiceNumber!,
      partial: partial.refund.creditNoteNumber,
      creditNote: cancelled.order.creditNoteNumber!,
      austrianInvoice: austrian.invoiceNumber!,
    });
  });

  it("a month lists each document dated in it, oldest first, with its own net, VAT and gross", async () => {
    const march = await journal("?from=2024-03-01&to=2024-03-31");
    expect(march.response.status).toBe(200);
    expect(march.response.headers.get("Content-Disposition")).toBe('attachment; filename="documents-2024-03-01-to-2024-03-31.csv"');
    expect(march.header).toEqual(["Document", "Kind", "Date", "Invoice", "Order", "Name", "Country", "Tax", "VAT rate (%)", "Net (EUR)", "VAT (EUR)", "Gross (EUR)"]);
    const total = ours.german.totalCents / 100;
    expect(march.rows).toEqual([
      [numbers.invoice, "invoice", "2024-03-10", numbers.invoice, ours.german.number, "Journal Erika", "DE", "VAT", "19", expect.any(String), expect.any(String), String(total)],
      [numbers.partial, "credit note (price reduction)", "2024-03-20", numbers.invoice, ours.german.number, "Journal Erika", "DE", "VAT", "19", "-10.5", "-2", "-12.5"],
    ]);
    const april = await journal("?from=2024-04-01&to=2024-04-30");
    expect(april.rows.map((row) => [row[0], row[1], row[2], row[8]])).toEqual([
      [numbers.austrianInvoice, "invoice", "2024-04-01", "20"],
      [numbers.creditNote, "credit note (cancels the invoice)", "2024-04-02", "19"],
    ]);
  });

  it("an order's documents add up to zero once it is cancelled, in net, VAT and gross, across the months they fall in", async () => {
    const all = await journal("?from=2024-03-01&to=2024-04-30");
    const german = all.rows.filter((row) => row[4] === ours.german.number);
    expect(german.map((row) => row[0])).toEqual([numbers.invoice, numbers.partial, numbers.creditNote]);
    for (const column of [9, 10, 11]) {
      expect(Math.round(german.reduce((sum, row) => sum + Number(row[column]) * 100, 0))).toBe(0);
    }
  });

  it("the list's export form sends a range to the journal (303); a bad range comes back to that form; others get the 404 page", async () => {
    const sent = await callRoute(adminOrders.loader, get("/admin?export=documents&status=paid&q=x&from=2024-03-01&to=2024-03-31"), { database, cookie });
    expect(sent.status).toBe(303);
    // The journal is every document of the range: the list's tab and search are not its filters.
    expect(sent.location).toBe("/admin/documents.csv?from=2024-03-01&to=2024-03-31");
    const bad = await journal("?from=2024-02-30&to=x");
    expect(bad.response.status).toBe(303);
    expect(bad.response.headers.get("Location")).toBe("/admin?from=2024-02-30&to=x&export=documents");
    const refused = await callRoute(adminOrders.loader, get("/admin?export=documents&from=2024-03-31&to=2024-03-01"), { database, cookie });
    expect(refused.status).toBe(400);
    expect((await journal("?from=2024-03-01", null)).response.status).toBe(404);
  });
});
