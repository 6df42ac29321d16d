import { and, eq, ne, sql } from "drizzle-orm";
import { refundIntents, type OrderRow, type RefundIntentRequest, type RefundIntentRow } from "#app/db/schema.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import type { PaymentProvider, RefundResult } from "#app/modules/payment/payment-provider.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import type { Tx } from "./checkout-attempts.server.ts";

/**
 * Refund intents (schema.ts `refund_intents`): a refund is written down before the processor is asked, as a checkout
 * attempt is before the charge. Three steps, and no transaction open while the processor is asked:
 *
 * 1. under the order's row lock, the checks and the intent (`asked`), committed;
 * 2. the processor asked with the intent's key (idempotent: a second ask answers the first refund);
 * 3. under the intent's row lock and then the order's, the intent moves from `asked` to `done` (compare-and-set) and
 *    the refund is applied to the order exactly as one transaction did before (status, credit note, history, mail),
 *    or to `refused` with the refusal in the history.
 *
 * A request that dies after step 1 (a crash, a lost connection, the database failing in step 3) leaves the intent
 * `asked`, and refund-recovery.server.ts finishes it with the same key: the processor's refund and the order always
 * end up together. While an intent is open the order is held: every move and every other refund is refused, so
 * nothing changes the order between steps 1 and 3. Whoever finishes an intent locks its row before the order's, so
 * that a request and a recovery round never wait on each other.
 */

/** The order's open intent, if any. Read under the order's row lock, which every intent of the order is written under. */
export async function openRefundIntent(tx: Tx, orderId: string): Promise<RefundIntentRow | undefined> {
  const [open] = await tx
    .select()
    .from(refundIntents)
    .where(and(eq(refundIntents.orderId, orderId), eq(refundIntents.state, "asked")));
  return open;
}

/** Whether another order has an open intent from the form `requestId` (a form tampered with): refused before anything is asked. */
export async function requestIdOpenElsewhere(tx: Tx, orderId: string, requestId: string): Promise<boolean> {
  const found = await tx
    .select({ key: refundIntents.idempotencyKey })
    .from(refundIntents)
    .where(and(eq(refundIntents.state, "asked"), ne(refundIntents.orderId, orderId), sql`${refundIntents.request}->>'requestId' = ${requestId}`));
  return found.length > 0;
}

/** The refusal of a move or a refund while the order's refund is under way: the operator reloads once it is done. */
export function refundUnderwayMessage(intent: Pick<RefundIntentRow, "request">, locale: Locale = "en"): string {
  return translatorFor(locale, "admin")("transition.refundUnderway", { actor: intent.request.actor.name });
}

/**
 * Step 1: writes the intent, in the transaction that holds the order's row lock and made the checks (the caller has
 * seen no open intent). A key refused before (the same refund, refused by the processor, asked again) is asked anew.
 * Throws when the key belongs to an intent that is done: the order's checks refuse that refund first (its key names
 * what the order had refunded, which a done intent changed).
 */
export async function askRefund(
  tx: Tx,
  intent: { idempotencyKey: string; orderId: string; kind: RefundIntentRow["kind"]; amountCents: number; request: RefundIntentRequest },
): Promise<RefundIntentRow> {
  const [asked] = await tx
    .insert(refundIntents)
    .values({ ...intent, state: "asked" })
    .onConflictDoUpdate({
      target: refundIntents.idempotencyKey,
      set: { state: "asked", request: intent.request, refundReference: null, createdAt: sql`now()`, resolvedAt: null },
      setWhere: and(eq(refundIntents.state, "refused"), eq(refundIntents.orderId, intent.orderId), eq(refundIntents.amountCents, intent.amountCents)),
    })
    .returning();
  if (!asked) throw new Error(`the refund ${intent.idempotencyKey} was made already`);
  return asked;
}

/**
 * Step 2: the processor asked for the intent's refund of the order's charge, with the intent's key, so that asking
 * again (a request's retry, recovery) answers the refund already made. Throws when the processor cannot be reached.
 */
export function askProcessor(
  provider: PaymentProvider,
  order: Pick<OrderRow, "paymentReference" | "currency">,
  intent: Pick<RefundIntentRow, "amountCents" | "idempotencyKey">,
): Promise<RefundResult> {
  return provider.refund({
    reference: order.paymentReference,
    amountCents: intent.amountCents,
    currency: order.currency,
    idempotencyKey: intent.idempotencyKey,
  });
}

/**
 * The intent's row, locked for a request's step 3: waits for another one finishing it (a request posted twice, or a
 * recovery round). Always taken before the order's row lock.
 */
export async function lockRefundIntent(tx: Tx, key: string): Promise<RefundIntentRow | undefined> {
  const [intent] = await tx.select().from(refundIntents).where(eq(refundIntents.idempotencyKey, key)).for("update");
  return intent;
}

/**
 * Step 3's compare-and-set: `asked` → `done` or `refused`. Whoever settles an intent holds its row lock and saw it
 * `asked`, so an intent already settled is a fault, not a race: it throws, and the transaction rolls back.
 */
export async function settleRefundIntent(tx: Tx, key: string, outcome: { state: "done"; refundReference: string } | { state: "refused" }): Promise<void> {
  const moved = await tx
    .update(refundIntents)
    .set({ state: outcome.state, refundReference: outcome.state === "done" ? outcome.refundReference : null, resolvedAt: sql`now()` })
    .where(and(eq(refundIntents.idempotencyKey, key), eq(refundIntents.state, "asked")))
    .returning({ key: refundIntents.idempotencyKey });
  if (moved.length === 0) throw new Error(`the refund ${key} is settled already`);
}
