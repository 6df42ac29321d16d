import { Form, Link, useLoaderData } from "react-router";
import { formatDateTime, formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "#app/modules/orders/order-status.ts";
import { OrderStatusBadge } from "#app/modules/orders/order-status-badge.tsx";
import type { Route } from "./+types/admin-orders";
import { adminOrdersLoader } from "./admin-orders.server.ts";

export const meta = () => pageMeta({ title: "Orders", description: "Every order, newest first, with search and status filters.", noindex: true });

export const loader = ({ request, context }: Route.LoaderArgs) => adminOrdersLoader(request, context);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The list's URL for a status, a search and a page; empty parts are left out. */
function listUrl(path: string, params: { status?: OrderStatus | null; q?: string; after?: string | null }) {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  if (params.after) search.set("after", params.after);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export default function AdminOrders() {
  const { query, counts, orders, nextCursor } = useLoaderData<typeof loader>();
  const filters = { status: query.status, q: query.search };
  return (
    <div className="stack">
      <div className="admin__heading">
        <h1>Orders</h1>
        <a className="button button--small admin__heading-end" href={listUrl("/admin/orders.csv", filters)} download>
          Export CSV
        </a>
      </div>
      <Form method="get" className="admin__search" role="search">
        <label htmlFor="order-search">Search by order number, e-mail or name</label>
        <div className="admin__search-row">
          <input id="order-search" name="q" type="search" defaultValue={query.search} spellCheck={false} autoComplete="off" />
          {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      <nav aria-label="Order status">
        <ul className="admin__tabs">
          {([null, ...ORDER_STATUSES] as const).map((status) => (
            <li key={status ?? "all"}>
              <Link to={listUrl("/admin", { status, q: query.search })} aria-current={status === query.status ? "page" : undefined}>
                <span className="admin__tab-label">{status ? ORDER_STATUS_LABELS[status] : "All"}</span>{" "}
                <span className="admin__count">{counts[status ?? "all"]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {orders.length === 0 ? (
        <p role="status">{query.search ? `No orders match “${query.search}”.` : "No orders here yet."}</p>
      ) : (
        <div className="admin__table-wrap">
          <table className="admin__table">
            <caption className="visually-hidden">
              {query.status ? ORDER_STATUS_LABELS[query.status] : "All"} orders, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Design</th>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Buyer</th>
                <th scope="col">Width</th>
                <th scope="col">Grip</th>
                <th scope="col" className="admin__amount">
                  Total
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <DeckPreview className="admin__thumb" design={order.design} size={order.size} grip={order.grip} />
                  </td>
                  <th scope="row" className="admin__nowrap">
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                  </th>
                  <td className="admin__nowrap">{formatDateTime(order.createdAt)}</td>
                  <td>
                    {order.name}
                    <br />
                    <span className="admin__muted">{order.contact}</span>
                  </td>
                  <td>{formatDeckSize(order.size)}</td>
                  <td>{order.grip ? "Yes" : "No"}</td>
                  <td className="admin__amount">{formatMoney(order.totalCents)}</td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="actions">
        {query.paged ? (
          <Link className="button" to={listUrl("/admin", filters)}>
            First page
          </Link>
        ) : null}
        {nextCursor ? (
          <Link className="button" to={listUrl("/admin", { ...filters, after: nextCursor })}>
            Next page
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
