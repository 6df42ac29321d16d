import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orders, type OrderRow } from "#app/db/schema.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import type { PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import type { CarrierCode } from "./carriers.ts";
import { recordOrderEvent, type Actor } from "./order-history.server.ts";
import { orderPath } from "./order-link.server.ts";
import { takeInvoiceNumber } from "./invoice-numbers.server.ts";
import { recordRefundRefusal, RefundRefused } from "./refund-refusal.server.ts";
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
 * the same transaction. Cancelling or returning refunds the charge first (idempotent by the order's key, so a retry
 * after a lost answer refunds once) and issues the credit note that cancels the invoice, numbered in the invoices'
 * gapless series (D222); a refused refund rolls everything back, the credit note's number with it. After partial
 * refunds (partial-refunds.server.ts) only the rest is refunded, and the credit note credits only the rest.
 */
export async function transitionOrder(db: Db, provider: PaymentProvider, request: TransitionRequest): Promise<TransitionResult> {
  if (request.to === "shipped" && !request.shipment) throw new Error("shipping needs a carrier and a tracking number");
  const t = translatorFor(request.locale ?? "en", "admin");
  const status = (value: OrderStatus) => t(`statusInSentence.${value}`);
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
      if (!order) return { ok: false, reason: "not-found" } as const;
      const current = order.status;
      if (current !== request.expected) {
        return { ok: false, reason: "stale", message: staleOrderMessage(current, request.locale), current } as const;
      }
      if (!canMoveTo(current, request.to)) {
        const message = t("transition.notAllowed", { from: status(current), to: status(request.to).toLowerCase() });
        return { ok: false, reason: "not-allowed", message, current } as const;
      }

      const changes: Partial<OrderRow> = { status: request.to, updatedAt: new Date() };
      const details: Record<string, string> = {};
      if (request.to === "shipped" && request.shipment) {
        changes.carrier = request.shipment.carrier;
        changes.trackingNumber = request.shipment.trackingNumber;
        Object.assign(details, request.shipment);
      }
      if (refundsCharge(request.to) && request.refundedElsewhere) {
        details.refundedElsewhere = "chargeback";
      } else if (refundsCharge(request.to)) {
        // After partial refunds only the rest is still paid. The key names that rest, so that a cancel tried before a
        // later partial refund cannot stand in for this one at the processor (partial-refunds.server.ts).
        const partly = order.partlyRefundedCents;
        const refund = await provider.refund({
          reference: order.paymentReference,
          amountCents: order.totalCents - partly,
          currency: order.currency,
          idempotencyKey: partly === 0 ? `refund:${order.id}` : `refund:${order.id}:after-${partly}`,
        });
        if (refund.status === "refused") throw new RefundRefused(refund);
        changes.refundReference = refund.reference;
        details.refundReference = refund.reference;
        if (partly > 0) details.amountCents = String(order.totalCents - partly);
      }
      if (refundsCharge(request.to) && order.invoiceNumber) {
        changes.creditNoteNumber = await takeInvoiceNumber(tx);
        changes.creditNotedAt = changes.updatedAt;
        details.creditNoteNumber = changes.creditNoteNumber;
      }

      const [changed] = await tx.update(orders).set(changes).where(eq(orders.id, order.id)).returning();
      if (changes.creditNoteNumber) await recordIssuedDocument(tx, { number: changes.creditNoteNumber, orderId: order.id, kind: "creditNote" });
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: "status",
        fromStatus: current,
        toStatus: request.to,
        actor: request.actor,
        details,
      });
      const orderUrl = new URL(orderPath(order.id, { guest: order.userId === null }), request.siteUrl).href;
      const mail = request.to === "shipped" ? orderShippedMail(changed!, orderUrl) : refundsCharge(request.to) ? orderRefundedMail(changed!, orderUrl, { elsewhere: request.refundedElsewhere === true }) : null;
      const unmailed = mail !== null && !(await enqueueMail(tx, mail));
      return { ok: true, order: changed!, unmailed } as const;
    });
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    const trace = await recordRefundRefusal(db, { orderId: request.orderId, actor: request.actor, attempted: request.to, locale: request.locale }, error.refusal);
    const current = trace.current ?? request.expected;
    const reason = trace.reason;
    const refused = t("transition.refundRefused", { reason });
    return { ok: false, reason: "refund-refused", message: `${refused} ${t(request.to === "returned" ? "transition.notReturned" : "transition.notCancelled")}`, current };
  }
}
