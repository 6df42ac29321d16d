import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { orderRefunds, orders, type OrderRow } from "#app/db/schema.ts";
import type { WithdrawalMark } from "#app/modules/admin/withdrawal-mark.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, contextForVisitor, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { signInOperator } from "#tests/support/signed-in-operator.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { walkOrder } from "#tests/support/walk-order.ts";
import * as adminOrders from "./admin-orders.tsx";
import * as adminOrdersCsv from "./admin-orders-csv.ts";

/**
 * The back office's orders list and its CSV export, beyond admin.integration.test.ts: the in-time or late mark of a
 * declared withdrawal (the same rule as the order's page and the "refund due" tab), the export by a range of days on
 * the seller's calendar (the invoice's or the credit note's date), its form's refusals, and the name search's index.
 */

let database: Database;
let cookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ cookie } = await signInOperator(database));
});
afterAll(async () => {
  await database.close();
});

const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`);
const DAY = 86_400_000;

async function place(overrides: Partial<OrderSubmission> = {}): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: orderSubmission(overrides), userId: null, siteUrl: TEST_ORIGIN });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

const walk = (order: OrderRow, ...steps: OrderStatus[]) => walkOrder(database, order, ...steps);

interface ListBody {
  orders: { id: string; number: string; status: OrderStatus; withdrawal: WithdrawalMark | null }[];
  counts: Record<string, number>;
  exportForm: { values: { from: string; to: string }; errors: Record<string, string> };
}

async function list(query = "") {
  const outcome = await callRoute(adminOrders.loader, get(`/admin${query}`), { database, cookie });
  return { ...outcome, body: outcome.body as unknown as ListBody };
}

describe(`the orders list's withdrawal marks on ${databaseKind}`, () => {
  const placed = {} as Record<"inTime" | "late" | "lastDay" | "undelivered" | "ownDesign" | "refunded" | "none", OrderRow>;

  beforeAll(async () => {
    for (const key of ["inTime", "late", "lastDay", "undelivered", "ownDesign", "refunded", "none"] as const) {
      placed[key] = await place({ name: `Buyer ${key}`, contact: `${key.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com` });
    }
    for (const key of ["inTime", "late", "lastDay", "ownDesign", "none"] as const) await walk(placed[key], "in_production", "shipped", "delivered");
    await walk(placed.undelivered, "in_production", "shipped");
    await walk(placed.refunded, "in_production", "shipped", "delivered", "returned");
    // Declared a day, 20 days and 14 days after the delivery (the history's delivery is now); the undelivered one
    // 30 days from now (its period has not started, so never late).
    const declaredAt = (key: keyof typeof placed, at: Date) => database.db.update(orders).set({ withdrawalDeclaredAt: at }).where(eq(orders.id, placed[key].id));
    const now = Date.now();
    await declaredAt("inTime", new Date(now + DAY));
    await declaredAt("late", new Date(now + 20 * DAY));
    await declaredAt("lastDay", new Date(now + 14 * DAY));
    await declaredAt("undelivered", new Date(now + 30 * DAY));
    await declaredAt("ownDesign", new Date(now + DAY));
    await declaredAt("refunded", new Date(now + DAY));
    await database.db.update(orders).set({ ownDesign: true }).where(eq(orders.id, placed.ownDesign.id));
  });

  it("marks each withdrawal in time, late (with the days since delivery) or own design; none for a refunded order or none declared", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const markOf = (key: keyof typeof placed) => body.orders.find((order) => order.id === placed[key].id)!.withdrawal;
    expect(markOf("inTime")).toEqual({ kind: "inTime" });
    expect(markOf("late")).toEqual({ kind: "late", daysAfterDelivery: 20 });
    expect(markOf("undelivered")).toEqual({ kind: "inTime" });
    expect(markOf("ownDesign")).toEqual({ kind: "ownDesign" });
    expect(markOf("refunded")).toBeNull();
    expect(markOf("none")).toBeNull();
    // 14 days after a delivery is the period's last day in Berlin, unless now is so close to midnight there that the
    // declaration's moment falls on the next day: the list must say what the order's page and the tab say.
    expect([{ kind: "inTime" }, { kind: "late", daysAfterDelivery: 15 }]).toContainEqual(markOf("lastDay"));
  });

  it("the refund-due tab (its SQL rule) lists exactly the orders the list marks in time, and counts them", async () => {
    const all = await list();
    const inTime = all.body.orders.filter((order) => order.withdrawal?.kind === "inTime").map((order) => order.id);
    const due = await list("?status=withdrawn");
    expect(due.body.orders.map((order) => order.id)).toEqual(inTime);
    expect(due.body.counts.withdrawn).toBe(inTime.length);
    expect(due.body.orders.every((order) => order.withdrawal?.kind === "inTime")).toBe(true);
  });

  it("the search and the status tabs carry the marks too", async () => {
    const { body } = await list(`?q=${placed.late.number}`);
    expect(body.orders.map((order) => [order.id, order.withdrawal])).toEqual([[placed.late.id, { kind: "late", daysAfterDelivery: 20 }]]);
    const shipped = await list("?status=shipped");
    expect(shipped.body.orders.map((order) => [order.id, order.withdrawal])).toEqual([[placed.undelivered.id, { kind: "inTime" }]]);
  });
});

