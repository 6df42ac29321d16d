import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderRefunds, orders, type OrderRefundRow, type OrderRow, type RefundIntentRow } from "#app/db/schema.ts";
import { vatContained } from "#app/modules/catalog/tax.ts";
import { formatMoney } from "#app/modules/catalog/format.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import type { PaymentProvider, RefundResult } from "#app/modules/payment/payment-provider.server.ts";
import type { Tx } from "./checkout-attempts.server.ts";
import type { PartialCreditNote } from "./invoice-pdf.server.ts";
import { takeInvoiceNumber } from "./invoice-numbers.server.ts";
import { recordIssuedDocument } from "./issued-documents.server.ts";
import { recordOrderEvent, type Actor } from "./order-history.server.ts";
import { askProcessor, askRefund, lockRefundIntent, openRefundIntent, refundUnderwayMessage, requestIdOpenElsewhere, settleRefundIntent } from "./refund-intents.server.ts";
import { recordRefundRefusal, refusalReason } from "./refund-refusal.server.ts";
import { orderPath } from "./order-link.server.ts";
import { orderPartlyRefundedMail } from "./order-mails.server.ts";
import type { OrderStatus } from "./order-status.ts";

/**
 * Partial refunds: part of the charge given back while the order goes on (a price reduction for a misprint the buyer
 * keeps, a damaged return's compensation). Each is a processor refund and a credit note of its own
 * ("Rechnungskorrektur"), numbered in the invoices' gapless series in the refund's transaction, kept as issued, told to
 * the buyer by mail and written to the history. The order keeps their sum (`partly_refunded_cents`), always below the
 * total: giving back everything that is left is cancelling or taking the deck back (order-lifecycle.server.ts), which
 * then refunds only the rest and credits only the rest.
 */

/** The statuses in which part of the charge can be given back: paid and not refunded. */
export const PARTLY_REFUNDABLE: readonly OrderStatus[] = ["paid", "in_production", "shipped", "delivered"];

/**
 * The most partial refunds an order takes: its final credit note adds each back on a line of its own, and the one
 * page holds the invoice's lines and these.
 */
export const MAX_PARTIAL_REFUNDS = 5;

/** The longest reason the credit note prints (its one line). */
export const REFUND_REASON_MAX_LENGTH = 200;

export interface PartialRefundRequest {
  orderId: string;
  /** Gross, in cents: more than 0 and less than what is still paid (total − already refunded). */
  amountCents: number;
  /** Printed on the credit note: "Price reduction: <reason>". */
  reason: string;
  /** What the operator saw as already refunded: the refund happens only if it is still that (compare-and-set). */
  expectedRefundedCents: number;
  actor: Actor;
  /** The shop's origin, for the order link in the buyer's mail. */
  siteUrl: string;
  /**
   * The form's submission id (one per view of the page): the processor's idempotency key is made of it, and a second
   * post of the same form (a double click, a browser's resend) gets the first one's answer.
   */
  requestId: string;
  /** The operator's language, for a refusal's message (default English). */
  locale?: Locale;
}

export type PartialRefundResult =
  /**
   * `repeated`: the same form was posted before and made this refund; nothing new was done. `unmailed`: the order has no
   * e-mail address left (an anonymised order never gets here, but an account's address may be gone).
   */
  | { ok: true; order: OrderRow; refund: OrderRefundRow; unmailed: boolean; repeated: boolean }
  | { ok: false; reason: "not-found" }
  /** `stale`: another refund was made since the page was read. `too-much`: the amount is not less than what is left. */
  | { ok: false; reason: "stale" | "not-allowed" | "too-much" | "refund-refused"; message: string };

/** The VAT a refund of `grossCents` contains: at the order's rate, as its invoice's lines; none for an export. */
export function refundVatCents(order: Pick<OrderRow, "taxKind" | "vatBasisPoints">, grossCents: number): number {
  return order.taxKind === "vat" && order.vatBasisPoints > 0 ? vatContained(grossCents, order.vatBasisPoints) : 0;
}

/** What is still paid and can be refunded: the total less what partial refunds gave back. */
export function refundableCents(order: Pick<OrderRow, "totalCents" | "partlyRefundedCents">): number {
  return order.totalCents - order.partlyRefundedCents;
}

/**
 * The processor's idempotency key of a partial refund: the order, what it had refunded before, and the amount. Two
 * refunds in a row differ (the first raises the sum); the same refund asked twice, from any form, is one.
 */
export function partialRefundKey(order: Pick<OrderRow, "id" | "partlyRefundedCents">, amountCents: number): string {
  return `partial-refund:${order.id}:after-${order.partlyRefundedCents}:${amountCents}`;
}

