import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { formatDate, formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import { InvoiceLink } from "#app/modules/orders/invoice-link.tsx";
import { OrderStatusBadge } from "#app/modules/orders/order-status-badge.tsx";
import { AddressBook } from "#app/modules/accounts/address-book.tsx";
import { DataRights } from "#app/modules/accounts/data-rights.tsx";
import { accountAction, accountLoader } from "./account.server.ts";
import type { Route } from "./+types/account";

export const meta = () => pageMeta({ title: "Your account", description: "Your orders, their status and your details.", noindex: true });

export const loader = ({ request, context }: Route.LoaderArgs) => accountLoader(request, context);

/** Signed out: the Login step's sign-in, back to this page. Signed in: the address book's forms. */
export const action = ({ request, context }: Route.ActionArgs) => accountAction(request, context);

export default function Account() {
  const { email, orders, addresses, editing, notice } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (!email) return <SignIn />;
  const formResult = reply?.form === "address" ? (reply.result as SubmissionResult<string[]>) : undefined;
  const listErrors = reply?.form === "address-list" ? ((reply.result as SubmissionResult<string[]>).error?.[""] ?? []) : [];
  return (
    <div className="page stack account">
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{email}</strong>.
      </p>
      <Form method="post" action="/logout">
        <button type="submit" className="button">
          Sign out
        </button>
      </Form>
      <AddressBook addresses={addresses} editing={editing} notice={notice} formResult={formResult} listErrors={listErrors} />
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
                  <td>
                    {formatMoney(order.totalCents)}
                    <br />
                    <InvoiceLink href={`/orders/${order.id}/invoice`} orderNumber={order.number} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <DataRights />
    </div>
  );
}

function SignIn() {
  const reply = useActionData<typeof action>();
  const lastResult = reply?.form === "signin" ? (reply.result as SubmissionResult<string[]>) : undefined;
  return (
    <div className="page page--narrow stack">
      <h1>Your account</h1>
      <p>Sign in to see your orders.</p>
      <AccountForm id="account-sign-in" kind="sign-in" intent="signin" lastResult={lastResult} submitLabel="Sign in" primary />
      <p>
        <Link to="/account/reset">Forgot your password?</Link> · No account yet?{" "}
        <Link to="/Login?next=/account">Create one</Link>

      </p>
    </div>
  );
}
