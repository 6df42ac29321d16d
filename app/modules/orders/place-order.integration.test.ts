import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, orderPrintFiles, orders } from "#app/db/schema.ts";
import { createTestPaymentProvider, TEST_CARDS, type PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { isValidOrderAccessToken, orderAccessToken } from "./order-link.server.ts";
import { findViewableOrder } from "./orders.server.ts";
import { PaymentUnavailableError, placeOrder } from "./place-order.server.ts";
import { printPngForOrder, storedPrintSvg } from "./print-files.server.ts";

/** The origin the buyer reached the shop at: the confirmation mail links the order there. */
const siteUrl = "http://shop.test";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const submission = orderSubmission;

async function countOrders(checkoutId: string) {
  const rows = await database.db.select().from(orders).where(sql`${orders.idempotencyKey} = ${checkoutId}`);
  return rows.length;
}

describe(`placing orders on ${databaseKind}`, () => {
  it("charges the server's price and stores a complete, paid order", async () => {
    const provider = createTestPaymentProvider();
    const result = await placeOrder({ db: database.db, provider, submission: submission(), userId: null, siteUrl });
    expect(result.status).toBe("placed");
    if (result.status !== "placed") return;
    expect(result.order).toMatchObject({
      status: "paid",
      grip: true,
      size: 8.5,
      country: "DE",
      totalCents: 7590, // 59 + 3 wide + 9 grip + 4.90 shipping
      subtotalCents: 7100,
      shippingCents: 490,
      vatCents: 1212,
      cardBrand: "visa",
      cardLast4: "4242",
      cardExpMonth: 12,
      cardExpYear: 2035,
      paymentProvider: "test",
    });
    expect(result.order.number).toMatch(/^DS-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(result.order.paymentReference).toMatch(/^test_ch_/);
    expect([...provider.charges.values()]).toHaveLength(1);
  });

  it("gives one order and one charge for 20 concurrent submissions with the same key", async () => {
    const provider = createTestPaymentProvider();
    const order = submission();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl })),
    );
    const placed = results.filter((result) => result.status === "placed");
    expect(placed).toHaveLength(20);
    expect(new Set(placed.map((result) => result.status === "placed" && result.order.id)).size).toBe(1);
    expect(placed.filter((result) => result.status === "placed" && !result.replayed)).toHaveLength(1);
    expect(provider.charges.size).toBe(1);
    expect(await countOrders(order.checkoutId)).toBe(1);
  });

  it("replays a finished order on a retry, however much later", async () => {
    const provider = createTestPaymentProvider();
    const order = submission();
    const first = await placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl });
    const retry = await placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl });
    expect(retry).toMatchObject({ status: "placed", replayed: true });
    expect(first.status === "placed" && retry.status === "placed" && retry.order.id === first.order.id).toBe(true);
  });

  it.each([
    [TEST_CARDS.declined, "card_declined", "Your card was declined. Try another card."],
    [TEST_CARDS.insufficientFunds, "insufficient_funds", "Your card was declined: insufficient funds. Try another card."],
  ])("a declined card (%s) creates no order, and another card then goes through", async (cardNumber, code, message) => {
    const provider = createTestPaymentProvider();
    const order = submission({ cardNumber });
    expect(await placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl })).toEqual({
      status: "declined",
      code,
      message,
    });
    expect(await countOrders(order.checkoutId)).toBe(0);
    // Same checkout, same processor: the processor keeps answering its first answer for a reused key,
    // so the retry must reach it under a new one.
    const retried = await placeOrder({
      db: database.db,
      provider,
      submission: { ...order, cardNumber: TEST_CARDS.success },
      userId: null,
      siteUrl,
    });
    expect(retried.status).toBe("placed");
    expect([...provider.charges.keys()]).toEqual([`${order.checkoutId}:1`, `${order.checkoutId}:2`]);
    expect(await countOrders(order.checkoutId)).toBe(1);
  });

  it("an unreachable processor charges nothing, stores nothing and frees the key", async () => {
    const provider: PaymentProvider = {
      name: "broken",
      charge: () => Promise.reject(new Error("ECONNREFUSED")),
      refund: () => Promise.reject(new Error("ECONNREFUSED")),
      voidCharge: () => Promise.reject(new Error("ECONNREFUSED")),
      findCharge: () => Promise.reject(new Error("ECONNREFUSED")),
    };
    const order = submission();
    await expect(placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl })).rejects.toBeInstanceOf(
      PaymentUnavailableError,
    );
    expect(await countOrders(order.checkoutId)).toBe(0);
  });

  it("a failure while storing refunds the charge and leaves no order", async () => {
    const provider = createTestPaymentProvider();
    const order = submission({ cardNumber: "4242424242424242" });
    // The database goes away between the charge and the write of the order.
    const failingDb = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "transaction") return () => Promise.reject(new Error("connection terminated"));
        return Reflect.get(target, property, receiver);
      },
    });
    await expect(placeOrder({ db: failingDb, provider, submission: order, userId: null, siteUrl })).rejects.toThrow(
      "connection terminated",
    );
    expect(provider.refunds.size).toBe(1);
    expect(await countOrders(order.checkoutId)).toBe(0);
  });

  it("never writes the full card number or the security code to the database", async () => {
    const provider = createTestPaymentProvider();
    const order = submission({ cardNumber: "4000 0566 5566 5556", cardCvv: "987" });
    const result = await placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl });
    expect(result.status).toBe("placed");
    const everything = JSON.stringify(await database.db.select().from(orders));
    expect(everything).not.toContain("4000056655665556");
    expect(everything).not.toContain("4000 0566 5566 5556");
    expect(everything).not.toMatch(/"987"|:987[,}]/);
  });
});

