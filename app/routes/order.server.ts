import { data, type RouterContextProvider } from "react-router";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { sendClaimLink } from "#app/modules/orders/order-claims.server.ts";
import { orderAccessToken, printAccessToken } from "#app/modules/orders/order-link.server.ts";
import type { Design } from "#app/modules/design/design.ts";
import { offersWithdrawal } from "#app/modules/orders/withdrawal.ts";
import { WITHDRAWAL_PATH } from "#app/modules/legal/legal-pages.ts";
import { toOrderView } from "#app/modules/orders/orders.server.ts";
import { requireViewableOrder } from "#app/modules/orders/viewable-order.server.ts";
import { getDb, getLocale, sessionContext } from "#app/request-context.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

type Context = Readonly<RouterContextProvider>;

export async function orderLoader(request: Request, context: Context, orderId: string) {
  const order = await requireViewableOrder(request, context, orderId);
  const guestOrder = order.userId === null;
  return {
    order: toOrderView(order, getLocale(context)),
    design: order.design as Design,
    printPath: `/orders/${order.id}/print`,
    // The print files' own capability, not the page's token (order-link.server.ts).
    printQuery: guestOrder ? `?print=${printAccessToken(order.id)}` : "",
    // The invoice is under the order page's own rules: a guest's link carries the page's token.
    invoicePath: `/orders/${order.id}/invoice${guestOrder ? `?token=${orderAccessToken(order.id)}` : ""}`,
    checkoutId: order.idempotencyKey,
    // The withdrawal function, for an order that has the right (a deck without the buyer's own design), D206.
    withdrawPath: offersWithdrawal(order) ? `${WITHDRAWAL_PATH}?order=${order.number}` : null,
    // Only the redirect right after the purchase thanks the buyer; the mail's link and the history do not.
    justPlaced: new URL(request.url).searchParams.get("placed") === "1",
    offerAccount: guestOrder && !context.get(sessionContext)?.userId,
    // After the claim page (`?account=created|kept`), and only to the account that now holds the order.
    accountOutcome: accountOutcomeOf(request, order.userId, context.get(sessionContext)?.userId ?? null),
  };
}

function accountOutcomeOf(request: Request, orderUserId: string | null, viewerId: string | null): "created" | "kept" | null {
  const outcome = new URL(request.url).searchParams.get("account");
  if (orderUserId === null || orderUserId !== viewerId) return null;
  return outcome === "created" || outcome === "kept" ? outcome : null;
}

/**
 * "Keep this order in an account": a one-time link goes to the order's e-mail address. The answer is the same
 * whether a link went out or this hour's were used up, and nothing moves until the link is opened.
 */
export async function orderAction(request: Request, context: Context, orderId: string) {
  const order = await requireViewableOrder(request, context, orderId);
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  if (formData.get("intent") !== "claim-link") {
    return data({ status: "error" as const, error: { "": [translatorFor(getLocale(context), "orders")("errors.chooseAction")] } }, { status: 400 });
  }
  await sendClaimLink(await getDb(context), order, new URL(request.url).origin);
  return data({ status: "success" as const, sentTo: order.contact });
}
