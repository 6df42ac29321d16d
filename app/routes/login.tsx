import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { CarriedFields } from "#app/modules/checkout/carried-fields.tsx";
import { networkFailureReply, unlessNetworkFails } from "#app/modules/forms/network-failure.ts";
import { ErrorSummary, TextField, type FormErrorItem } from "#app/components/form-fields.tsx";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useRecheckWhenReplaced, useValidatedForm } from "#app/modules/forms/validated-form.ts";
import { guestContactSchema } from "#app/modules/checkout/order-schema.ts";
import { orderStore, useOrder } from "#app/modules/checkout/order-store.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/login";
import { loginAction, nextPath, type LoginForm } from "./login.server.ts";
import { NextStepPrefetch } from "#app/components/next-step-prefetch.tsx";

export const meta = (args: Route.MetaArgs) => {
  const { t } = metaTranslator(args, "checkout");
  return pageMeta({ title: t("login.title"), description: t("login.description") });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await currentAccount(context);
  return { email: account?.email ?? null, next: nextPath(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  const form: LoginForm = intent === "signin" || intent === "signup" ? intent : "guest";
  return unlessNetworkFails(serverAction, () => ({ form, result: networkFailureReply() }));
}

/** The reply of the last submit, for the form that sent it. */
function useReplyFor(form: LoginForm): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<typeof action>();
  return actionData?.form === form ? (actionData.result as SubmissionResult<string[]>) : undefined;
}

export default function Login() {
  const { email, next } = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  return (
    <div className="page page--narrow stack">
      <h1>{t("login.title")}</h1>
      {email ? <SignedIn email={email} next={next} /> : <LoginChoices next={next} />}
      <NextStepPrefetch page="/Shipping" />
    </div>
  );
}

function SignedIn({ email, next }: { email: string; next: string }) {
  const { t } = useTranslation("checkout");
  return (
    <section className="card-panel stack" aria-labelledby="signed-in-title">
      <h2 id="signed-in-title">{t("login.signedIn.title")}</h2>
      <p>
        <Trans t={t} i18nKey="login.signedIn.text" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <div className="actions">
        <Link to={next} className="button button--primary">
          {t("login.signedIn.continue")}
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="button">
            {t("login.signedIn.signOut")}
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
  // Signing in or creating an account below puts that address here: an old error on the field must not stay.
  useRecheckWhenReplaced(form, fields.contact, order.contact);
  const { t } = useTranslation("checkout");
  const error = fields.contact.errors?.[0];
  const items: FormErrorItem[] = error ? [{ fieldId: fields.contact.id, label: t("login.guest.email"), message: error }] : [];
  return (
    <section className="card-panel card-panel--primary" aria-labelledby="guest-title">
      <h2 id="guest-title">{t("login.guest.title")}</h2>
      <p>{t("login.guest.text")}</p>
      <Form method="post" action={action} {...formProps} className="stack">
        {showSummary ? <ErrorSummary items={items} formErrors={form.errors} /> : null}
        <input type="hidden" name="intent" value="guest" />
        <CarriedFields except={["contact"]} />
        <TextField
          id={fields.contact.id}
          name={fields.contact.name}
          label={t("login.guest.email")}
          type="email"
          autoComplete="email"
          spellCheck={false}
          errors={fields.contact.errors}
          value={order.contact}
          onChange={(event) => order.setContact(event.currentTarget.value)}
        />
        <button type="submit" className="button button--primary">
          {t("login.guest.submit")}
        </button>
      </Form>
    </section>
  );
}

function SignInForm({ action }: { action?: string }) {
  const { t } = useTranslation("checkout");
  return (
    <section className="card-panel" aria-labelledby="signin-title">
      <h2 id="signin-title">{t("login.signIn.title")}</h2>
      <AccountForm
        id="signin"
        kind="sign-in"
        intent="signin"
        action={action}
        lastResult={useReplyFor("signin")}
        submitLabel={t("login.signIn.submit")}
        onValid={({ email }) => orderStore.setContact(email)}
        carried={<CarriedFields except={["contact"]} />}
      />
      <p>
        <Link to="/account/reset">{t("login.signIn.forgot")}</Link>
      </p>
    </section>
  );
}

function SignUpForm({ action: formAction }: { action?: string }) {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("checkout");
  const sentTo = reply?.form === "signup" && "sentTo" in reply.result ? String(reply.result.sentTo) : null;
  if (sentTo) {
    return (
      <section className="card-panel stack" aria-labelledby="signup-title">
        <h2 id="signup-title">{t("login.signUp.title")}</h2>
        <p role="status">
          <Trans t={t} i18nKey="login.signUp.sent" values={{ email: sentTo }} components={{ strong: <strong /> }} />
        </p>
      </section>
    );
  }
  return (
    <section className="card-panel" aria-labelledby="signup-title">
      <h2 id="signup-title">{t("login.signUp.title")}</h2>
      <p>{t("login.signUp.text")}</p>
      <AccountForm
        id="signup"
        kind="new-account"
        intent="signup"
        action={formAction}
        lastResult={useReplyFor("signup")}
        submitLabel={t("login.signUp.submit")}
        onValid={({ email }) => orderStore.setContact(email)}
      />
    </section>
  );
}