/**
 * Gives part of the charge back, exactly once: the order's row is locked, and the refund happens only if what was
 * refunded so far is still what the operator saw. The refund is written down before the processor is asked
 * (refund-intents.server.ts): the checks and the intent in one short transaction, the processor asked with no
 * transaction open (idempotent by `partialRefundKey`, so a retry after a lost answer refunds once), then the credit
 * note's number, its issued document, the history event and the buyer's mail in a second one. A request that dies in
 * between is finished by refund-recovery.server.ts; until then the order is held (no move, no other refund). A refused
 * refund changes nothing but the history (a `refund-refused` event). The same form posted again while its refund is
 * under way finishes that refund (or waits for it) and gets its answer.
 */
export async function refundPart(db: Db, provider: PaymentProvider, request: PartialRefundRequest): Promise<PartialRefundResult> {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new Error("a partial refund needs a positive amount in cents");
  const reason = request.reason.trim();
  if (reason === "" || reason.length > REFUND_REASON_MAX_LENGTH) throw new Error("a partial refund needs a reason of at most 200 characters");
  const locale = request.locale ?? "en";
  const t = translatorFor(locale, "admin");
  const money = (cents: number) => formatMoney(cents, locale);

  // 1. The checks and the intent, committed before the processor is asked.
  const asked = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" } as const;

    // The same form posted again (after its refund was made): its first answer, nothing refunded twice. A submission
    // id that another order's refund has (a form tampered with) is refused before the processor is asked.
    const [earlier] = await tx.select().from(orderRefunds).where(eq(orderRefunds.requestId, request.requestId));
    if ((earlier && earlier.orderId !== order.id) || (await requestIdOpenElsewhere(tx, order.id, request.requestId))) {
      return { ok: false, reason: "stale", message: t("partialRefund.errors.reloadPage") } as const;
    }
    if (earlier) return { ok: true, order, refund: earlier, unmailed: false, repeated: true } as const;
    // A refund under way holds the order; the same form posted again while it is finishes it with its own key.
    const open = await openRefundIntent(tx, order.id);
    if (open?.kind === "partial-refund" && open.request.requestId === request.requestId) return { ok: "asked", order, intent: open, repeated: true } as const;
    if (open) return { ok: false, reason: "stale", message: refundUnderwayMessage(open, locale) } as const;

    if (!PARTLY_REFUNDABLE.includes(order.status)) {
      const message = t("partialRefund.refusals.status", { status: t(`statusInSentence.${order.status}`) });
      return { ok: false, reason: "not-allowed", message } as const;
    }
    if (order.anonymisedAt !== null) return { ok: false, reason: "not-allowed", message: t("partialRefund.refusals.anonymised") } as const;
    if (!order.invoiceNumber) return { ok: false, reason: "not-allowed", message: t("partialRefund.refusals.noInvoice") } as const;
    if (order.partlyRefundedCents !== request.expectedRefundedCents) {
      const message = t("partialRefund.refusals.stale", { refunded: money(order.partlyRefundedCents) });
      return { ok: false, reason: "stale", message } as const;
    }
    const made = await tx.select({ number: orderRefunds.creditNoteNumber }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    if (made.length >= MAX_PARTIAL_REFUNDS) {
      return { ok: false, reason: "not-allowed", message: t("partialRefund.refusals.tooMany", { max: MAX_PARTIAL_REFUNDS }) } as const;
    }
    const left = refundableCents(order);
    if (request.amountCents >= left) {
      // Everything that is left goes back with the order's cancel or return, which issues the credit note for the rest.
      const message =
        request.amountCents === left ? t("partialRefund.refusals.wholeRest", { left: money(left) }) : t("partialRefund.refusals.tooMuch", { left: money(left) });
      return { ok: false, reason: "too-much", message } as const;
    }

    const intent = await askRefund(tx, {
      // Named by what the order has refunded so far and this amount, not by the form: if the processor refunded and
      // the shop did not record it, the same refund asked again from a reloaded page is the one already made.
      idempotencyKey: partialRefundKey(order, request.amountCents),
      orderId: order.id,
      kind: "partial-refund",
      amountCents: request.amountCents,
      request: {
        actor: request.actor,
        siteUrl: request.siteUrl,
        locale: request.locale,
        expectedRefundedCents: request.expectedRefundedCents,
        reason,
        requestId: request.requestId,
      },
    });
    return { ok: "asked", order, intent, repeated: false } as const;
  });
  if (asked.ok !== "asked") return asked;

  // 2. The processor, with no transaction open and no row locked. Unreachable (it throws): the intent stays asked,
  // and recovery asks again with the same key.
  const { order, intent, repeated } = asked;
  const outcome = await askProcessor(provider, order, intent);

  // 3. The refund's credit note, or the refusal; or, if it was finished meanwhile (the same form posted twice, or
  // recovery), its answer.
  return db.transaction(async (tx) => {
    const locked = await lockRefundIntent(tx, intent.idempotencyKey);
    if (locked?.state === "asked") {
      const result = await completePartialRefund(tx, locked, outcome);
      return result.ok ? { ...result, repeated } : result;
    }
    if (locked?.state === "done") {
      const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
      const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.requestId, intent.request.requestId ?? ""));
      if (now && row) return { ok: true, order: now, refund: row, unmailed: now.contact.trim() === "", repeated } as const;
    }
    if (locked?.state === "refused" && outcome.status === "refused") return refusedPart(refusalReason(outcome, locale), locale);
    throw new Error(`the refund ${intent.idempotencyKey} was ${locked?.state ?? "deleted"} meanwhile, though the processor answered ${outcome.status}`);
  });
}

