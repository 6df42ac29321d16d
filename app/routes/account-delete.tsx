import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { TextField } from "#app/components/form-fields.tsx";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { formMessageText } from "#app/modules/forms/form-message.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { getLocale } from "#app/request-context.server.ts";
import { accountDeleteAction, accountDeleteLoader } from "./account-delete.server.ts";
import type { Route } from "./+types/account-delete";

/** Deleting one's account: the password once more, then everything but the anonymised orders is gone (D162). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = translatorFor(getLocale(context), "account");
  const page = await accountDeleteLoader(request, context);
  return { ...page, title: t(page.deleted ? "dataRights.deletePage.doneTitle" : "dataRights.deletePage.title"), description: t("dataRights.deletePage.metaDescription") };
}

export const action = ({ request, context }: Route.ActionArgs) => accountDeleteAction(request, context);

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData?.title ?? "", description: loaderData?.description ?? "", noindex: true });

export default function AccountDelete() {
  const { email, deleted, title } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation("account");
  if (deleted || !email) {
    return (
      <div className="page page--narrow stack">
        <h1>{title}</h1>
        <p role="status">{t("dataRights.deletePage.done")}</p>
        <p>
          <Link to="/">{t("dataRights.deletePage.home")}</Link>
        </p>
      </div>
    );
  }
  const error = reply ? formMessageText(i18n, reply.message) : null;
  return (
    <div className="page page--narrow stack">
      <h1>{title}</h1>
      <p>{t("dataRights.deletePage.intro")}</p>
      <p>{t("dataRights.deletePage.kept")}</p>
      <p>
        <Trans t={t} i18nKey="dataRights.deletePage.downloadFirst" components={{ download: <a href="/account/data" download /> }} />
      </p>
      {reply?.field === "form" ? (
        <p className="error-summary" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" className="stack">
        {/* The account's address, for the browser's password manager to pick the right password. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          id="delete-password"
          name="password"
          type="password"
          label={t("dataRights.deletePage.password")}
          hint={t("dataRights.deletePage.passwordHint")}
          autoComplete="current-password"
          required
          errors={reply?.field === "password" ? [reply.message] : undefined}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("dataRights.deletePage.submit")}
          </button>
          <Link to="/account" className="button">
            {t("dataRights.deletePage.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
