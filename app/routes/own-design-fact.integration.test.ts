import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, orders, type OrderRow } from "#app/db/schema.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { deleteAccount } from "#app/modules/accounts/data-rights.server.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import type { Design } from "#app/modules/design/design.ts";
import { FONT_IDS } from "#app/modules/design/fonts.ts";
import { operatorConfig } from "#app/modules/legal/operator.server.ts";
import { invoicePdfOfOrder, invoiceText } from "#app/modules/orders/invoice-pdf.server.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { projectPath } from "#app/project-root.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { signInOperator } from "#tests/support/signed-in-operator.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { walkOrder } from "#tests/support/walk-order.ts";
import * as adminOrder from "./admin-order.tsx";
import * as adminOrders from "./admin-orders.tsx";

/**
 * Whether a deck was made to the buyer's own design is a fact of the sale, stored with the order (drizzle/0019):
 * deleting the account removes the design's layers (D162), and the issued invoice, the credit note, the right of
 * withdrawal and the back office must not change with them.
 */

let database: Database;
let operatorCookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  operatorCookie = (await signInOperator(database)).cookie;
});
afterAll(async () => {
  await database.close();
});

const seller = () => operatorConfig().seller;
const GRAPHIC: Design = {
  background: "#0d3b66",
  layers: [{ id: "t1", kind: "text", text: "Grace", x: 0, y: 0, rotation: 0, font: FONT_IDS[0], fontSize: 40, color: "#ffffff", align: "center" }],
};

async function place(overrides: Partial<OrderSubmission> = {}, userId: string | null = null): Promise<OrderRow> {
  const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: orderSubmission(overrides), userId, siteUrl: TEST_ORIGIN, locale: "de" });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

const walk = (order: OrderRow, ...steps: OrderStatus[]) => walkOrder(database, order, ...steps);

const rowOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const pdfText = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, " ");
const adminPath = (order: OrderRow) => `/admin/orders/${order.id}`;

/** An account's buyer who ordered a deck with their own graphic, had it delivered, and deleted the account. */
async function ownDesignOrderOfDeletedAccount() {
  const account = await createAccount(database.db, `buyer-${randomUUID().slice(0, 8)}@example.com`, "buyer password");
  if (!account.ok) throw new Error("account not created");
  const placed = await place({ design: GRAPHIC, name: "Jürgen Weiß", address: "Große Straße 5", contact: account.account.email }, account.account.id);
  await walk(placed, "in_production", "shipped", "delivered");
  const before = await rowOf(placed.id);
  const deleted = await deleteAccount(database.db, account.account.id);
  expect(deleted).toEqual({ ok: true, anonymisedOrders: 1 });
  return { before, after: await rowOf(placed.id) };
}

describe(`an own-design order after its buyer deleted the account, on ${databaseKind}`, () => {
  it("is stored as made to the buyer's design when placed; a plain deck is not", async () => {
    expect((await place({ design: GRAPHIC })).ownDesign).toBe(true);
    expect((await place()).ownDesign).toBe(false);
  });

  it("keeps its invoice word for word: the deck made to the buyer's design, the same name and address", async () => {
    const { before, after } = await ownDesignOrderOfDeletedAccount();
    // What deleting the account did to the row: layers, e-mail address and account gone, the fact kept.
    expect(after).toMatchObject({ userId: null, contact: "", design: { background: GRAPHIC.background, layers: [] }, ownDesign: true });
    const invoice = invoiceText(before, seller());
    expect(invoice.lines[0]!.description).toBe("Skateboard-Deck nach deinem Entwurf, 8,5″ breit, 7-fach Ahorn, mit deiner eigenen Grafik bedruckt");
    expect(invoice.customer).toEqual(["Jürgen Weiß", "Große Straße 5", "10115 Berlin", "Deutschland"]);
    expect(invoiceText(after, seller())).toEqual(invoice);
    const read = await pdfText((await invoicePdfOfOrder(after, seller(), { compress: false })).pdf);
    expect(read).toContain("nach deinem Entwurf");
    expect(read).not.toContain("einfarbig");
    expect(read).toContain("Jürgen Weiß");
  });

  it("the back office still says there is no right of withdrawal, and the credit note describes the deck as made", async () => {
    const { after } = await ownDesignOrderOfDeletedAccount();
    const page = await callRoute(adminOrder.loader, new Request(`${TEST_ORIGIN}${adminPath(after)}`), { database, cookie: operatorCookie, params: { orderId: after.id } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ order: { ownDesign: true, contact: "" } });

    // The parcel comes back (refused): returned, refunded, with a credit note, but no mail with no recipient.
    const moved = await callRoute(adminOrder.action, formPost(adminPath(after), { expected: "delivered", to: "returned", confirm: "on" }), {
      database,
      cookie: operatorCookie,
      params: { orderId: after.id },
    });
    expect(moved).toMatchObject({
      status: 200,
      body: {
        done: "The order is returned now.",
        unmailed: "The buyer could not be told by mail: the order has no e-mail address any more (the buyer deleted their account). Nothing was sent.",
      },
    });
    const returned = await rowOf(after.id);
    expect(returned).toMatchObject({ status: "returned", creditNoteNumber: expect.stringMatching(/^\d{4}-\d{6}$/) });
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-returned:${after.id}`))).toEqual([]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, ""))).toEqual([]);
    expect(invoiceText(returned, seller(), "creditNote").lines[0]!.description).toContain("nach deinem Entwurf");
  });

  it("a move of an order that still has its address mails the buyer and says nothing more", async () => {
    const order = await place();
    const moved = await callRoute(adminOrder.action, formPost(adminPath(order), { expected: "paid", to: "cancelled", confirm: "on" }), {
      database,
      cookie: operatorCookie,
      params: { orderId: order.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).not.toHaveProperty("unmailed");
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-cancelled:${order.id}`));
    expect(mail?.recipient).toBe(order.contact);
  });
});