/**
 * Step 3 of a partial refund, by the request that asked or by recovery: `intent` is `asked` and its row is locked by
 * `tx`. The intent moves to `done` and the refund is recorded exactly as the request asked (the credit note's number
 * and row, its issued document, the order's refunded sum, the history event, the buyer's mail); or, refused, to
 * `refused` with the refusal in the history and the order as it was.
 */
export async function completePartialRefund(tx: Tx, intent: RefundIntentRow, outcome: RefundResult): Promise<PartialRefundResult> {
  const { actor, siteUrl, locale, expectedRefundedCents, reason, requestId } = intent.request;
  if (expectedRefundedCents === undefined || reason === undefined || requestId === undefined) throw new Error(`the refund ${intent.idempotencyKey} is not a partial refund`);
  const amountCents = intent.amountCents;
  const [order] = await tx.select().from(orders).where(eq(orders.id, intent.orderId)).for("update");
  // The order is held while the intent is open: no other refund can have changed it.
  if (!order || order.partlyRefundedCents !== expectedRefundedCents) throw new Error(`order ${intent.orderId} changed under its open refund ${intent.idempotencyKey}`);
  if (outcome.status === "refused") {
    await settleRefundIntent(tx, intent.idempotencyKey, { state: "refused" });
    const details = { amountCents: String(amountCents) };
    await recordRefundRefusal(tx, { orderId: order.id, status: order.status, actor, attempted: "partial-refund", details }, outcome);
    return refusedPart(refusalReason(outcome, locale), locale);
  }
  await settleRefundIntent(tx, intent.idempotencyKey, { state: "done", refundReference: outcome.reference });

  const number = await takeInvoiceNumber(tx);
  const now = new Date();
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      creditNoteNumber: number,
      orderId: order.id,
      grossCents: amountCents,
      vatCents: refundVatCents(order, amountCents),
      reason,
      refundReference: outcome.reference,
      actor: actor.name,
      requestId,
      createdAt: now,
    })
    .returning();
  const [changed] = await tx
    .update(orders)
    .set({ partlyRefundedCents: order.partlyRefundedCents + amountCents, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.partlyRefundedCents, expectedRefundedCents)))
    .returning();
  if (!changed) throw new Error("the order's refunded amount changed under its lock");
  await recordIssuedDocument(tx, { number, orderId: order.id, kind: "creditNote" });
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "partial-refund",
    fromStatus: order.status,
    toStatus: order.status,
    actor,
    details: {
      amountCents: String(amountCents),
      creditNoteNumber: number,
      refundReference: outcome.reference,
      reason,
    },
  });
  const orderUrl = new URL(orderPath(order.id, { guest: order.userId === null }), siteUrl).href;
  const unmailed = !(await enqueueMail(tx, orderPartlyRefundedMail(changed, toPartialCreditNote(row!), orderUrl)));
  return { ok: true, order: changed, refund: row!, unmailed, repeated: false };
}

function refusedPart(reason: string, locale: Locale = "en"): PartialRefundResult {
  const t = translatorFor(locale, "admin");
  return { ok: false, reason: "refund-refused", message: `${t("transition.refundRefused", { reason })} ${t("partialRefund.refusals.notRefunded")}` };
}

/** A stored partial refund as its credit note states it. */
export function toPartialCreditNote(row: OrderRefundRow): PartialCreditNote {
  return { number: row.creditNoteNumber, issuedAt: row.createdAt, grossCents: row.grossCents, vatCents: row.vatCents, reason: row.reason };
}

/** The order's partial refunds, oldest first. */
export async function partialRefundsOf(db: Pick<Db, "select">, orderId: string): Promise<OrderRefundRow[]> {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.creditNoteNumber));
}

/** One partial refund of the order by its credit note's number, or null (another order's number included). */
export async function findPartialRefund(db: Db, orderId: string, number: string): Promise<OrderRefundRow | null> {
  if (!/^\d{4}-\d{6,}$/.test(number)) return null;
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.creditNoteNumber, number)));
  return row ?? null;
}
