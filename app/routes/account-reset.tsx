import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { ErrorSummary, fieldErrorItems, TextField } from "#app/components/form-fields.tsx";
import { newPasswordSchema, passwordResetRequestSchema } from "#app/modules/accounts/account-schema.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";
import type { Route } from "./+types/account-reset";
import { resetAction, resetLoader } from "./account-reset.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const { t } = metaTranslator(args, "account");
  return pageMeta({ title: t("meta.resetTitle"), description: t("meta.resetDescription"), noindex: true });
};

export const loader = ({ request, context }: Route.LoaderArgs) => resetLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => resetAction(request, context);

export default function AccountReset() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="page page--narrow stack">
      <h1>{t("reset.heading")}</h1>
      {page.state === "choose" ? <ChoosePassword email={page.email} /> : <RequestLink message={"message" in page ? page.message : undefined} />}
    </div>
  );
}

function RequestLink({ message }: { message?: string }) {
  const reply = useActionData<typeof action>();
  const sentTo = reply && "sentTo" in reply ? reply.sentTo : null;
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id: "reset-request",
    schema: passwordResetRequestSchema,
    lastResult: sentTo ? undefined : (reply as SubmissionResult<string[]> | undefined),
    onValid: () => {},
  });
  const { t } = useTranslation("account");
  if (sentTo) {
    return (
      <p role="status">
        <Trans t={t} i18nKey="reset.sent" values={{ email: sentTo }} components={{ strong: <strong /> }} />
      </p>
    );
  }
  return (
    <>
      {message ? <p role="alert">{message}</p> : null}
      <p>{t("reset.intro")}</p>
      <Form method="post" {...formProps} className="stack">
        {showSummary ? <ErrorSummary items={fieldErrorItems([[fields.email, t("form.email")]])} formErrors={form.errors} /> : null}
        <TextField
          id={fields.email.id}
          name={fields.email.name}
          label={t("form.email")}
          type="email"
          autoComplete="email"
          spellCheck={false}
          errors={fields.email.errors}
          defaultValue={fields.email.initialValue}
        />
        <button type="submit" className="button button--primary">
          {t("reset.send")}
        </button>
      </Form>
    </>
  );
}

function ChoosePassword({ email }: { email: string }) {
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id: "reset-choose",
    schema: newPasswordSchema,
    lastResult: useActionData<typeof action>() as SubmissionResult<string[]> | undefined,
    onValid: () => {},
  });
  const { t } = useTranslation("account");
  return (
    <>
      <p>
        <Trans t={t} i18nKey="reset.choose" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <Form method="post" {...formProps} className="stack">
        {showSummary ? <ErrorSummary items={fieldErrorItems([[fields.password, t("form.newPassword")]])} formErrors={form.errors} /> : null}
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <TextField
          id={fields.password.id}
          name={fields.password.name}
          label={t("form.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("form.passwordHint")}
          errors={fields.password.errors}
        />
        <button type="submit" className="button button--primary">
          {t("reset.save")}
        </button>
      </Form>
    </>
  );
}
