import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { ErrorSummary, fieldErrorItems, TextField } from "#app/components/form-fields.tsx";
import { RichText } from "#app/components/rich-text.tsx";
import { formatDate, formatDateTime, pageMeta } from "#app/modules/catalog/format.ts";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { legalPath } from "#app/modules/legal/legal-pages.ts";
import { withdrawalSchema } from "#app/modules/orders/withdrawal.ts";
import type { LateWithdrawal } from "#app/modules/orders/withdrawal-period.ts";
import type { Route } from "./+types/withdraw";
import { withdrawAction, withdrawLoader } from "./withdraw.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const { t } = metaTranslator(args, "legal");
  return pageMeta({ title: t("withdraw.title"), description: t("withdraw.description"), noindex: true });
};

export const loader = ({ request, context }: Route.LoaderArgs) => withdrawLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => withdrawAction(request, context);

/**
 * /withdraw: the withdrawal function of § 356a BGB (D206). The buyer names themselves, the order and its address,
 * and confirms; the page then shows when the statement arrived, and a receipt goes to the order's address.
 */
export default function Withdraw() {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("legal");
  return (
    <div className="page page--narrow stack">
      <h1>{t("withdraw.title")}</h1>
      {reply && "orderNumber" in reply ? <Received {...reply} /> : <WithdrawalForm lastResult={reply as SubmissionResult<string[]> | undefined} />}
    </div>
  );
}

function WithdrawalForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const prefill = useLoaderData<typeof loader>();
  const { t } = useTranslation("legal");
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id: "withdraw",
    schema: withdrawalSchema,
    lastResult,
    onValid: () => {},
  });
  const labels = { name: t("withdraw.name"), orderNumber: t("withdraw.orderNumber"), email: t("withdraw.email") };
  return (
    <>
      <p>{t("withdraw.intro")}</p>
      <p>
        <RichText message={t("withdraw.ownDesign")} components={{ withdrawal: <Link to={legalPath("withdrawal")} /> }} />
      </p>
      <Form method="post" {...formProps} className="stack">
        {showSummary ? (
          <ErrorSummary
            items={fieldErrorItems([
              [fields.name, labels.name],
              [fields.orderNumber, labels.orderNumber],
              [fields.email, labels.email],
            ])}
            formErrors={form.errors}
          />
        ) : null}
        <TextField
          id={fields.name.id}
          name={fields.name.name}
          label={labels.name}
          autoComplete="name"
          errors={fields.name.errors}
          defaultValue={fields.name.initialValue}
        />
        <TextField
          id={fields.orderNumber.id}
          name={fields.orderNumber.name}
          label={labels.orderNumber}
          hint={t("withdraw.orderNumberHint")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          errors={fields.orderNumber.errors}
          defaultValue={fields.orderNumber.initialValue ?? prefill.orderNumber}
        />
        <TextField
          id={fields.email.id}
          name={fields.email.name}
          label={labels.email}
          hint={t("withdraw.emailHint")}
          type="email"
          autoComplete="email"
          spellCheck={false}
          errors={fields.email.errors}
          defaultValue={fields.email.initialValue ?? prefill.email}
        />
        <p>{t("withdraw.statement")}</p>
        <button type="submit" className="button button--primary">
          {t("withdraw.confirm")}
        </button>
      </Form>
    </>
  );
}

function Received(props: {
  orderNumber: string;
  email: string;
  declaredAt: string;
  ownDesign: boolean;
  alreadyDeclared: boolean;
  late: LateWithdrawal | null;
}) {
  const { t } = useTranslation("legal");
  const locale = useLocale();
  const values = { number: props.orderNumber, at: formatDateTime(props.declaredAt, locale), email: props.email };
  return (
    <div role="status" className="stack">
      <h2>{t(props.alreadyDeclared ? "withdraw.alreadyHeading" : "withdraw.receivedHeading")}</h2>
      <p>{t(props.alreadyDeclared ? "withdraw.already" : "withdraw.received", values)}</p>
      <p>
        {props.ownDesign
          ? t("withdraw.nextOwnDesign")
          : props.late
            ? t("withdraw.late", { days: props.late.daysAfterDelivery, delivered: formatDate(props.late.deliveredAt, locale) })
            : t("withdraw.next")}
      </p>
      <p>
        <Link to="/">{t("withdraw.backToShop")}</Link>
      </p>
    </div>
  );
}
