import { data, redirect, type RouterContextProvider } from "react-router";
import { signIn } from "#app/modules/accounts/accounts.server.ts";
import { requestSignUp } from "#app/modules/accounts/sign-up.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { signInSchema, signUpSchema } from "#app/modules/accounts/account-schema.ts";
import { guestContactSchema } from "#app/modules/checkout/order-schema.ts";
import { carryBack, carryForward } from "#app/modules/checkout/carried-draft.server.ts";
import { signInSession } from "#app/modules/session/auth.server.ts";
import { clientAddressOf } from "#app/modules/http/client-address.mjs";
import { getDb, getLocale, getSiteUrl } from "#app/request-context.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { isDatabaseUnavailable } from "#app/modules/observability/database-outage.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";

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

const DATABASE_AWAY = Symbol("database away");

/**
 * The database being away answers the form itself (503, what was typed sent back but the password, a message to
 * try again in a moment) instead of the error page, which would take the form and its input off the screen.
 */
async function whileDatabaseAnswers<Result>(work: () => Promise<Result>): Promise<Result | typeof DATABASE_AWAY> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error }, "form refused: the database is not available");
    return DATABASE_AWAY;
  }
}

/** The three ways through the Login step: as a guest, by signing in, or by creating an account. */
export async function loginAction(request: Request, context: Context) {
  // The form-wide messages are made here, in the request's language (D193: text that is not a key shows as it is).
  const t = translatorFor(getLocale(context), "checkout");
  const databaseAway = translatorFor(getLocale(context), "common")("error.databaseUnavailable");
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) {
    return reply("guest", formData.data, formData.init?.status ?? 400);
  }

  switch (formData.get("intent")) {
    case "guest": {
      const submission = parseForm(formData, guestContactSchema);
      if (submission.status !== "success") {
        carryBack(context, request, formData);
        return reply("guest", submission.reply(), 400);
      }
      carryForward(context, request, formData, submission.value);
      return redirect(nextPath(request));
    }
    case "signin": {
      const submission = parseForm(formData, signInSchema, { translate: formMessageIn(getLocale(context)) });
      if (submission.status !== "success") return reply("signin", submission.reply({ hideFields: ["password"] }), 400);
      const result = await whileDatabaseAnswers(() =>
        getDb(context).then((db) => signIn(db, { ...submission.value, clientAddress: clientAddressOf(request) })),
      );
      if (result === DATABASE_AWAY) {
        return reply("signin", submission.reply({ formErrors: [databaseAway], hideFields: ["password"] }), 503);
      }
      if (!result.ok && result.reason === "rate-limited") {
        const message = t("login.errors.rateLimited", { count: result.retryAfterMinutes });
        return reply("signin", submission.reply({ formErrors: [message], hideFields: ["password"] }), 429);
      }
      if (!result.ok) {
        const message = t("login.errors.notRight");
        return reply("signin", submission.reply({ formErrors: [message], hideFields: ["password"] }), 400);
      }
      const setCookie = await signInSession(context, result.account.id);
      carryForward(context, request, formData);
      return redirect(nextPath(request), { headers: { "Set-Cookie": setCookie } });
    }
    case "signup": {
      // The same answer whether the address has an account or not: what applies goes by mail.
      const siteUrl = getSiteUrl(context);
      const requested = await whileDatabaseAnswers(() =>
        getDb(context).then((db) => requestSignUp(db, formData, { siteUrl, nextPath: nextPath(request), locale: getLocale(context) })),
      );
      if (requested === DATABASE_AWAY) {
        const submission = parseForm(formData, signUpSchema, { translate: formMessageIn(getLocale(context)) });
        return reply("signup", submission.reply({ formErrors: [databaseAway], hideFields: ["password"] }), 503);
      }
      if (!requested.ok) return reply("signup", requested.reply, requested.status);
      return reply("signup", { status: "success" as const, sentTo: requested.email }, 200);
    }
    default:
      return reply("guest", { status: "error" as const, error: { "": [t("login.errors.chooseWay")] } }, 400);
  }
}
