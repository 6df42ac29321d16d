import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";
import { signInSchema, signUpSchema } from "#app/modules/accounts/account-schema.ts";
import { ErrorSummary, fieldErrorItems, TextField } from "#app/components/form-fields.tsx";

interface AccountFormProps {
  /** The form's id; also the prefix of its fields' ids. */
  id: string;
  /** Signing in checks a password; a new account sets one (autocomplete tokens and the 8-character rule). */
  kind: "sign-in" | "new-account";
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  /** Sent as `intent` when the page's action handles several forms. */
  intent?: string;
  action?: string;
  defaultEmail?: string;
  /** The address is given (a guest order's): shown, sent, not to be changed. */
  fixedEmail?: string;
  primary?: boolean;
  onValid?: (value: { email: string }) => void;
  /** Hidden fields the form sends along (a checkout step's carried order fields). */
  carried?: ReactNode;
}

/** E-mail and password, as used to sign in, to create an account, and to keep a guest order in a new account. */
export function AccountForm(props: AccountFormProps) {
  const { id, kind, lastResult, submitLabel, intent, action, defaultEmail, fixedEmail, primary = false, onValid, carried } = props;
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id,
    schema: kind === "sign-in" ? signInSchema : signUpSchema,
    lastResult,
    onValid: (value) => onValid?.(value),
  });
  const { t } = useTranslation("account");
  // A refusal of the whole form (a wrong password, the hour's mails used up) has no field for conform to focus:
  // the focus goes to the summary that says it, rather than staying on the button (or dropping to the page).
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const fieldErrors = Object.entries(lastResult?.error ?? {}).some(([name, messages]) => name !== "" && messages?.length);
    if (lastResult?.status === "error" && lastResult.error?.[""]?.length && !fieldErrors) summaryRef.current?.focus();
  }, [lastResult]);
  const items = fieldErrorItems([
    [fields.email, t("form.email")],
    [fields.password, t("form.password")],
  ]);
  return (
    <Form method="post" action={action} {...formProps} className="stack">
      {showSummary ? (
        <div ref={summaryRef} tabIndex={-1}>
          <ErrorSummary items={items} formErrors={form.errors} />
        </div>
      ) : null}
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {carried}
      <TextField
        id={fields.email.id}
        name={fields.email.name}
        label={t("form.email")}
        type="email"
        autoComplete={kind === "sign-in" ? "username" : "email"}
        spellCheck={false}
        errors={fields.email.errors}
        defaultValue={fixedEmail ?? fields.email.initialValue ?? defaultEmail}
        readOnly={fixedEmail !== undefined}
      />
      <TextField
        id={fields.password.id}
        name={fields.password.name}
        label={t("form.password")}
        type="password"
        autoComplete={kind === "sign-in" ? "current-password" : "new-password"}
        hint={kind === "new-account" ? t("form.passwordHint") : undefined}
        errors={fields.password.errors}
      />
      <button type="submit" className={primary ? "button button--primary" : "button"}>
        {submitLabel}
      </button>
    </Form>
  );
}
