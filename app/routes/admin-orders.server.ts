import { data, type RouterContextProvider } from "react-router";
import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { countOrdersByStatus, listOrders, orderListQuery } from "#app/modules/admin/admin-orders.server.ts";
import type { Design } from "#app/modules/design/design.ts";
import { getDb } from "#app/request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The orders list: a page of the filtered orders and the count of each status. `Server-Timing: db` tells how long
 * the database took (bench:admin reads it).
 */
export async function adminOrdersLoader(request: Request, context: Context) {
  await requireOperator(request, context);
  const query = orderListQuery(new URL(request.url).searchParams);
  const db = await getDb(context);
  const started = performance.now();
  const [page, counts] = await Promise.all([listOrders(db, query), countOrdersByStatus(db)]);
  const dbMs = performance.now() - started;
  return data(
    {
      query: { status: query.status, search: query.search, paged: query.cursor !== null },
      counts,
      nextCursor: page.nextCursor,
      orders: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), design: row.design as Design })),
    },
    { headers: { "Server-Timing": `db;dur=${dbMs.toFixed(1)}` } },
  );
}
