import { data, redirect, type RouterContextProvider } from "react-router";
import { createAccount, signIn } from "#app/modules/accounts/accounts.server.ts";
import { signInSchema, signUpSchema } from "#app/modules/accounts/account-schema.ts";
import { users } from "#app/db/schema.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { clientAddressOf } from "#app/modules/http/client-address.mjs";
import { completeClaim, findClaim } from "#app/modules/orders/order-claims.server.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import { signInSession } from "#app/modules/session/auth.server.ts";
import { getDb, getLocale } from "#app/request-context.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Why a claim link does not work, in the page's language (keys of the orders namespace, `claim.*`). */
const linkGone = (context: Context, reason: "expired" | "used" | "claimed") => translatorFor(getLocale(context), "orders")(`claim.${reason}`);

async function hasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return Boolean(row);
}

/** The claim page: what the link is worth, and whether its address has an account (sign in) or not (new password). */
export async function claimLoader(request: Request, context: Context, orderId: string) {
  const db = await getDb(context);
  const claim = await findClaim(db, orderId, new URL(request.url).searchParams.get("code"));
  if (claim.status === "unknown") pageNotFound(request);
  if (claim.status !== "valid") return data({ state: "gone" as const, message: linkGone(context, claim.status) }, { status: 410 });
  const { order } = claim;
  return { state: "ready" as const, orderNumber: order.number, email: order.contact, hasAccount: await hasAccount(db, order.contact) };
}

/**
 * Opening the link proved the order's address. A new password makes the account (its address is the order's,
 * whatever the form says); an existing account's buyer signs in, within the sign-in limits. Then the order is
 * the account's and the buyer is signed in.
 */
export async function claimAction(request: Request, context: Context, orderId: string) {
  const db = await getDb(context);
  const claim = await findClaim(db, orderId, new URL(request.url).searchParams.get("code"));
  if (claim.status === "unknown") pageNotFound(request);
  if (claim.status !== "valid") return data({ status: "error" as const, error: { "": [linkGone(context, claim.status)] } }, { status: 410 });
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  // The address is the order's: a different one in the form changes nothing.
  formData.set("email", claim.order.contact);

  let accountId: string;
  let outcome: "created" | "kept";
  if (formData.get("intent") === "signin") {
    const submission = parseForm(formData, signInSchema, { translate: formMessageIn(getLocale(context)) });
    if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
    const result = await signIn(db, { ...submission.value, clientAddress: clientAddressOf(request) });
    if (!result.ok) {
      const t = translatorFor(getLocale(context), "orders");
      const message =
        result.reason === "rate-limited" ? t("claim.tooManyAttempts", { count: result.retryAfterMinutes }) : t("claim.wrongPassword");
      return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: result.reason === "rate-limited" ? 429 : 400 });
    }
    accountId = result.account.id;
    outcome = "kept";
  } else {
    const submission = parseForm(formData, signUpSchema, { translate: formMessageIn(getLocale(context)) });
    if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
    const created = await createAccount(db, submission.value.email, submission.value.password);
    if (!created.ok) {
      const message = translatorFor(getLocale(context), "orders")("claim.accountExists");
      return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: 409 });
    }
    accountId = created.account.id;
    outcome = "created";
  }

  if (!(await completeClaim(db, claim.claimId, orderId, accountId))) {
    return data({ status: "error" as const, error: { "": [linkGone(context, "used")] } }, { status: 410 });
  }
  const setCookie = await signInSession(context, accountId);
  // The order page then says what happened (an account made, or the order added to one) where the form was.
  return redirect(`/orders/${orderId}?account=${outcome}`, { headers: { "Set-Cookie": setCookie } });
}
