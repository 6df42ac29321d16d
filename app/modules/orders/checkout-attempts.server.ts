import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { checkoutAttempts, orderPrintFiles, orders, type OrderRow, type PendingOrder } from "#app/db/schema.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { takeInvoiceNumber } from "./invoice-numbers.server.ts";
import { recordIssuedDocument } from "./issued-documents.server.ts";
import { BUYER, recordOrderEvent } from "./order-history.server.ts";
import { orderPath } from "./order-link.server.ts";
import { orderConfirmationMail } from "./order-mails.server.ts";
import { hasOwnDesign } from "./withdrawal.ts";

/** A transaction or the database: what drizzle hands to `db.transaction`'s callback has the same query API. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The processor's idempotency key for one attempt of a checkout key (a new attempt after a decline or a void). */
export const chargeKey = (key: string, attempt: number) => `${key}:${attempt}`;

/**
 * Takes the key for this request, writing the order it will store, and returns the attempt number; null while
 * another request holds the key, the order is placed, or an earlier attempt must be resolved first (`failed`,
 * or `processing` left by a server that died: checkout-recovery.server.ts). A key is free when new, or after a
 * decline or a release (the next attempt, so the processor's key is new and its first answer is not replayed).
 */
export async function claimAttempt(db: Db, key: string, pending: PendingOrder): Promise<number | null> {
  const claimed = await db
    .insert(checkoutAttempts)
    .values({ idempotencyKey: key, status: "processing", pending })
    .onConflictDoUpdate({
      target: checkoutAttempts.idempotencyKey,
      set: {
        status: "processing",
        attempt: sql`${checkoutAttempts.attempt} + 1`,
        pending,
        updatedAt: sql`now()`,
      },
      setWhere: inArray(checkoutAttempts.status, ["declined", "released"]),
    })
    .returning({ attempt: checkoutAttempts.attempt });
  return claimed[0]?.attempt ?? null;
}

/**
 * Moves attempt `attempt` of `key` from `processing` to `status`, if it still is there (compare-and-set): a
 * request never overwrites what recovery decided meanwhile. Returns whether it moved.
 */
export async function settleAttempt(
  db: Db | Tx,
  key: string,
  attempt: number,
  status: "declined" | "failed" | "released",
): Promise<boolean> {
  const moved = await db
    .update(checkoutAttempts)
    // The order's data is kept only while an order may still be completed from it.
    .set({ status, pending: null, updatedAt: sql`now()` })
    .where(and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.status, "processing"), eq(checkoutAttempts.attempt, attempt)))
    .returning({ key: checkoutAttempts.idempotencyKey });
  return moved.length > 0;
}

/**
 * Stores the paid order of a charged attempt, in `tx`: the attempt moves to `succeeded` first (compare-and-set on
 * `processing` and the attempt number, which also locks its row), then the order with its invoice number, its print
 * file, its history and its confirmation mail are written. Whoever completes the attempt, the request that charged or recovery after a
 * crash, does exactly this; the one that comes second gets null and writes nothing.
 */
export async function completeAttempt(
  tx: Tx,
  completion: { key: string; attempt: number; pending: PendingOrder; paymentProvider: string; paymentReference: string; printSvg: string },
): Promise<OrderRow | null> {
  const { key, attempt, pending } = completion;
  const orderId = pending.order.id;
  const [won] = await tx
    .update(checkoutAttempts)
    .set({ status: "succeeded", orderId, pending: null, updatedAt: sql`now()` })
    .where(and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.status, "processing"), eq(checkoutAttempts.attempt, attempt)))
    .returning({ key: checkoutAttempts.idempotencyKey });
  if (!won) return null;
  // The invoice's number, from its year's counter: its row stays locked until this transaction ends, so it is
  // taken last but for the order's own rows. The invoice is dated as the order is (both now(): the transaction's
  // start).
  const invoiceNumber = await takeInvoiceNumber(tx);
  const [row] = await tx
    .insert(orders)
    .values({
      ...pending.order,
      // An attempt written before orders stored the fact (drizzle/0019) carries only the design to tell it from.
      ownDesign: pending.order.ownDesign ?? hasOwnDesign(pending.order.design),
      invoiceNumber,
      invoicedAt: sql`now()`,
      status: "paid",
      paymentProvider: completion.paymentProvider,
      paymentReference: completion.paymentReference,
    })
    .returning();
  await recordIssuedDocument(tx, { number: invoiceNumber, orderId, kind: "invoice" });
  await tx.insert(orderPrintFiles).values({ orderId, svg: completion.printSvg });
  await recordOrderEvent(tx, { orderId, kind: "placed", fromStatus: null, toStatus: "paid", actor: BUYER });
  const orderUrl = new URL(orderPath(orderId, { guest: row!.userId === null }), pending.siteUrl).href;
  await enqueueMail(tx, orderConfirmationMail(row!, orderUrl));
  return row!;
}

/** The key's attempt row, and its order once it succeeded. */
export async function readAttempt(db: Db, key: string) {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
  if (row?.status !== "succeeded" || !row.orderId) return { row, order: undefined };
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  return { row, order };
}