/** RFC 4180 rows of the export (quoted fields, CRLF), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += char;
  }
  return rows;
}

async function csv(query: string) {
  const context = await contextForVisitor(database, cookie);
  const response = (await (adminOrdersCsv.loader as (args: unknown) => Promise<Response>)({ request: get(`/admin/orders.csv${query}`), params: {}, context, unstable_pattern: "" })) as Response;
  const text = response.status === 200 ? await response.text() : "";
  return { response, rows: parseCsv(text.replace(/^\uFEFF/, "")) };
}

describe(`the CSV export by a range of days on ${databaseKind}`, () => {
  /**
   * Orders with their documents' moments set (UTC; Berlin is UTC+1 in winter, UTC+2 in summer), in 2025, a year before the orders placed now, as the accountant's
   * months see them on the seller's calendar.
   */
  const documents = {
    // 1 Nov, 00:30 in Berlin (still 31 Oct in UTC): November's.
    novFirst: { invoicedAt: "2025-10-31T23:30:00Z" },
    // 31 Oct, 23:59 in Berlin: October's, although 1 Nov is only a minute away.
    octLast: { invoicedAt: "2025-10-31T22:59:00Z" },
    // 30 Nov, 23:59 in Berlin: November's (the range's end day is included).
    novLast: { invoicedAt: "2025-11-30T22:59:00Z" },
    // 1 Dec, 00:00 in Berlin: December's.
    decFirst: { invoicedAt: "2025-11-30T23:00:00Z" },
    // Invoiced in October, credit note on 10 Nov: November's correction, so in November's export.
    octInvoiceNovCredit: { invoicedAt: "2025-10-15T10:00:00Z", creditNotedAt: "2025-11-10T10:00:00Z" },
    // Invoiced in November, credit note in December: in both months' exports.
    novInvoiceDecCredit: { invoicedAt: "2025-11-05T10:00:00Z", creditNotedAt: "2025-12-02T10:00:00Z" },
    // Summer time: 1 Jul, 00:30 in Berlin (UTC+2) is 30 Jun, 22:30 UTC.
    julFirst: { invoicedAt: "2025-06-30T22:30:00Z" },
    // Invoiced in September, part of the amount given back on 20 Nov (a price reduction's own credit note).
    sepInvoiceNovPartial: { invoicedAt: "2025-09-10T10:00:00Z", partialAt: "2025-11-20T10:00:00Z" },
  } as const;
  type Key = keyof typeof documents;
  const numbers = {} as Record<Key, string>;

  beforeAll(async () => {
    let credit = 900_000;
    for (const [key, moments] of Object.entries(documents) as [Key, { invoicedAt: string; creditNotedAt?: string; partialAt?: string }][]) {
      const order = await place({ name: `Range ${key}`, contact: `range-${randomUUID().slice(0, 6)}@example.com` });
      numbers[key] = order.number;
      const invoicedAt = new Date(moments.invoicedAt);
      await database.db
        .update(orders)
        .set({
          // The invoice is dated as the order is (both now() when it is placed).
          createdAt: invoicedAt,
          invoicedAt,
          ...(moments.creditNotedAt
            ? { status: "cancelled" as const, creditNoteNumber: `2025-${String(credit++).padStart(6, "0")}`, creditNotedAt: new Date(moments.creditNotedAt) }
            : {}),
        })
        .where(eq(orders.id, order.id));
      if (moments.partialAt) {
        // As a price reduction leaves it (partial-refunds.server.ts): its row, numbered in the series, and the sum on the order.
        await database.db.insert(orderRefunds).values({
          creditNoteNumber: `2025-${String(credit++).padStart(6, "0")}`,
          orderId: order.id,
          grossCents: 1250,
          vatCents: 200,
          reason: "Misprint",
          refundReference: "test_re_partial",
          actor: "setup@example.com",
          requestId: randomUUID(),
          createdAt: new Date(moments.partialAt),
        });
        await database.db.update(orders).set({ partlyRefundedCents: 1250 }).where(eq(orders.id, order.id));
      }
    }
  });

  /** The export's order numbers, newest order first. */
  const exported = async (query: string) => {
    const { response, rows } = await csv(query);
    expect(response.status).toBe(200);
    return rows.slice(1).map((row) => row[0]);
  };

  it("a month holds the orders whose invoice or credit note is dated in it on the seller's calendar, newest first", async () => {
    expect(await exported("?from=2025-11-01&to=2025-11-30")).toEqual(
      (["novLast", "novInvoiceDecCredit", "novFirst", "octInvoiceNovCredit", "sepInvoiceNovPartial"] as const).map((key) => numbers[key]),
    );
    expect(await exported("?from=2025-09-01&to=2025-09-30")).toEqual([numbers.sepInvoiceNovPartial]);
    expect(await exported("?from=2025-10-01&to=2025-10-31")).toEqual((["octLast", "octInvoiceNovCredit"] as const).map((key) => numbers[key]));
    expect(await exported("?from=2025-12-01&to=2025-12-31")).toEqual((["decFirst", "novInvoiceDecCredit"] as const).map((key) => numbers[key]));
    expect(await exported("?from=2025-07-01&to=2025-07-31")).toEqual([numbers.julFirst]);
    expect(await exported("?from=2025-06-01&to=2025-06-30")).toEqual([]);
  });

  it("one end alone is a range open on the other side; one day is a range", async () => {
    expect(await exported("?from=2025-12-01")).toEqual(expect.arrayContaining([numbers.decFirst, numbers.novInvoiceDecCredit]));
    expect(await exported("?from=2025-12-01")).not.toContain(numbers.novLast);
    expect(await exported("?to=2025-10-31")).toEqual((["octLast", "octInvoiceNovCredit", "sepInvoiceNovPartial", "julFirst"] as const).map((key) => numbers[key]));
    expect(await exported("?from=2025-11-30&to=2025-11-30")).toEqual([numbers.novLast]);
  });

  it("keeps the list's tab and search: November's cancelled orders, November's orders of one buyer", async () => {
    expect(await exported("?status=cancelled&from=2025-11-01&to=2025-11-30")).toEqual(
      (["novInvoiceDecCredit", "octInvoiceNovCredit"] as const).map((key) => numbers[key]),
    );
    expect(await exported(`?q=${encodeURIComponent("range novfirst")}&from=2025-11-01&to=2025-11-30`)).toEqual([numbers.novFirst]);
    expect(await exported(`?q=${encodeURIComponent("range novfirst")}&from=2025-12-01&to=2025-12-31`)).toEqual([]);
  });

  it("each row gives both documents' days, so the accountant books each in its own month", async () => {
    const { rows } = await csv("?from=2025-11-01&to=2025-11-30");
    const header = rows[0]!;
    const row = rows.find((cells) => cells[0] === numbers.octInvoiceNovCredit)!;
    expect([row[header.indexOf("Invoice date")], row[header.indexOf("Credit note date")]]).toEqual(["2025-10-15", "2025-11-10"]);
    const first = rows.find((cells) => cells[0] === numbers.novFirst)!;
    expect(first[header.indexOf("Invoice date")]).toBe("2025-11-01");
    // A price reduction's credit note: its number, day and amount, and the amount in "Refunded".
    const partial = rows.find((cells) => cells[0] === numbers.sepInvoiceNovPartial)!;
    expect(partial[header.indexOf("Partial credit notes")]).toMatch(/^2025-\d{6} 2025-11-20 12\.50$/);
    expect([partial[header.indexOf("Invoice date")], partial[header.indexOf("Refunded (EUR)")], partial[header.indexOf("Credit note")]]).toEqual(["2025-09-10", "12.5", ""]);
    // Cancelled: the whole charge went back.
    const cancelled = rows.find((cells) => cells[0] === numbers.octInvoiceNovCredit)!;
    expect(cancelled[header.indexOf("Refunded (EUR)")]).toBe(cancelled[header.indexOf("Total (EUR)")]);
  });

  it("names the range in the file name", async () => {
    const name = async (query: string) => (await csv(query)).response.headers.get("Content-Disposition");
    expect(await name("?from=2025-11-01&to=2025-11-30")).toBe('attachment; filename="orders-2025-11-01-to-2025-11-30.csv"');
    expect(await name("?from=2025-11-01")).toBe('attachment; filename="orders-from-2025-11-01.csv"');
    expect(await name("?to=2025-11-30")).toBe('attachment; filename="orders-to-2025-11-30.csv"');
    expect(await name("")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it("the list's export form sends a good range on to the CSV with the tab and the search (303)", async () => {
    const outcome = await callRoute(adminOrders.loader, get("/admin?export=csv&status=cancelled&q=range&from=2025-11-01&to=2025-11-30"), { database, cookie });
    expect(outcome).toMatchObject({ status: 303, location: "/admin/orders.csv?status=cancelled&q=range&from=2025-11-01&to=2025-11-30" });
    const open = await callRoute(adminOrders.loader, get("/admin?export=csv&from=&to="), { database, cookie });
    expect(open).toMatchObject({ status: 303, location: "/admin/orders.csv" });
  });

  it("a bad range is the list with the form's values and a message per wrong field (400), never a 500", async () => {
    const malformed = await list("?export=csv&from=2025-02-30&to=30.11.2026");
    expect(malformed.status).toBe(400);
    expect(malformed.body.exportForm).toEqual({ values: { from: "2025-02-30", to: "30.11.2026" }, errors: { from: "malformed", to: "malformed" } });
    expect(malformed.body.orders.length).toBeGreaterThan(0);
    const reversed = await list("?export=csv&from=2025-11-30&to=2025-11-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.exportForm.errors).toEqual({ to: "toBeforeFrom" });
    // The list without the form's marker takes no notice of days in its address.
    expect((await list("?from=nonsense")).status).toBe(200);
  });

  it("the CSV's own address with a bad range sends the browser to that form, with the tab and the search", async () => {
    const { response } = await csv("?status=paid&q=x&from=2025-11-30&to=2025-11-01");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin?status=paid&q=x&from=2025-11-30&to=2025-11-01&export=csv");
  });

  it("answers any from and to with a file, a redirect or the form's 400, never an error (property-based)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10))), fc.string(), async (from, to) => {
        const search = `?${new URLSearchParams({ from, to })}`;
        const file = await csv(search);
        expect([200, 303]).toContain(file.response.status);
        if (file.response.status === 303) {
          const form = await list(file.response.headers.get("Location")!.replace(/^\/admin/, ""));
          expect(form.status).toBe(400);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe(`the name search's index on ${databaseKind}`, () => {
  it("has no pending list (GIN fastupdate off): a search reads the index, never a list of recent entries end to end", async () => {
    const { rows } = await database.db.execute<{ options: string | null }>(
      sql`select array_to_string(reloptions, ',') as options from pg_class where relname = 'orders_name_words_idx'`,
    );
    expect(rows).toEqual([{ options: "fastupdate=false" }]);
  });
});
