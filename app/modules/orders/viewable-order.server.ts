import { data, type RouterContextProvider } from "react-router";
import type { OrderRow } from "~/db/schema";
import { getDb, sessionContext } from "~/request-context.server";
import { findViewableOrder } from "./orders.server";

/** A page not found, as the 404 page words it: the answer for any order this visitor may not see. */
export function orderNotFound(request: Request): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

/**
 * The order a request may see: the signed-in owner's, or a guest order with the link's token (`?token=`).
 * Anything else answers the 404 page, so that order ids cannot be probed.
 */
export async function requireViewableOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  orderId: string,
): Promise<OrderRow> {
  const order = await findViewableOrder(await getDb(context), orderId, {
    userId: context.get(sessionContext)?.userId ?? null,
    token: new URL(request.url).searchParams.get("token"),
  });
  return order ?? orderNotFound(request);
}
