import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "react-router";
import { ErrorSummary, fieldErrorItems, TextField } from "#app/components/form-fields.tsx";
import { newPasswordSchema, passwordResetRequestSchema } from "#app/modules/accounts/account-schema.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";
import type { Route } from "./+types/account-reset";
import { resetAction, resetLoader } from "./account-reset.server.ts";

export const meta = () => pageMeta({ title: "A new password", description: "Choose a new password for your Deck Studio account.", noindex: true });

export const loader = ({ request, context }: Route.LoaderArgs) => resetLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => resetAction(request, context);

export default function AccountReset() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow stack">
      <h1>A new password</h1>
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
  if (sentTo) {
    return (
      <p role="status">
        We sent a mail to <strong>{sentTo}</strong>. If an account has this address, the mail has a link to choose a new
        password; it works for 2 hours.
      </p>
    );
  }
  return (
    <>
      {message ? <p role="alert">{message}</p> : null}
      <p>Tell us your account's e-mail address. We send a link there to choose a new password.</p>
      <Form method="post" {...formProps} className="stack">
        {showSummary ? <ErrorSummary items={fieldErrorItems([[fields.email, "E-mail"]])} formErrors={form.errors} /> : null}
        <TextField
          id={fields.email.id}
          name={fields.email.name}
          label="E-mail"
          type="email"
          autoComplete="email"
          spellCheck={false}
          errors={fields.email.errors}
          defaultValue={fields.email.initialValue}
        />
        <button type="submit" className="button button--primary">
          Send me a link
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
  return (
    <>
      <p>
        Choose a new password for <strong>{email}</strong>. You are then signed in, and signed out everywhere else.
      </p>
      <Form method="post" {...formProps} className="stack">
        {showSummary ? <ErrorSummary items={fieldErrorItems([[fields.password, "New password"]])} formErrors={form.errors} /> : null}
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <TextField
          id={fields.password.id}
          name={fields.password.name}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          errors={fields.password.errors}
        />
        <button type="submit" className="button button--primary">
          Save the new password
        </button>
      </Form>
    </>
  );
}
