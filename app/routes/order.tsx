import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { AccountForm } from "~/components/account-form";
import { OrderDetails } from "~/components/order-details";
import { signUpFromForm } from "~/modules/accounts/sign-up.server";
import { pageMeta } from "~/modules/catalog/format";
import { readFormData } from "~/modules/http/form.server";
import { orderStore } from "~/modules/order/order-store";
import { claimGuestOrder, toOrderView } from "~/modules/orders/orders.server";
import { requireViewableOrder } from "~/modules/orders/viewable-order.server";
import { signInSession } from "~/modules/session/auth.server";
import { getDb, sessionContext } from "~/request-context.server";
import type { Route } from "./+types/order";

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData ? `Order ${loaderData.order.number}` : "Order", noindex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const order = await requireViewableOrder(request, context, params.orderId);
  const token = new URL(request.url).searchParams.get("token");
  return {
    order: toOrderView(order),
    printPath: `/orders/${order.id}/print`,
    printQuery: token && order.userId === null ? `?token=${encodeURIComponent(token)}` : "",
    checkoutId: order.idempotencyKey,
    offerAccount: order.userId === null && !context.get(sessionContext)?.userId,
  };
}

/** After a guest order: create an account with the order's e-mail address; the order becomes the account's. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const order = await requireViewableOrder(request, context, params.orderId);
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const db = await getDb(context);
  const taken = "An account with this e-mail address exists already. Sign in to see your orders.";
  const signedUp = await signUpFromForm(db, formData, taken);
  if (!signedUp.ok) return data(signedUp.reply, { status: 400 });
  await claimGuestOrder(db, order.id, signedUp.accountId);
  const setCookie = await signInSession(context, signedUp.accountId);
  return redirect(`/orders/${order.id}`, { headers: { "Set-Cookie": setCookie } });
}

export default function OrderConfirmation() {
  const { order, printPath, printQuery, checkoutId, offerAccount } = useLoaderData<typeof loader>();
  // The order is placed: the buyer's next visit starts a new, empty order (only the checkout just completed).
  useEffect(() => orderStore.completeCheckout(checkoutId), [checkoutId]);
  return (
    <div className="page page--split">
      <div className="page__content stack">
        <h1>Thank you for your order</h1>
        <p className="lead">
          Order number <strong>{order.number}</strong>. A confirmation goes to {order.contact}. We print and ship your
          deck within 5 working days.
        </p>
        <OrderDetails order={order} />
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
      ) : null}
    </div>
  );
}

function CreateAccount({ email }: { email: string }) {
  return (
    <section className="card-panel stack" aria-labelledby="create-account-title">
      <h2 id="create-account-title">Save your details for next time</h2>
      <p>Create an account with a password to see this order and your next ones in one place.</p>
      <AccountForm
        id="create-account"
        kind="new-account"
        lastResult={useActionData<typeof action>() as SubmissionResult<string[]> | undefined}
        defaultEmail={email}
        submitLabel="Create account"
        primary
      />
    </section>
  );
}
