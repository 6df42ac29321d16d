import { useEffect } from "react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDate, pageMeta } from "#app/modules/catalog/format.ts";
import { orderStore } from "#app/modules/checkout/order-store.ts";
import { DeckPair } from "#app/modules/design/deck-preview.tsx";
import { InvoiceLink } from "#app/modules/orders/invoice-link.tsx";
import { OrderDetails } from "#app/modules/orders/order-details.tsx";
import { OrderProgress } from "#app/modules/orders/order-progress.tsx";
import type { Route } from "./+types/order";
import { orderAction, orderLoader } from "./order.server.ts";

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData ? `Order ${loaderData.order.number}` : "Order", description: "Your order: what you ordered, where it goes and its status.", noindex: true });

export const loader = ({ request, params, context }: Route.LoaderArgs) => orderLoader(request, context, params.orderId);

export const action = ({ request, params, context }: Route.ActionArgs) => orderAction(request, context, params.orderId);

export default function OrderConfirmation() {
  const { order, design, printPath, printQuery, invoicePath, checkoutId, offerAccount, justPlaced, accountOutcome } = useLoaderData<typeof loader>();
  // The order is placed: the buyer's next visit starts a new, empty order (only the checkout just completed).
  useEffect(() => orderStore.completeCheckout(checkoutId), [checkoutId]);
  return (
    <div className="page page--split">
      <div className="page__content stack">
        {justPlaced ? (
          <>
            <h1>Thank you for your order</h1>
            <p className="lead">
              Order number <strong>{order.number}</strong>. A confirmation goes to {order.contact}. We print and ship
              your deck within {catalog.product.madeToOrderWorkingDays} working days.
            </p>
          </>
        ) : (
          <>
            <h1>Order {order.number}</h1>
            <p className="lead">Placed {formatDate(order.createdAt)}.</p>
          </>
        )}
        <OrderProgress order={order} />
        <DeckPair className="deck-pair--large" design={design} size={order.size} grip={order.grip} />
        <OrderDetails order={order} />
        <p>
          <InvoiceLink href={invoicePath} />
        </p>
        <section className="stack" aria-labelledby="print-title">
          <h2 id="print-title">Your print file</h2>
          <p>This is exactly what we print on your deck (print area, 300 DPI).</p>
          <img
            className="print-preview"
            src={`${printPath}/svg${printQuery}`}
            alt="The print file of your deck's design"
            loading="lazy"
          />
          <p>
            <a href={`${printPath}/png${printQuery}`} download>
              Download the print file (PNG, 300 DPI)
            </a>{" "}
            ·{" "}
            <a href={`${printPath}/svg${printQuery}`} download>
              SVG
            </a>
          </p>
        </section>
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      </div>
      {offerAccount ? (
        <aside className="page__aside">
          <CreateAccount email={order.contact} />
        </aside>
      ) : accountOutcome ? (
        <aside className="page__aside">
          <AccountReady outcome={accountOutcome} orderNumber={order.number} />
        </aside>
      ) : null}
    </div>
  );
}

/** Moves the focus to a message as it appears, so that it is read out and seen where the form was. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** Where the account offer was: the claim page made the account (or signed in), and the order is in it. */
function AccountReady({ outcome, orderNumber }: { outcome: "created" | "kept"; orderNumber: string }) {
  return (
    <section className="card-panel stack" aria-labelledby="account-ready-title">
      <h2 id="account-ready-title">{outcome === "created" ? "Your account" : "Order kept"}</h2>
      <p role="status" tabIndex={-1} ref={focusOnMount} className="notice">
        {outcome === "created"
          ? `Your account has been created and you are signed in. Order ${orderNumber} is in it.`
          : `Order ${orderNumber} is in your account now.`}
      </p>
      <p>
        Your orders and saved addresses are on <Link to="/account">your account page</Link>.
      </p>
    </section>
  );
}

/** A guest order is kept in an account through a link sent to its e-mail address (order-claims.server.ts). */
function CreateAccount({ email }: { email: string }) {
  const reply = useActionData<typeof action>();
  const sentTo = reply && "sentTo" in reply ? reply.sentTo : null;
  return (
    <section className="card-panel stack" aria-labelledby="create-account-title">
      <h2 id="create-account-title">Save your details for next time</h2>
      {sentTo ? (
        <p role="status" tabIndex={-1} ref={focusOnMount}>
          We sent a link to <strong>{sentTo}</strong>. Open it within 24 hours to choose a password; this order and
          your next ones are then in one place.
        </p>
      ) : (
        <>
          <p>
            Keep this order in an account, to see it and your next ones in one place. We send a link to{" "}
            <strong>{email}</strong> to make sure the order is yours.
          </p>
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="claim-link" />
            <button type="submit" className="button button--primary">
              Send me a link
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
