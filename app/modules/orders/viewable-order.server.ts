import { redirect, type RouterContextProvider } from "react-router";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import type { OrderRow } from "#app/db/schema.ts";
import { getDb, sessionContext } from "#app/request-context.server.ts";
import { findViewableOrder } from "./orders.server.ts";

/**
 * The order a request may see: the signed-in owner's, or a guest order with the link's token (`?token=`).
 * Signed out and without a token, the request goes to the sign-in page and back here: an account's order is
 * linked from its mails without a token. That happens whether or not the order exists, so nothing is revealed.
 * Anything else answers the 404 page, so that order ids cannot be probed.
 */
export async function requireViewableOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  orderId: string,
): Promise<OrderRow> {
  const url = new URL(request.url);
  const viewer = { userId: context.get(sessionContext)?.userId ?? null, token: url.searchParams.get("token") };
  const order = await findViewableOrder(await getDb(context), orderId, viewer);
  if (order) return order;
  if (viewer.userId === null && viewer.token === null) throw redirect(signInPathFor(url));
  return pageNotFound(request);
}

/** The account page's sign-in, which comes back to `url` (an order's page, invoice or credit note) once signed in. */
function signInPathFor(url: URL): string {
  return `/account?${new URLSearchParams({ next: url.pathname })}`;
}

/** The other half of the rule above: the `next` the sign-in page follows, only an order's page, invoice or credit notes. */
export function orderPathAfterSignIn(next: string | null): string | null {
  return next && /^\/orders\/[\w-]{1,64}(\/(invoice|credit-note|credit-notes\/\d{4}-\d{6,12}))?$/.test(next) ? next : null;
}

/** The order whose print files a request may have: the owner's, or a guest order with the print token (`?print=`). */
export async function requirePrintableOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  orderId: string,
): Promise<OrderRow> {
  const viewer = { userId: context.get(sessionContext)?.userId ?? null, token: new URL(request.url).searchParams.get("print") };
  const order = await findViewableOrder(await getDb(context), orderId, viewer, "print");
  return order ?? pageNotFound(request);
}
