import { data, redirect, type RouterContextProvider } from "react-router";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { CARD_FIELDS } from "#app/modules/card/use-card-form.ts";
import { carryBack } from "#app/modules/checkout/carried-draft.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { orderSubmissionSchema, type OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { rememberCheckoutAddress } from "#app/modules/accounts/address-book.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { orderPath } from "#app/modules/orders/order-link.server.ts";
import { PaymentUnavailableError, placeOrder } from "#app/modules/orders/place-order.server.ts";
import { getDb, getLocale, getSiteUrl, getServices, requestIdContext, sessionContext } from "#app/request-context.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Card data is never sent back to the browser, not even to echo a form. */
const HIDDEN_FIELDS = [...CARD_FIELDS];

/**
 * A signed-in buyer's address goes into their address book as the default, for the next order. The order is
 * placed by then: a failure here is logged, never shown as a failed payment.
 */
async function keepAddress(db: Db, userId: string, address: OrderSubmission, context: Context) {
  try {
    await rememberCheckoutAddress(db, userId, address);
  } catch (error) {
    console.error(`[${context.get(requestIdContext)}] address not kept:`, (error as Error).message);
  }
}

type Submission = ReturnType<typeof parseForm<typeof orderSubmissionSchema>>;

function refuse(submission: Submission, message: string, status: number) {
  return data(submission.reply({ formErrors: [message], hideFields: HIDDEN_FIELDS }), { status });
}

/**
 * Places the order: validate the whole order with the one order schema (the server checks every step's rules
 * again), recompute the price, charge through the payment provider, store it. Each failure keeps the buyer
 * on the page with a message; a placed order goes to its confirmation.
 */
export async function paymentAction(request: Request, context: Context) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const answer = await answerPayment(formData, context);
  // A refused form the browser posted itself (no scripts yet, or none at all) comes back with its order's fields.
  if (!(answer instanceof Response)) carryBack(context, request, formData);
  return answer;
}

async function answerPayment(formData: FormData, context: Context) {
  const submission = parseForm(formData, orderSubmissionSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: HIDDEN_FIELDS }), { status: 400 });
  }

  // What the action says back is made here, in the buyer's language.
  const t = translatorFor(getLocale(context), "checkout");
  const price = priceOrder(submission.value);
  if (String(price.totalCents) !== formData.get("expectedTotalCents")) {
    return refuse(submission, t("payment.errors.priceChanged"), 409);
  }

  const userId = context.get(sessionContext)?.userId ?? null;
  try {
    const db = await getDb(context);
    const result = await placeOrder({
      db,
      provider: getServices(context).payments(),
      submission: submission.value,
      userId,
      siteUrl: getSiteUrl(context),
      locale: getLocale(context),
    });
    switch (result.status) {
      case "placed":
        if (userId !== null && result.order.userId === userId) await keepAddress(db, userId, submission.value, context);
        return redirect(orderPath(result.order.id, { guest: result.order.userId === null, placed: true }));
      case "declined":
        return refuse(submission, t(`payment.errors.declined.${result.code}` as const), 402);
      case "in-progress":
        return refuse(submission, t("payment.errors.stillProcessing"), 409);
    }
  } catch (error) {
    const requestId = context.get(requestIdContext);
    logger.error({ err: error }, "order not placed");
    const message =
      error instanceof PaymentUnavailableError
        ? t("payment.errors.paymentUnavailable")
        : t("payment.errors.systemDown", { reference: requestId });
    return refuse(submission, message, 503);
  }
}
