import type { SubmissionResult } from "@conform-to/react";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { Link, useActionData, useLoaderData } from "react-router";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import type { Route } from "./+types/order-claim";
import { claimAction, claimLoader } from "./order-claim.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const { t } = metaTranslator(args, "orders");
  return pageMeta({ title: t("meta.claimTitle"), description: t("meta.claimDescription"), noindex: true });
};

export const loader = ({ request, params, context }: Route.LoaderArgs) => claimLoader(request, context, params.orderId);

export const action = ({ request, params, context }: Route.ActionArgs) => claimAction(request, context, params.orderId);

/** /orders/{id}/claim?code=…: the page the link in the mail opens. */
export default function OrderClaim() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { t } = useTranslation("orders");
  if (page.state === "gone") {
    return (
      <div className="page page--narrow stack">
        <h1>{t("claim.heading")}</h1>
        <p role="alert">{page.message}</p>
        <p>
          <Link to="/Login?next=/account">{t("claim.signIn")}</Link> · <Link to="/">{t("claim.backToShop")}</Link>
        </p>
      </div>
    );
  }
  const values = { email: page.email, number: page.orderNumber };
  return (
    <div className="page page--narrow stack">
      <h1>{t("claim.heading")}</h1>
      {page.hasAccount ? (
        <>
          <p>
            <Trans t={t} i18nKey="claim.hasAccount" values={values} components={{ strong: <strong /> }} />
          </p>
          <AccountForm id="claim-sign-in" kind="sign-in" intent="signin" lastResult={lastResult} fixedEmail={page.email} submitLabel={t("claim.signInAndKeep")} primary />
        </>
      ) : (
        <>
          <p>
            <Trans t={t} i18nKey="claim.choosePassword" values={values} components={{ strong: <strong /> }} />
          </p>
          <AccountForm id="claim-new-account" kind="new-account" intent="create" lastResult={lastResult} fixedEmail={page.email} submitLabel={t("claim.createAccount")} primary />
        </>
      )}
    </div>
  );
}
