import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData } from "react-router";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { pageMeta } from "#app/modules/catalog/format.ts";
import type { Route } from "./+types/order-claim";
import { claimAction, claimLoader } from "./order-claim.server.ts";

export const meta = () => pageMeta({ title: "Keep your order in an account", description: "Keep a guest order in a Deck Studio account.", noindex: true });

export const loader = ({ request, params, context }: Route.LoaderArgs) => claimLoader(request, context, params.orderId);

export const action = ({ request, params, context }: Route.ActionArgs) => claimAction(request, context, params.orderId);

/** /orders/{id}/claim?code=…: the page the link in the mail opens. */
export default function OrderClaim() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  if (page.state === "gone") {
    return (
      <div className="page page--narrow stack">
        <h1>Keep your order in an account</h1>
        <p role="alert">{page.message}</p>
        <p>
          <Link to="/Login?next=/account">Sign in</Link> · <Link to="/">Back to the shop</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page page--narrow stack">
      <h1>Keep your order in an account</h1>
      {page.hasAccount ? (
        <>
          <p>
            You have an account with <strong>{page.email}</strong>. Sign in to add order {page.orderNumber} to it.
          </p>
          <AccountForm id="claim-sign-in" kind="sign-in" intent="signin" lastResult={lastResult} fixedEmail={page.email} submitLabel="Sign in and keep the order" primary />
        </>
      ) : (
        <>
          <p>
            Choose a password for <strong>{page.email}</strong>. Order {page.orderNumber} and your next orders are then in
            your account.
          </p>
          <AccountForm id="claim-new-account" kind="new-account" intent="create" lastResult={lastResult} fixedEmail={page.email} submitLabel="Create account" primary />
        </>
      )}
    </div>
  );
}
