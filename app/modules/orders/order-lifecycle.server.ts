import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orders, type OrderRow, type RefundIntentRow } from "#app/db/schema.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import type { PaymentProvider, RefundResult } from "#app/modules/payment/payment-provider.server.ts";
import type { Tx } from "./checkout-attempts.server.ts";
import type { CarrierCode } from "./carriers.ts";
import { recordOrderEvent, type Actor } from "./order-history.server.ts";
import { orderPath } from "./order-link.server.ts";
import { takeInvoiceNumber } from "./invoice-numbers.server.ts";
import { askProcessor, askRefund, lockRefundIntent, openRefundIntent, refundUnderwayMessage, settleRefundIntent } from "./refund-intents.server.ts";
import { recordRefundRefusal, refusalReason } from "./refund-refusal.server.ts";
import { recordIssuedDocument } from "./issued-documents.server.ts";
import { orderRefundedMail, orderShippedMail } from "./order-mails.server.ts";
import { canMoveTo, refundsCharge, type OrderStatus } from "./order-status.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

export interface Shipment {
  carrier: CarrierCode;
  /** Already normalised and checked against the carrier's pattern (the back office's schema). */
  trackingNumber: string;
}

export interface TransitionRequest {
  orderId: string;
  /** The status the operator saw: the move happens only if the order still has it (compare-and-set). */
  expected: OrderStatus;
  to: OrderStatus;
  actor: Actor;
  /** Required for `shipped`. */
  shipment?: Shipment;
  /** The shop's origin, for the order link in the buyer's mail. */
  siteUrl: string;
  /** The operator's language, for a refusal's message (default English). The buyer's mail goes in the order's. */
  locale?: Locale;
  /**
   * Cancelling or returning when the money is already back with the buyer (a chargeback: the processor then refuses
   * a refund): no refund is asked for; the credit note is issued and the buyer told, as for any refund.
   */
  refundedElsewhere?: boolean;
}

export type TransitionResult =
  /**
   * `unmailed`: the move has a mail for the buyer (shipped, cancelled, returned) but the order has no e-mail address
   * left (the buyer deleted their account, D162): nothing was written to the outbox, and the operator should know.
   */
  | { ok: true; order: OrderRow; unmailed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "stale" | "not-allowed" | "refund-refused"; message: string; current: OrderStatus };

/** The refusal when the order is no longer in the status the operator saw: it names the status it has now. */
export function staleOrderMessage(current: OrderStatus, locale: Locale = "en"): string {
  const t = translatorFor(locale, "admin");
  return t("transition.stale", { status: t(`statusInSentence.${current}`) });
}

/**
 * Moves an order one step of its lifecycle, exactly once: the order's row is locked for the change, and the move
 * happens only if its status is still the one the operator saw. A double click, a second operator or a stale page
 * gets a refusal that names the status the order has now. The history event and the buyer's mail are written in
 * the same transaction. Cancelling or returning refunds the charge first and issues the credit note that cancels the
 * invoice, numbered in the invoices' gapless series (D222). The refund is written down before the processor is asked
 * (refund-intents.server.ts): the checks and the intent in one short transaction, the processor asked with no
 * transaction open (idempotent by the order's key, so a retry after a lost answer refunds once), then the move in a
 * second one. A request that dies in between is finished by refund-recovery.server.ts; until then the order is held
 * (every move is refused). A refused refund changes nothing but the history (`refund-refused`). After partial refunds
 * (partial-refunds.server.ts) only the rest is refunded, and the credit note credits only the rest.
 */
export async function transitionOrder(db: Db, provider: PaymentProvider, request: TransitionRequest): Promise<TransitionResult> {
  if (request.to === "shipped" && !request.shipment) throw new Error("shipping needs a carrier and a tracking number");
  if (!refundsCharge(request.to) || request.refundedElsewhere) {
    // Nothing to ask of the processor: one transaction.
    return db.transaction(async (tx) => {
      const checked = await lockForMove(tx, request);
      return checked.ok ? applyMove(tx, checked.order, request) : checked.refused;
    });
  }

  // 1. The checks and the intent, committed before the processor is asked.
  const asked = await db.transaction(async (tx) => {
    const checked = await lockForMove(tx, request);
    if (!checked.ok) return checked;
    const order = checked.order;
    // After partial refunds only the rest is still paid. The key names that rest, so that a cancel tried before a
    // later partial refund cannot stand in for this one at the processor (partial-refunds.server.ts).
    const partly = order.partlyRefundedCents;
    const intent = await askRefund(tx, {
      idempotencyKey: partly === 0 ? `refund:${order.id}` : `refund:${order.id}:after-${partly}`,
      orderId: order.id,
      kind: request.to as "cancelled" | "returned",
      amountCents: order.totalCents - partly,
      request: { actor: request.actor, siteUrl: request.siteUrl, locale: request.locale, expected: order.status },
    });
    return { ok: true, order, intent } as const;
  });
  if (!asked.ok) return asked.refused;

  // 2. The processor, with no transaction open and no row locked. Unreachable (it throws): the intent stays asked,
  // and recovery asks again with the same key.
  const { order, intent } = asked;
  const outcome = await askProcessor(provider, order, intent);

  // 3. The move, or the refusal; or, if recovery finished the intent meanwhile, its answer.
  return db.transaction(async (tx) => {
    const locked = await lockRefundIntent(tx, intent.idempotencyKey);
    if (locked?.state === "asked") return completeRefundMove(tx, locked, outcome);
    const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (locked?.state === "done" && now) return { ok: true, order: now, unmailed: now.contact.trim() === "" } as const;
    if (locked?.state === "refused" && outcome.status === "refused") {
      return refusedMove(request.to, refusalReason(outcome, request.locale), now?.status ?? order.status, request.locale);
    }
    throw new Error(`the refund ${intent.idempotencyKey} was ${locked?.state ?? "deleted"} meanwhile, though the processor answered ${outcome.status}`);
  });
}

