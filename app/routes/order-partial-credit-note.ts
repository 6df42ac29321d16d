import { withNotFoundPage } from "#app/modules/http/not-found.ts";
import { partialCreditNoteResponse } from "#app/modules/orders/issued-documents.server.ts";
import { requireViewableOrder } from "#app/modules/orders/viewable-order.server.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/order-partial-credit-note";

/**
 * /orders/{id}/credit-notes/{number}: a partial refund's credit note (Rechnungskorrektur, PDF), under the same rules as
 * the order's invoice (the owner, or a guest with the order link's token); another order's number is the 404 page.
 */
export const loader = withNotFoundPage(async ({ request, params, context }: Route.LoaderArgs) => {
  const order = await requireViewableOrder(request, context, params.orderId);
  return partialCreditNoteResponse(request, await getDb(context), order, params.number);
});
