import { data, type RouterContextProvider } from "react-router";
import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { transitionSchema } from "#app/modules/admin/transition-schema.ts";
import type { Design } from "#app/modules/design/design.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import { normaliseTrackingNumber, type CarrierCode } from "#app/modules/orders/carriers.ts";
import { orderHistory } from "#app/modules/orders/order-history.server.ts";
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
    printPath: `/admin/orders/${order.id}/print`,
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
