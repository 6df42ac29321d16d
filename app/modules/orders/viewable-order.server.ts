import type { RouterContextProvider } from "react-router";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import type { OrderRow } from "#app/db/schema.ts";
import { getDb, sessionContext } from "#app/request-context.server.ts";
import { findViewableOrder } from "./orders.server.ts";

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
  return order ?? pageNotFound(request);
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
