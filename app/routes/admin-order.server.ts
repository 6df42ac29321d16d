import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { transitionSchema } from "#app/modules/admin/transition-schema.ts";
import { isOrderIntent, noteSchema, resendMailSchema, trackingCorrectionSchema } from "#app/modules/admin/correction-schema.ts";
import { partialRefundAction, partialRefundPanel } from "#app/modules/admin/partial-refund.server.ts";
import { PARTIAL_REFUND_INTENT } from "#app/modules/admin/partial-refund-schema.ts";
import type { Design } from "#app/modules/design/design.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import { carrierName, normaliseTrackingNumber, type CarrierCode } from "#app/modules/orders/carriers.ts";
import { orderHistory } from "#app/modules/orders/order-history.server.ts";
import {
  addOrderNote,
  canCorrectShipment,
  correctShipment,
  resendOrderMail,
  type CorrectionResult,
} from "#app/modules/orders/order-corrections.server.ts";
import { lastMail, mailName, resendableMails } from "#app/modules/orders/resendable-mails.ts";
import { findOrderById, toOrderView } from "#app/modules/orders/orders.server.ts";
import { staleOrderMessage, transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import { isOrderStatus, nextStatuses, type OrderStatus } from "#app/modules/orders/order-status.ts";
import { getDb, getLocale, getSiteUrl, getServices } from "#app/request-context.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

type Context = Readonly<RouterContextProvider>;

async function findOrder(request: Request, context: Context, orderId: string) {
  return (await findOrderById(await getDb(context), orderId)) ?? pageNotFound(request);
}

/** Everything about one order for its operator: what the buyer entered, the money, the files, the history. */
export async function adminOrderLoader(request: Request, context: Context, orderId: string) {
  await requireOperator(request, context);
  const order = await findOrder(request, context, orderId);
  const history = await orderHistory(await getDb(context), order.id);
  const partialRefunds = await partialRefundPanel(context, order);
  const mails = resendableMails(order, partialRefunds.notes.map((note) => note.number));
  return {
    order: {
      // What the buyer sees of the order, and what only the operator needs.
      ...toOrderView(order, getLocale(context)),
      id: order.id,
      design: order.design as Design,
      // Stored when the order was placed: the design's layers are gone once the buyer deleted their account (D162).
      ownDesign: order.ownDesign,
      currency: order.currency,
      cardExpiry: `${String(order.cardExpMonth).padStart(2, "0")}/${order.cardExpYear}`,
      paymentProvider: order.paymentProvider,
      paymentReference: order.paymentReference,
      refundReference: order.refundReference,
      account: order.userId ? ("Account" as const) : ("Guest" as const),
    },
    next: nextStatuses(order.status),
    // Part of the amount refunded (a price reduction), with its credit notes, and the form for another.
    partialRefunds,
    printPath: `/admin/orders/${order.id}/print`,
    // The forms besides the moves (a note, a corrected shipment, a mail sent again), with the submission id of each for
    // this view of the page: the same post twice is written once (order-corrections.server.ts).
    corrections: {
      noteSubmission: randomUUID(),
      resendSubmission: randomUUID(),
      shipment: canCorrectShipment(order),
      anonymised: order.anonymisedAt !== null || order.contact === "",
      contactEditable: order.userId === null,
      mails,
      lastMail: lastMail(mails, history),
    },
    history: history.map((event) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      actor: event.actor,
      kind: event.kind,
      from: event.fromStatus,
      to: event.toStatus,
      details: event.details,
    })),
  };
}

/**
 * Moves the order one step. A double click or a second operator gets the refusal that names the status now
 * (compare-and-set in transitionOrder); field errors come back for the form that was sent.
 */
export async function adminOrderAction(request: Request, context: Context, orderId: string) {
  const operator = await requireOperator(request, context);
  const order = await findOrder(request, context, orderId);
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const intent = formData.get("intent");
  if (intent === PARTIAL_REFUND_INTENT) return partialRefundAction(request, context, order, operator, formData);
  if (intent !== null) return correctionAction(request, context, order.id, { id: operator.id, name: operator.email }, formData);
  const submission = parseForm(formData, transitionSchema, { translate: formMessageIn(getLocale(context)) });
  const to = formData.get("to");
  // An order that moved on since the page was read is refused as such, before its form is judged: fixing a tracking
  // number for an order another tab has shipped would only lead to that refusal.
  const seen = formData.get("expected");
  if (typeof seen === "string" && isOrderStatus(seen) && seen !== order.status) {
    return refusedMove(to, staleOrderMessage(order.status, getLocale(context)));
  }
  if (submission.status !== "success") return data({ to, result: submission.reply() }, { status: 400 });

  const { expected, to: target, carrier, trackingNumber, refundedElsewhere } = submission.value;
  const shipment = target === "shipped" ? { carrier: carrier as CarrierCode, trackingNumber: normaliseTrackingNumber(trackingNumber ?? "") } : undefined;
  const result = await transitionOrder(await getDb(context), getServices(context).payments(), {
    orderId: order.id,
    expected,
    to: target,
    actor: { id: operator.id, name: operator.email },
    shipment,
    siteUrl: getSiteUrl(context),
    locale: getLocale(context),
    refundedElsewhere: refundedElsewhere === true,
  });
  if (!result.ok) {
    if (result.reason === "not-found") pageNotFound(request);
    // A refused refund leaves the order as it was, and the message goes with the form that asked; an order that
    // moved on is reported above the forms, which the page reloads (the route's shouldRevalidate).
    if (result.reason === "refund-refused") {
      // The form then offers to go on without the processor's refund (the money may be back by a chargeback).
      return data({ to, result: submission.reply({ formErrors: [result.message] }), refundRefused: true }, { status: 502 });
    }
    return refusedMove(to, result.message);
  }
  const t = translatorFor(getLocale(context), "admin");
  return data({
    to,
    result: submission.reply({ resetForm: true }),
    done: t("transition.done", { status: statusInSentence(context, result.order.status) }),
    // The order has no e-mail address left (its account was deleted): the move is made, the buyer was not told.
    ...(result.unmailed ? { unmailed: t("transition.unmailed") } : {}),
  });
}

