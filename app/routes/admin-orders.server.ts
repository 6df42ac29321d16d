import { data, redirect, type RouterContextProvider } from "react-router";
import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { countOrdersByStatus, listOrders, orderListQuery } from "#app/modules/admin/admin-orders.server.ts";
import { exportRange, exportSearch, type ExportRangeResult } from "#app/modules/admin/export-range.ts";
import { withdrawalMark } from "#app/modules/admin/withdrawal-mark.ts";
import type { Design } from "#app/modules/design/design.ts";
import { getDb } from "#app/request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The orders list: a page of the filtered orders and the count of each status. `Server-Timing: db` tells how long
 * the database took (bench:admin reads it).
 *
 * The export form on the page sends its range here (`export=csv`, a plain GET form, so that it works without
 * JavaScript): a good range goes on to the CSV, which the browser downloads while the page stays; a bad one comes
 * back as the page with a message on each wrong field and status 400.
 */
export async function adminOrdersLoader(request: Request, context: Context) {
  await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const query = orderListQuery(params);
  // Which file: the orders (one row each, with the list's tab and search) or the documents' journal (every invoice
  // and credit note of the range, whatever the list shows).
  const exporting = params.get("export");
  const range: ExportRangeResult = exporting === "csv" || exporting === "documents" ? exportRange(params) : { ok: true, range: { from: null, to: null } };
  if (exporting === "csv" && range.ok) {
    const { from, to } = range.range;
    throw redirect(`/admin/orders.csv${exportSearch({ status: query.status, q: query.search, from: from ?? "", to: to ?? "" })}`, 303);
  }
  if (exporting === "documents" && range.ok) {
    const { from, to } = range.range;
    throw redirect(`/admin/documents.csv${exportSearch({ status: null, q: "", from: from ?? "", to: to ?? "" })}`, 303);
  }
  const db = await getDb(context);
  const started = performance.now();
  const [page, counts] = await Promise.all([listOrders(db, query), countOrdersByStatus(db)]);
  const dbMs = performance.now() - started;
  return data(
    {
      query: { status: query.status, search: query.search, paged: query.cursor !== null },
      counts,
      nextCursor: page.nextCursor,
      orders: page.rows.map(({ deliveredAt, ownDesign, withdrawalDeclaredAt, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        design: row.design as Design,
        withdrawal: withdrawalMark({ status: row.status, ownDesign, withdrawalDeclaredAt, deliveredAt }),
      })),
      exportForm: range.ok ? { values: { from: "", to: "" }, errors: {} } : { values: range.values, errors: range.errors },
    },
    { status: range.ok ? 200 : 400, headers: { "Server-Timing": `db;dur=${dbMs.toFixed(1)}` } },
  );
}
