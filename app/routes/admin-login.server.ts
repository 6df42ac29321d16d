import { data, redirect, type RouterContextProvider } from "react-router";
import { signInSchema } from "#app/modules/accounts/account-schema.ts";
import { signIn } from "#app/modules/accounts/accounts.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { clientAddressOf } from "#app/modules/http/client-address.mjs";
import { signInSession } from "#app/modules/session/auth.server.ts";
import { getDb, getLocale } from "#app/request-context.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Where an operator goes after signing in: a back-office page they were sent from, or the orders. */
export function adminNextPath(request: Request): string {
  const next = new URL(request.url).searchParams.get("next");
  return next && /^\/admin(\/[\w\-/.]*)?(\?[\w\-=&.%]*)?$/.test(next) ? next : "/admin";
}

/**
 * Operators sign in through the buyers' code (the same limits per account, client and password), and only an
 * operator gets a session here: a buyer's right password reads as a wrong one, so the page tells nobody which
 * addresses are operators.
 */
export async function adminLoginAction(request: Request, context: Context) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const submission = parseForm(formData, signInSchema, { translate: formMessageIn(getLocale(context)) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const result = await signIn(await getDb(context), { ...submission.value, clientAddress: clientAddressOf(request) });
  if (!result.ok && result.reason === "rate-limited") {
    const message = translatorFor(getLocale(context), "admin")("login.tooManyAttempts", { count: result.retryAfterMinutes });
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: 429 });
  }
  if (!result.ok || result.account.role !== "operator") {
    const message = translatorFor(getLocale(context), "admin")("login.wrong");
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: 400 });
  }
  const setCookie = await signInSession(context, result.account.id);
  return redirect(adminNextPath(request), { headers: { "Set-Cookie": setCookie } });
}