/**
 * A move refused because the order moved on (or may not go there): the message stands above the forms, which the
 * page reloads; no field errors go with it, since the form that was sent may be gone.
 */
function refusedMove(to: FormDataEntryValue | null, message: string) {
  return data({ to, result: { status: "error" as const }, refused: message }, { status: 409 });
}

/** An order's status as the operator's language puts it inside a sentence. */
function statusInSentence(context: Context, status: OrderStatus): string {
  return translatorFor(getLocale(context), "admin")(`statusInSentence.${status}`);
}

/**
 * A form besides the moves, told by its `intent`: a note, a corrected shipment, a mail sent again. Its reply carries
 * the intent (for the form that was sent), its field errors (400), a refusal because the order is not one it
 * applies to or changed meanwhile (409, shown above the form; the page reloads), or what was done.
 */
async function correctionAction(request: Request, context: Context, orderId: string, actor: { id: string; name: string }, formData: FormData) {
  const intent = formData.get("intent");
  const locale = getLocale(context);
  const translate = formMessageIn(locale);
  const t = translatorFor(locale, "admin");
  if (!isOrderIntent(intent)) {
    return data({ intent: null, result: { status: "error" as const, error: { "": [t("corrections.errors.reloadPage")] } } }, { status: 400 });
  }
  const db = await getDb(context);
  const common = { orderId, actor, locale };

  if (intent === "note") {
    const submission = parseForm(formData, noteSchema, { translate });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await addOrderNote(db, { ...common, text: submission.value.note, submission: submission.value.submission });
    return correctionReply(request, intent, submission, result, () => t("corrections.noteAdded"));
  }

  if (intent === "correct-tracking") {
    const submission = parseForm(formData, trackingCorrectionSchema, { translate });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { expectedCarrier, expectedTrackingNumber, carrier, trackingNumber } = submission.value;
    const result = await correctShipment(db, {
      ...common,
      expected: { carrier: expectedCarrier ?? "", trackingNumber: expectedTrackingNumber ?? "" },
      shipment: { carrier: carrier as CarrierCode, trackingNumber: normaliseTrackingNumber(trackingNumber ?? "") },
      siteUrl: getSiteUrl(context),
    });
    return correctionReply(request, intent, submission, result, (order) =>
      t("corrections.trackingCorrected", { carrier: carrierName(order.carrier), trackingNumber: order.trackingNumber ?? "" }),
    );
  }

  const submission = parseForm(formData, resendMailSchema, { translate });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { expectedContact, contact, mail, submission: id } = submission.value;
  const result = await resendOrderMail(db, { ...common, expectedContact: expectedContact ?? "", contact, mail, submission: id, siteUrl: getSiteUrl(context) });
  const name = mailName(mail);
  const mailTitle = t(name.key, name.values);
  return correctionReply(request, intent, submission, result, (order) =>
    contact !== undefined && contact !== expectedContact
      ? t("corrections.contactCorrected", { contact: order.contact, mail: mailTitle })
      : t("corrections.mailResent", { contact: order.contact, mail: mailTitle }),
  );
}

function correctionReply(
  request: Request,
  intent: string,
  submission: { reply: (options?: { resetForm?: boolean; fieldErrors?: Record<string, string[]> }) => unknown },
  result: CorrectionResult,
  done: (order: Extract<CorrectionResult, { ok: true }>["order"]) => string,
) {
  if (!result.ok) {
    if (result.reason === "not-found") return pageNotFound(request);
    if (result.reason === "invalid") {
      return data({ intent, result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }) }, { status: 400 });
    }
    return data({ intent, result: { status: "error" as const }, refused: result.message }, { status: 409 });
  }
  return data({ intent, result: submission.reply({ resetForm: true }), done: done(result.order) });
}
