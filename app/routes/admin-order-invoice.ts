import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { pageNotFound, withNotFoundPage } from "#app/modules/http/not-found.ts";
import { invoiceResponse } from "#app/modules/orders/issued-documents.server.ts";
import { findOrderById } from "#app/modules/orders/orders.server.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/admin-order-invoice";

/** /admin/orders/{id}/invoice: any order's invoice (PDF), for operators only. */
export const loader = withNotFoundPage(async ({ request, params, context }: Route.LoaderArgs) => {
  await requireOperator(request, context);
  const order = (await findOrderById(await getDb(context), params.orderId)) ?? pageNotFound(request);
  return invoiceResponse(request, await getDb(context), order);
});
