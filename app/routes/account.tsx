import { Form, Link, redirect, useLoaderData } from "react-router";
import { formatDate, formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import type { Design } from "#app/modules/design/design.ts";
import { OrderStatusBadge } from "#app/modules/orders/order-status-badge.tsx";
import { ordersOfUser } from "#app/modules/orders/orders.server.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/account";

export const meta = () => pageMeta({ title: "Your account", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const account = await currentAccount(context);
  if (!account) throw redirect("/Login?next=/account");
  const orders = await ordersOfUser(await getDb(context), account.id);
  return {
    email: account.email,
    orders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString(), design: order.design as Design })),
  };
}

export default function Account() {
  const { email, orders } = useLoaderData<typeof loader>();
  return (
    <div className="page stack">
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{email}</strong>.
      </p>
      <Form method="post" action="/logout">
        <button type="submit" className="button">
          Sign out
        </button>
      </Form>
      <section aria-labelledby="orders-title" className="stack">
        <h2 id="orders-title">Your orders</h2>
        {orders.length === 0 ? (
          <p>
            No orders yet. <Link to="/editor">Design your deck</Link>.
          </p>
        ) : (
          <table className="order-history">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Design</span>
                </th>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col" className="order-history__deck">
                  Deck
                </th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <DeckPreview className="order-history__thumb" design={order.design} size={order.size} grip={order.grip} />
                  </td>
                  <th scope="row">
                    <Link className="order-history__number" to={`/orders/${order.id}`}>
                      {order.number}
                    </Link>
                    <br />
                    <OrderStatusBadge status={order.status} />
                  </th>
                  <td>{formatDate(order.createdAt)}</td>
                  <td className="order-history__deck">
                    {formatDeckSize(order.size)}
                    {order.grip ? ", grip tape" : ""}
                  </td>
                  <td>{formatMoney(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
