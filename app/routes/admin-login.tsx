import type { SubmissionResult } from "@conform-to/react";
import { redirect, useActionData } from "react-router";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/admin-login";
import { adminLoginAction, adminNextPath } from "./admin-login.server.ts";

export const meta = () => pageMeta({ title: "Back office sign-in", description: "Sign in to the Deck Studio back office.", noindex: true });

/** The one back-office page that answers to everyone: an operator already signed in goes straight on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await currentAccount(context);
  if (account?.role === "operator") throw redirect(adminNextPath(request));
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => adminLoginAction(request, context);

export default function AdminLogin() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="page page--narrow stack">
      <h1>Back office</h1>
      <p>Sign in with your operator account.</p>
      <AccountForm id="operator-sign-in" kind="sign-in" lastResult={lastResult} submitLabel="Sign in" primary />
    </div>
  );
}
