import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { pageNotFound, withNotFoundPage } from "#app/modules/http/not-found.ts";
import { findOrderById } from "#app/modules/orders/orders.server.ts";
import { printFileResponse } from "#app/modules/orders/print-files.server.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/admin-order-print";

/** /admin/orders/{id}/print/{svg|png}: any order's print files, for operators only. */
export const loader = withNotFoundPage(async ({ request, params, context }: Route.LoaderArgs) => {
  await requireOperator(request, context);
  const db = await getDb(context);
  const order = (await findOrderById(db, params.orderId)) ?? pageNotFound(request);
  return printFileResponse(request, db, order, params.format);
});
