import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orders, refundIntents } from "#app/db/schema.ts";
import type { PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";
import { completeRefundMove } from "./order-lifecycle.server.ts";
import { askProcessor } from "./refund-intents.server.ts";
import { completePartialRefund } from "./partial-refunds.server.ts";

/**
 * Refund intents that no request will finish: `asked` left by a server that died between writing the intent and
 * applying the refund (a crash, a lost connection, the database failing), or a request whose processor could not be
 * reached (refund-intents.server.ts). The operator asked for the refund and the order was held since, so each is
 * finished, not undone:
 *
 * - the processor is asked again with the intent's key: it answers the refund it made, or makes it if the request died
 *   before asking;
 * - refunded: the refund is applied exactly as the request would have (the status or the partial refund, the credit
 *   note, the history, the buyer's mail: order-lifecycle's `completeRefundMove`, partial-refunds' `completePartialRefund`);
 * - refused: the intent is refused and the refusal goes into the history, the order as it was;
 * - the processor cannot be reached: the intent is left as it is for the next round.
 *
 * Several servers may run this at once: each intent is finished under its row lock (FOR UPDATE SKIP LOCKED), and the
 * request that may still be running finishes it only by compare-and-set, so a refund is applied once. An intent is
 * taken only when older than `olderThanMs`, longer than any request can take: until then its request may still be
 * running.
 */
export type RefundResolution = "completed" | "refused" | "busy";

export interface RefundRecoveryOptions {
  db: Db;
  provider: PaymentProvider;
  /** An intent younger than this may still have its request running: it is left alone. */
  olderThanMs: number;
}

const openIntent = (olderThanMs: number) =>
  and(eq(refundIntents.state, "asked"), lt(refundIntents.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000}::double precision)`));

/**
 * Finishes one open intent. "busy": nothing to finish (no open intent under the key, or another server finishes it
 * right now). Throws when the processor cannot be reached (the intent stays as it was).
 */
export async function resolveRefundIntent({ db, provider, olderThanMs }: RefundRecoveryOptions, key: string): Promise<RefundResolution> {
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(refundIntents)
      .where(and(eq(refundIntents.idempotencyKey, key), openIntent(olderThanMs)))
      .for("update", { skipLocked: true });
    if (!intent) return "busy";
    const [order] = await tx.select({ paymentReference: orders.paymentReference, currency: orders.currency }).from(orders).where(eq(orders.id, intent.orderId));
    if (!order) return "busy";
    // The intent's row stays locked while the processor is asked (as checkout recovery's attempt); the order's is not.
    const outcome = await askProcessor(provider, order, intent);
    const result = intent.kind === "partial-refund" ? await completePartialRefund(tx, intent, outcome) : await completeRefundMove(tx, intent, outcome);
    return result.ok ? "completed" : "refused";
  });
}

export interface RefundRecoverySummary {
  completed: number;
  refused: number;
  /** Left for a later round: the processor could not be reached, or another server has the intent. */
  left: number;
}

/** One round over every open intent (oldest first, at most `limit`). */
export async function recoverRefundIntents(options: RefundRecoveryOptions & { limit?: number }): Promise<RefundRecoverySummary> {
  const open = await options.db
    .select({ key: refundIntents.idempotencyKey, orderId: refundIntents.orderId })
    .from(refundIntents)
    .where(openIntent(options.olderThanMs))
    .orderBy(asc(refundIntents.createdAt))
    .limit(options.limit ?? 500);
  const summary: RefundRecoverySummary = { completed: 0, refused: 0, left: 0 };
  for (const { key, orderId } of open) {
    try {
      const resolution = await resolveRefundIntent(options, key);
      if (resolution === "busy") summary.left++;
      else summary[resolution]++;
    } catch (error) {
      summary.left++;
      logger.warn({ refundKey: key, orderId, err: error }, "refund recovery: refund left for later");
    }
  }
  return summary;
}
