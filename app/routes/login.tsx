import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { ErrorSummary, TextField, type FormErrorItem } from "#app/components/form-fields.tsx";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";
import { guestContactSchema } from "#app/modules/checkout/order-schema.ts";
import { orderStore, useOrder } from "#app/modules/checkout/order-store.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/login";
import { loginAction, nextPath, type LoginForm } from "./login.server.ts";
import { NextStepPrefetch } from "#app/components/next-step-prefetch.tsx";

export const meta = () =>
  pageMeta({ title: "Login", description: "Continue as a guest with your e-mail address, sign in, or create an account." });

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await currentAccount(context);
  return { email: account?.email ?? null, next: nextPath(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

/** The reply of the last submit, for the form that sent it. */
function useReplyFor(form: LoginForm): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<typeof action>();
  return actionData?.form === form ? (actionData.result as SubmissionResult<string[]>) : undefined;
}

export default function Login() {
  const { email, next } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow stack">
      <h1>Login</h1>
      {email ? <SignedIn email={email} next={next} /> : <LoginChoices next={next} />}
      <NextStepPrefetch page="/Shipping" />
    </div>
  );
}

function SignedIn({ email, next }: { email: string; next: string }) {
  return (
    <section className="card-panel stack" aria-labelledby="signed-in-title">
      <h2 id="signed-in-title">You are signed in</h2>
      <p>
        Signed in as <strong>{email}</strong>. Your order confirmation goes to this address.
      </p>
      <div className="actions">
        <Link to={next} className="button button--primary">
          Continue to shipping
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="button">
            Sign out
          </button>
        </Form>
      </div>
    </section>
  );
}

function LoginChoices({ next }: { next: string }) {
  const action = next === "/Shipping" ? undefined : `?next=${encodeURIComponent(next)}`;
  return (
    <>
      <GuestForm action={action} />
      <div className="login-accounts">
        <SignInForm action={action} />
        <SignUpForm action={action} />
      </div>
    </>
  );
}

function GuestForm({ action }: { action?: string }) {
  const order = useOrder();
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id: "guest",
    schema: guestContactSchema,
    lastResult: useReplyFor("guest"),
    onValid: ({ contact }) => orderStore.setContact(contact),
  });
  const error = fields.contact.errors?.[0];
  const items: FormErrorItem[] = error ? [{ fieldId: fields.contact.id, label: "E-mail", message: error }] : [];
  return (
    <section className="card-panel card-panel--primary" aria-labelledby="guest-title">
      <h2 id="guest-title">Continue as guest</h2>
      <p>No account needed. We only need an e-mail address for your order confirmation.</p>
      <Form method="post" action={action} {...formProps} className="stack">
        {showSummary ? <ErrorSummary items={items} formErrors={form.errors} /> : null}
        <input type="hidden" name="intent" value="guest" />
        <TextField
          id={fields.contact.id}
          name={fields.contact.name}
          label="E-mail"
          type="email"
          autoComplete="email"
          spellCheck={false}
          errors={fields.contact.errors}
          value={order.contact}
          onChange={(event) => order.setContact(event.currentTarget.value)}
        />
        <button type="submit" className="button button--primary">
          Continue as guest
        </button>
      </Form>
    </section>
  );
}

function SignInForm({ action }: { action?: string }) {
  return (
    <section className="card-panel" aria-labelledby="signin-title">
      <h2 id="signin-title">Sign in</h2>
      <AccountForm
        id="signin"
        kind="sign-in"
        intent="signin"
        action={action}
        lastResult={useReplyFor("signin")}
        submitLabel="Sign in"
        onValid={({ email }) => orderStore.setContact(email)}
      />
      <p>
        <Link to="/account/reset">Forgot your password?</Link>
      </p>
    </section>
  );
}

function SignUpForm({ action: formAction }: { action?: string }) {
  const reply = useActionData<typeof action>();
  const sentTo = reply?.form === "signup" && "sentTo" in reply.result ? String(reply.result.sentTo) : null;
  if (sentTo) {
    return (
      <section className="card-panel stack" aria-labelledby="signup-title">
        <h2 id="signup-title">Create an account</h2>
        <p role="status">
          We sent a link to <strong>{sentTo}</strong>. Open it within 2 hours to finish creating your account. You can
          go on as a guest with this address meanwhile.
        </p>
      </section>
    );
  }
  return (
    <section className="card-panel" aria-labelledby="signup-title">
      <h2 id="signup-title">Create an account</h2>
      <p>See your orders in one place next time. We send a link to your address to make sure it is yours.</p>
      <AccountForm
        id="signup"
        kind="new-account"
        intent="signup"
        action={formAction}
        lastResult={useReplyFor("signup")}
        submitLabel="Create account"
        onValid={({ email }) => orderStore.setContact(email)}
      />
    </section>
  );
}
