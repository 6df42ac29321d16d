import type { SubmissionResult } from "@conform-to/react";
import { redirect, useActionData } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/admin-login";
import { adminLoginAction, adminNextPath } from "./admin-login.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const { t } = metaTranslator(args, "admin");
  return pageMeta({ title: t("meta.loginTitle"), description: t("meta.loginDescription"), noindex: true });
};

/** The one back-office page that answers to everyone: an operator already signed in goes straight on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await currentAccount(context);
  if (account?.role === "operator") throw redirect(adminNextPath(request));
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => adminLoginAction(request, context);

export default function AdminLogin() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { t } = useTranslation("admin");
  return (
    <div className="page page--narrow stack">
      <h1>{t("login.heading")}</h1>
      <p>{t("login.intro")}</p>
      <AccountForm id="operator-sign-in" kind="sign-in" lastResult={lastResult} submitLabel={t("login.submit")} primary />
    </div>
  );
}
