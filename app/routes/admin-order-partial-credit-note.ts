import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { pageNotFound, withNotFoundPage } from "#app/modules/http/not-found.ts";
import { partialCreditNoteResponse } from "#app/modules/orders/issued-documents.server.ts";
import { findOrderById } from "#app/modules/orders/orders.server.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/admin-order-partial-credit-note";

/** /admin/orders/{id}/credit-notes/{number}: one of the order's partial refunds' credit notes (PDF), for operators only. */
export const loader = withNotFoundPage(async ({ request, params, context }: Route.LoaderArgs) => {
  await requireOperator(request, context);
  const db = await getDb(context);
  const order = (await findOrderById(db, params.orderId)) ?? pageNotFound(request);
  return partialCreditNoteResponse(request, db, order, params.number);
});
