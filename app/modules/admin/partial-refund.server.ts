import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import type { Account } from "#app/modules/accounts/accounts.server.ts";
import type { OrderRow } from "#app/db/schema.ts";
import { formatMoney } from "#app/modules/catalog/format.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import {
  PARTLY_REFUNDABLE,
  partialRefundsOf,
  refundableCents,
  refundPart,
} from "#app/modules/orders/partial-refunds.server.ts";
import { getDb, getLocale, getServices, getSiteUrl } from "#app/request-context.server.ts";
import { PARTIAL_REFUND_INTENT, parseEuroAmount, partialRefundSchema } from "./partial-refund-schema.ts";

type Context = Readonly<RouterContextProvider>;

/** The back office's route for a partial refund's credit note (admin-order-partial-credit-note.ts). */
export function adminPartialCreditNotePath(orderId: string, number: string): string {
  return `/admin/orders/${orderId}/credit-notes/${number}`;
}

/**
 * What the order page shows of partial refunds: whether the form is offered, what was refunded and what is left, the
 * credit notes, and the form's submission id for this view of the page (a double click refunds once).
 */
export async function partialRefundPanel(context: Context, order: OrderRow) {
  const refunds = await partialRefundsOf(await getDb(context), order.id);
  return {
    requestId: randomUUID(),
    offered: PARTLY_REFUNDABLE.includes(order.status) && order.anonymisedAt === null && order.invoiceNumber !== null,
    totalCents: order.totalCents,
    refundedCents: order.partlyRefundedCents,
    refundableCents: refundableCents(order),
    notes: refunds.map((refund) => ({
      number: refund.creditNoteNumber,
      at: refund.createdAt.toISOString(),
      grossCents: refund.grossCents,
      reason: refund.reason,
      actor: refund.actor,
      href: adminPartialCreditNotePath(order.id, refund.creditNoteNumber),
    })),
  };
}

/**
 * "Refund part of the amount" (intent `refund-part`): field errors 400 (an amount not less than what is left is one),
 * a refund made meanwhile or an order that moved to where none is allowed 409 (the page reloads), a processor's
 * refusal 502 with the order unchanged; else what was done.
 */
export async function partialRefundAction(request: Request, context: Context, order: OrderRow, operator: Account, formData: FormData) {
  const intent = PARTIAL_REFUND_INTENT;
  const locale = getLocale(context);
  const t = translatorFor(locale, "admin");
  const submission = parseForm(formData, partialRefundSchema, { translate: formMessageIn(locale) });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { amount, reason, requestId, expectedRefundedCents } = submission.value;
  const amountCents = parseEuroAmount(amount)!;
  const result = await refundPart(await getDb(context), getServices(context).payments(), {
    orderId: order.id,
    amountCents,
    reason,
    expectedRefundedCents: Number(expectedRefundedCents),
    actor: { id: operator.id, name: operator.email },
    siteUrl: getSiteUrl(context),
    requestId,
    locale,
  });
  if (!result.ok) {
    if (result.reason === "not-found") return pageNotFound(request);
    if (result.reason === "too-much") return data({ intent, result: submission.reply({ fieldErrors: { amount: [result.message] } }) }, { status: 400 });
    if (result.reason === "refund-refused") return data({ intent, result: submission.reply({ formErrors: [result.message] }) }, { status: 502 });
    return data({ intent, result: { status: "error" as const }, refused: result.message }, { status: 409 });
  }
  const done = t(result.repeated ? "partialRefund.repeated" : "partialRefund.done", {
    amount: formatMoney(result.refund.grossCents, locale),
    creditNote: result.refund.creditNoteNumber,
  });
  return data({
    intent,
    result: submission.reply({ resetForm: true }),
    done,
    ...(result.unmailed ? { unmailed: t("transition.unmailed") } : {}),
  });
}