describe(`the refund-due tab and own-design orders, on ${databaseKind}`, () => {
  it("lists and counts only the withdrawals of decks with a right of withdrawal", async () => {
    const own = await place({ design: GRAPHIC });
    const plain = await place();
    await database.db.update(orders).set({ withdrawalDeclaredAt: new Date(), withdrawalName: "Ada Lovelace" }).where(inArray(orders.id, [own.id, plain.id]));
    const tab = await callRoute(adminOrders.loader, new Request(`${TEST_ORIGIN}/admin?status=withdrawn`), { database, cookie: operatorCookie });
    expect(tab.status).toBe(200);
    const body = tab.body as unknown as { orders: { id: string }[]; counts: { withdrawn: number } };
    expect(body.orders.map((order) => order.id)).toContain(plain.id);
    expect(body.orders.map((order) => order.id)).not.toContain(own.id);
    expect(body.counts.withdrawn).toBe(body.orders.length);
  });

  it("its partial index holds the same condition", async () => {
    const result = await database.db.execute(sql`select indexdef from pg_indexes where indexname = 'orders_refund_due_idx'`);
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { indexdef: string }[];
    expect(row!.indexdef).toMatch(/NOT own_design/i);
  });
});

/** Migration 0019's last statement: the fact for the orders placed before it, from their stored designs. */
const BACKFILL = readFileSync(projectPath("drizzle/0019_own_design.sql"), "utf8").split("--> statement-breakpoint").at(-1)!.trim();

describe(`migration 0019's backfill, on ${databaseKind}`, () => {
  it("marks the orders whose stored design has layers; a plain deck and an anonymised order stay unmarked", async () => {
    expect(BACKFILL).toMatch(/UPDATE "orders" SET "own_design" = true/);
    const own = await place({ design: GRAPHIC });
    const plain = await place();
    const anonymised = await place({ design: GRAPHIC });
    const ids = [own.id, plain.id, anonymised.id];
    // As the orders were before 0019: no fact stored; the anonymised one's layers already gone (it cannot be told).
    await database.db.update(orders).set({ ownDesign: false }).where(inArray(orders.id, ids));
    await database.db
      .update(orders)
      .set({ design: sql`jsonb_set(${orders.design}, '{layers}', '[]'::jsonb)`, contact: "", anonymisedAt: new Date() })
      .where(eq(orders.id, anonymised.id));
    await database.db.execute(sql.raw(BACKFILL));
    const marked = async () => Object.fromEntries((await database.db.select({ id: orders.id, ownDesign: orders.ownDesign }).from(orders).where(inArray(orders.id, ids))).map((row) => [row.id, row.ownDesign]));
    expect(await marked()).toEqual({ [own.id]: true, [plain.id]: false, [anonymised.id]: false });
    // A second run changes nothing.
    await database.db.execute(sql.raw(BACKFILL));
    expect(await marked()).toEqual({ [own.id]: true, [plain.id]: false, [anonymised.id]: false });
  });
});
