import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import type { Route } from "./+types/account-confirm";
import { confirmAction, confirmLoader } from "./account-confirm.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const { t } = metaTranslator(args, "account");
  return pageMeta({ title: t("meta.confirmTitle"), description: t("meta.confirmDescription"), noindex: true });
};

export const loader = ({ request, context }: Route.LoaderArgs) => confirmLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => confirmAction(request, context);

/** /account/confirm?code=…: the page a sign-up's mailed link opens. */
export default function AccountConfirm() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const error = reply && "error" in reply ? reply.error[""]?.[0] : null;
  const { t } = useTranslation("account");
  return (
    <div className="page page--narrow stack">
      <h1>{t("confirm.heading")}</h1>
      {page.state === "gone" || error ? (
        <>
          <p role="alert">{page.state === "gone" ? page.message : error}</p>
          <p>
            <Link to="/Login">{t("confirm.toLogin")}</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            <Trans t={t} i18nKey="confirm.ready" values={{ email: page.email }} components={{ strong: <strong /> }} />
          </p>
          <Form method="post">
            <button type="submit" className="button button--primary">
              {t("confirm.submit")}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
