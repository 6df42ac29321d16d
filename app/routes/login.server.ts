import { data, redirect, type RouterContextProvider } from "react-router";
import { signIn } from "~/modules/accounts/accounts.server";
import { signUpFromForm } from "~/modules/accounts/sign-up.server";
import { parseForm } from "~/modules/checkout/parse-form";
import { readFormData } from "~/modules/http/form.server";
import { guestContactSchema, signInSchema } from "~/modules/order/order-schema";
import { signInSession } from "~/modules/session/auth.server";
import { getDb } from "~/request-context.server";

type Context = Readonly<RouterContextProvider>;

/** Where a buyer goes after the Login step: a page they were sent from (same site only), or Shipping. */
export function nextPath(request: Request): string {
  const next = new URL(request.url).searchParams.get("next");
  return next && /^\/(?!\/)[\w\-/?=&.%]*$/.test(next) ? next : "/Shipping";
}

export type LoginForm = "guest" | "signin" | "signup";

/** Each of the page's three forms shows only the reply meant for it. */
function reply<Result>(form: LoginForm, result: Result, status: number) {
  return data({ form, result }, { status });
}

/** The three ways through the Login step: as a guest, by signing in, or by creating an account. */
export async function loginAction(request: Request, context: Context) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) {
    return reply("guest", formData.data, formData.init?.status ?? 400);
  }

  switch (formData.get("intent")) {
    case "guest": {
      const submission = parseForm(formData, guestContactSchema);
      if (submission.status !== "success") return reply("guest", submission.reply(), 400);
      return redirect(nextPath(request));
    }
    case "signin": {
      const submission = parseForm(formData, signInSchema);
      if (submission.status !== "success") return reply("signin", submission.reply({ hideFields: ["password"] }), 400);
      const result = await signIn(await getDb(context), submission.value.email, submission.value.password);
      if (!result.ok && result.reason === "rate-limited") {
        const minutes = result.retryAfterMinutes === 1 ? "1 minute" : `${result.retryAfterMinutes} minutes`;
        const message = `Too many attempts to sign in. Try again in ${minutes}, or continue as a guest.`;
        return reply("signin", submission.reply({ formErrors: [message], hideFields: ["password"] }), 429);
      }
      if (!result.ok) {
        const message = "The e-mail address or the password is not right.";
        return reply("signin", submission.reply({ formErrors: [message], hideFields: ["password"] }), 400);
      }
      const setCookie = await signInSession(context, result.account.id);
      return redirect(nextPath(request), { headers: { "Set-Cookie": setCookie } });
    }
    case "signup": {
      const taken = "An account with this e-mail address exists already. Sign in instead.";
      const signedUp = await signUpFromForm(await getDb(context), formData, taken);
      if (!signedUp.ok) return reply("signup", signedUp.reply, 400);
      const setCookie = await signInSession(context, signedUp.accountId);
      return redirect(nextPath(request), { headers: { "Set-Cookie": setCookie } });
    }
    default:
      return reply("guest", { status: "error" as const, error: { "": ["Choose how you want to continue."] } }, 400);
  }
}
