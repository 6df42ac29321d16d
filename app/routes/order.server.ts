import { data, redirect, type RouterContextProvider } from "react-router";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { keepOrderInAccount, sendClaimLink } from "#app/modules/orders/order-claims.server.ts";
import { normalizeEmail, type Account } from "#app/modules/accounts/accounts.server.ts";
import type { OrderRow } from "#app/db/schema.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { orderAccessToken, printAccessToken } from "#app/modules/orders/order-link.server.ts";
import type { Design } from "#app/modules/design/design.ts";
import { offersWithdrawal } from "#app/modules/orders/withdrawal.ts";
import { WITHDRAWAL_PATH } from "#app/modules/legal/legal-pages.ts";
import { toOrderView } from "#app/modules/orders/orders.server.ts";
import { requireViewableOrder } from "#app/modules/orders/viewable-order.server.ts";
import { partialRefundsOf } from "#app/modules/orders/partial-refunds.server.ts";
import { getDb, getLocale, getSiteUrl, sessionContext } from "#app/request-context.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

type Context = Readonly<RouterContextProvider>;

/** A guest order whose address is the signed-in buyer's own: it can go into their account without a link. */
function isOwnGuestOrder(order: OrderRow, viewer: Account | null): viewer is Account {
  return order.userId === null && viewer !== null && normalizeEmail(viewer.email) === normalizeEmail(order.contact);
}

export async function orderLoader(request: Request, context: Context, orderId: string) {
  const order = await requireViewableOrder(request, context, orderId);
  const guestOrder = order.userId === null;
  const viewer = guestOrder ? await currentAccount(context) : null;
  const tokenQuery = guestOrder ? `?token=${orderAccessToken(order.id)}` : "";
  return {
    order: toOrderView(order, getLocale(context)),
    design: order.design as Design,
    printPath: `/orders/${order.id}/print`,
    // The print files' own capability, not the page's token (order-link.server.ts).
    printQuery: guestOrder ? `?print=${printAccessToken(order.id)}` : "",
    // The invoice (and a refund's credit note) is under the order page's own rules: a guest's link carries the page's token.
    invoicePath: `/orders/${order.id}/invoice${tokenQuery}`,
    creditNotePath: order.creditNoteNumber ? `/orders/${order.id}/credit-note${tokenQuery}` : null,
    // Each partial refund's credit note (a price reduction), under the same rules.
    partialCreditNotes: (await partialRefundsOf(await getDb(context), order.id)).map((refund) => ({
      number: refund.creditNoteNumber,
      at: refund.createdAt.toISOString(),
      grossCents: refund.grossCents,
      href: `/orders/${order.id}/credit-notes/${refund.creditNoteNumber}${tokenQuery}`,
    })),
    checkoutId: order.idempotencyKey,
    // The withdrawal function, for an order that has the right (a deck without the buyer's own design), D206.
    withdrawPath: offersWithdrawal(order) ? `${WITHDRAWAL_PATH}?order=${order.number}` : null,
    // Only the redirect right after the purchase thanks the buyer; the mail's link and the history do not.
    justPlaced: new URL(request.url).searchParams.get("placed") === "1",
    // Signed out: a link to the order's address makes or finds the account. Signed in with that address: at once.
    offerAccount: guestOrder && !context.get(sessionContext)?.userId,
    offerKeep: isOwnGuestOrder(order, viewer),
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
  if (formData.get("intent") === "keep") return keepInOwnAccount(context, order);
  if (formData.get("intent") !== "claim-link") {
    return data({ status: "error" as const, error: { "": [translatorFor(getLocale(context), "orders")("errors.chooseAction")] } }, { status: 400 });
  }
  await sendClaimLink(await getDb(context), order, getSiteUrl(context));
  return data({ status: "success" as const, sentTo: order.contact });
}

/** "Add to my account": only for the signed-in buyer whose address the order has; a second click finds it kept. */
async function keepInOwnAccount(context: Context, order: OrderRow) {
  const viewer = await currentAccount(context);
  const keptPage = redirect(`/orders/${order.id}?account=kept`);
  if (viewer !== null && order.userId === viewer.id) return keptPage;
  const t = translatorFor(getLocale(context), "orders");
  if (!isOwnGuestOrder(order, viewer)) return data({ status: "error" as const, error: { "": [t("errors.notYourAddress")] } }, { status: 403 });
  if (!(await keepOrderInAccount(await getDb(context), order.id, viewer.id))) {
    return data({ status: "error" as const, error: { "": [t("claim.claimed")] } }, { status: 409 });
  }
  return keptPage;
}
