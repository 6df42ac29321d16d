import { withNotFoundPage } from "#app/modules/http/not-found.ts";
import { invoiceResponse } from "#app/modules/orders/issued-documents.server.ts";
import { requireViewableOrder } from "#app/modules/orders/viewable-order.server.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/order-invoice";

/** /orders/{id}/invoice: the order's invoice (PDF), under the order page's own rules: its owner, or the guest link's token. */
export const loader = withNotFoundPage(async ({ request, params, context }: Route.LoaderArgs) => {
  const order = await requireViewableOrder(request, context, params.orderId);
  return invoiceResponse(request, await getDb(context), order);
});