/**
 * Step 3 of a cancel's or a return's refund, by the request that asked or by recovery: `intent` is `asked` and its row
 * is locked by `tx`. The intent moves to `done` and the order exactly as the request asked (its status, the refund's
 * reference, the credit note, the history event, the buyer's mail); or, refused, to `refused` with the refusal in the
 * history and the order as it was.
 */
export async function completeRefundMove(tx: Tx, intent: RefundIntentRow, outcome: RefundResult): Promise<TransitionResult> {
  const { actor, siteUrl, locale, expected } = intent.request;
  const to = intent.kind as "cancelled" | "returned";
  const [order] = await tx.select().from(orders).where(eq(orders.id, intent.orderId)).for("update");
  // The order is held while the intent is open: no move can have changed it.
  if (!order || order.status !== expected) throw new Error(`order ${intent.orderId} changed under its open refund ${intent.idempotencyKey}`);
  if (outcome.status === "refused") {
    await settleRefundIntent(tx, intent.idempotencyKey, { state: "refused" });
    await recordRefundRefusal(tx, { orderId: order.id, status: order.status, actor, attempted: to }, outcome);
    return refusedMove(to, refusalReason(outcome, locale), order.status, locale);
  }
  await settleRefundIntent(tx, intent.idempotencyKey, { state: "done", refundReference: outcome.reference });
  return applyMove(tx, order, { to, actor, siteUrl, locale, refundReference: outcome.reference });
}

function refusedMove(to: OrderStatus, reason: string, current: OrderStatus, locale: Locale = "en"): TransitionResult {
  const t = translatorFor(locale, "admin");
  const refused = t("transition.refundRefused", { reason });
  return { ok: false, reason: "refund-refused", message: `${refused} ${t(to === "returned" ? "transition.notReturned" : "transition.notCancelled")}`, current };
}

/**
 * The order's row, locked, if the move may be made: still in the status the operator saw, a legal step, and no refund
 * under way (an open intent holds the order as it was until the refund is applied).
 */
async function lockForMove(tx: Tx, request: TransitionRequest): Promise<{ ok: true; order: OrderRow } | { ok: false; refused: TransitionResult }> {
  const t = translatorFor(request.locale ?? "en", "admin");
  const status = (value: OrderStatus) => t(`statusInSentence.${value}`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
  if (!order) return { ok: false, refused: { ok: false, reason: "not-found" } };
  const current = order.status;
  if (current !== request.expected) {
    return { ok: false, refused: { ok: false, reason: "stale", message: staleOrderMessage(current, request.locale), current } };
  }
  if (!canMoveTo(current, request.to)) {
    const message = t("transition.notAllowed", { from: status(current), to: status(request.to).toLowerCase() });
    return { ok: false, refused: { ok: false, reason: "not-allowed", message, current } };
  }
  const open = await openRefundIntent(tx, order.id);
  if (open) return { ok: false, refused: { ok: false, reason: "stale", message: refundUnderwayMessage(open, request.locale), current } };
  return { ok: true, order };
}

/** The move itself, under the order's row lock: the order's row, the credit note, the history event and the buyer's mail. */
async function applyMove(
  tx: Tx,
  order: OrderRow,
  move: Pick<TransitionRequest, "to" | "actor" | "shipment" | "siteUrl" | "locale" | "refundedElsewhere"> & { refundReference?: string },
): Promise<TransitionResult> {
  const changes: Partial<OrderRow> = { status: move.to, updatedAt: new Date() };
  const details: Record<string, string> = {};
  if (move.to === "shipped" && move.shipment) {
    changes.carrier = move.shipment.carrier;
    changes.trackingNumber = move.shipment.trackingNumber;
    Object.assign(details, move.shipment);
  }
  if (refundsCharge(move.to) && move.refundedElsewhere) {
    details.refundedElsewhere = "chargeback";
  } else if (refundsCharge(move.to) && move.refundReference) {
    changes.refundReference = move.refundReference;
    details.refundReference = move.refundReference;
    if (order.partlyRefundedCents > 0) details.amountCents = String(order.totalCents - order.partlyRefundedCents);
  }
  if (refundsCharge(move.to) && order.invoiceNumber) {
    changes.creditNoteNumber = await takeInvoiceNumber(tx);
    changes.creditNotedAt = changes.updatedAt;
    details.creditNoteNumber = changes.creditNoteNumber;
  }

  const [changed] = await tx.update(orders).set(changes).where(eq(orders.id, order.id)).returning();
  if (changes.creditNoteNumber) await recordIssuedDocument(tx, { number: changes.creditNoteNumber, orderId: order.id, kind: "creditNote" });
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "status",
    fromStatus: order.status,
    toStatus: move.to,
    actor: move.actor,
    details,
  });
  const orderUrl = new URL(orderPath(order.id, { guest: order.userId === null }), move.siteUrl).href;
  const mail =
    move.to === "shipped"
      ? orderShippedMail(changed!, orderUrl)
      : refundsCharge(move.to)
        ? orderRefundedMail(changed!, orderUrl, { elsewhere: move.refundedElsewhere === true })
        : null;
  const unmailed = mail !== null && !(await enqueueMail(tx, mail));
  return { ok: true, order: changed!, unmailed };
}
