import { withNotFoundPage } from "#app/modules/http/not-found.ts";
import { printFileResponse } from "#app/modules/orders/print-files.server.ts";
import { requirePrintableOrder } from "#app/modules/orders/viewable-order.server.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/order-print";

/** /orders/{id}/print/svg and /orders/{id}/print/png: the order's print files, for its owner or the print token's holder. */
export const loader = withNotFoundPage(async ({ request, params, context }: Route.LoaderArgs) => {
  const order = await requirePrintableOrder(request, context, params.orderId);
  return printFileResponse(request, await getDb(context), order, params.format);
});