describe(`the confirmation mail on ${databaseKind}`, () => {
  async function mailsOf(orderId: string) {
    return database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-placed:${orderId}`));
  }

  it("is written with the order: one, to the buyer, with the order, its price and a link that opens it", async () => {
    const order = submission({ contact: "zoe@example.com", name: "Zoë <b>Ü</b>", cardNumber: TEST_CARDS.success });
    const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: order, userId: null, siteUrl });
    if (result.status !== "placed") throw new Error("not placed");
    const [mail, ...others] = await mailsOf(result.order.id);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ recipient: "zoe@example.com", status: "pending", subject: `Your Deck Studio order ${result.order.number}` });
    const link = `${siteUrl}/orders/${result.order.id}?token=${orderAccessToken(result.order.id)}`;
    for (const body of [mail!.textBody, mail!.htmlBody]) {
      expect(body).toContain(result.order.number);
      expect(body).toContain("€75.90");
      expect(body).toContain("Visa ending in 4242");
      expect(body).not.toContain("4242 4242");
      expect(body).not.toContain("424242");
    }
    expect(mail!.textBody).toContain(`Your order: ${link}`);
    expect(mail!.htmlBody).toContain(`href="${link}"`);
    // The buyer's words are text in the HTML, never markup.
    expect(mail!.htmlBody).toContain("Zoë &#60;b&#62;Ü&#60;/b&#62;");
    expect(mail!.htmlBody).not.toContain("<b>Ü</b>");
  });

  it("is not written again when the order is replayed, nor for a declined card", async () => {
    const provider = createTestPaymentProvider();
    const order = submission();
    const first = await placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl });
    await placeOrder({ db: database.db, provider, submission: order, userId: null, siteUrl });
    if (first.status !== "placed") throw new Error("not placed");
    expect(await mailsOf(first.order.id)).toHaveLength(1);

    const before = (await database.db.select().from(mailOutbox)).length;
    await placeOrder({ db: database.db, provider, submission: submission({ cardNumber: TEST_CARDS.declined }), userId: null, siteUrl });
    expect(await database.db.select().from(mailOutbox)).toHaveLength(before);
  });

  it("links an account's order without a token (its owner signs in)", async () => {
    const result = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: submission(), userId: "user-m", siteUrl });
    if (result.status !== "placed") throw new Error("not placed");
    const [mail] = await mailsOf(result.order.id);
    expect(mail!.textBody).toContain(`Your order: ${siteUrl}/orders/${result.order.id}\n`);
  });
});

describe(`who may see an order on ${databaseKind}`, () => {
  it("a guest with the link's token; nobody without it; the owner only for account orders", async () => {
    const guest = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: submission(), userId: null, siteUrl });
    const owned = await placeOrder({ db: database.db, provider: createTestPaymentProvider(), submission: submission(), userId: "user-a", siteUrl });
    if (guest.status !== "placed" || owned.status !== "placed") throw new Error("orders not placed");
    const token = orderAccessToken(guest.order.id);

    expect(await findViewableOrder(database.db, guest.order.id, { userId: null, token })).not.toBeNull();
    expect(await findViewableOrder(database.db, guest.order.id, { userId: null, token: null })).toBeNull();
    expect(await findViewableOrder(database.db, guest.order.id, { userId: null, token: `${token}x` })).toBeNull();
    expect(await findViewableOrder(database.db, guest.order.id, { userId: "user-b", token: null })).toBeNull();

    expect(await findViewableOrder(database.db, owned.order.id, { userId: "user-a", token: null })).not.toBeNull();
    expect(await findViewableOrder(database.db, owned.order.id, { userId: "user-b", token: null })).toBeNull();
    // A guest link's token does not open another buyer's account order.
    expect(await findViewableOrder(database.db, owned.order.id, { userId: null, token: orderAccessToken(owned.order.id) })).toBeNull();
    expect(await findViewableOrder(database.db, "not-a-uuid", { userId: "user-a", token: null })).toBeNull();
  });

  it("tokens are specific to their order", () => {
    const a = randomUUID();
    expect(isValidOrderAccessToken(a, orderAccessToken(a))).toBe(true);
    expect(isValidOrderAccessToken(randomUUID(), orderAccessToken(a))).toBe(false);
  });
});

describe(`print files on ${databaseKind}`, () => {
  it("the SVG is written with the order; the 300 DPI PNG is rendered once, on first request, and kept", async () => {
    const result = await placeOrder({
      db: database.db,
      provider: createTestPaymentProvider(),
      submission: submission({ size: 8 }),
      userId: null,
      siteUrl,
    });
    if (result.status !== "placed") throw new Error("not placed");
    const svg = await storedPrintSvg(database.db, result.order.id);
    expect(svg).toMatch(/^<svg[^>]+width="2400"[^>]+height="9563"/); // 8 in × 300, 31.875 in × 300

    const png = await printPngForOrder(database.db, result.order);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(2400);
    expect(png.readUInt32BE(20)).toBe(9563);
    const [row] = await database.db.select().from(orderPrintFiles).where(sql`${orderPrintFiles.orderId} = ${result.order.id}`);
    expect(Buffer.from(row!.png!).equals(png)).toBe(true);
  }, 60_000);
});
