import { data, redirect, type RouterContextProvider } from "react-router";
import { newPasswordSchema, passwordResetRequestSchema } from "#app/modules/accounts/account-schema.ts";
import { findEmailLink, mailLimitMessage } from "#app/modules/accounts/email-links.server.ts";
import { requestPasswordReset, resetPassword } from "#app/modules/accounts/password-reset.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { signInSession } from "#app/modules/session/auth.server.ts";
import { getDb, getLocale, getSiteUrl } from "#app/request-context.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Why a reset link does not work (keys of the account namespace, `reset.*`). */
const gone = (context: Context, reason: "unknown" | "used" | "expired") => translatorFor(getLocale(context), "account")(`reset.${reason}`);

/** /account/reset asks for an address; /account/reset?code=… (the mailed link) asks for the new password. */
export async function resetLoader(request: Request, context: Context) {
  const code = new URL(request.url).searchParams.get("code");
  if (code === null) return { state: "request" as const };
  const found = await findEmailLink(await getDb(context), "password-reset", code);
  if (found.status !== "valid") return data({ state: "request" as const, message: gone(context, found.status) }, { status: 410 });
  return { state: "choose" as const, email: found.link.email };
}

export async function resetAction(request: Request, context: Context) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const db = await getDb(context);
  const code = new URL(request.url).searchParams.get("code");
  if (code === null) {
    const submission = parseForm(formData, passwordResetRequestSchema, { translate: formMessageIn(getLocale(context)) });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    // One answer for every address: whether it has an account is told by mail, to the address only.
    const requested = await requestPasswordReset(db, submission.value.email, getSiteUrl(context), getLocale(context));
    if (requested === "limited") {
      return data(submission.reply({ formErrors: [mailLimitMessage(getLocale(context))] }), { status: 429 });
    }
    return data({ status: "success" as const, sentTo: submission.value.email });
  }
  const submission = parseForm(formData, newPasswordSchema, { translate: formMessageIn(getLocale(context)) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const reset = await resetPassword(db, code, submission.value.password);
  if (!reset.ok) return data(submission.reply({ formErrors: [gone(context, reset.reason)], hideFields: ["password"] }), { status: 410 });
  const setCookie = await signInSession(context, reset.accountId);
  return redirect("/account", { headers: { "Set-Cookie": setCookie } });
}
