import { data, redirect, type RouterContextProvider } from "react-router";
import { signIn } from "#app/modules/accounts/accounts.server.ts";
import { deleteAccount, type WithdrawableOrder } from "#app/modules/accounts/data-rights.server.ts";
import { formatDate } from "#app/modules/catalog/format.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { clientAddressOf } from "#app/modules/http/client-address.mjs";
import { requireReadableSession } from "#app/modules/observability/database-outage.server.ts";
import { currentAccount, signOutSession } from "#app/modules/session/auth.server.ts";
import { getDb, getLocale } from "#app/request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

export const DELETED_PATH = "/account/delete?deleted=1";

/** Signed in: the confirmation form. Signed out: the page that says the account is gone, after a deletion. */
export async function accountDeleteLoader(request: Request, context: Context) {
  requireReadableSession(context);
  const account = await currentAccount(context);
  const deleted = new URL(request.url).searchParams.get("deleted") === "1";
  if (!account) {
    if (deleted) return { email: null, deleted: true };
    throw redirect("/account");
  }
  return { email: account.email, deleted: false };
}

/** A refusal for the form: a message (formMessage key with its values), for the password field or the whole form. */
function refuse(status: number, message: string, field: "password" | "form" = "form") {
  return data({ field, message }, { status });
}

const message = (key: string, values?: Record<string, string | number>) => formMessage(`account:dataRights.errors.${key}`, values);

/** Each order that keeps the account, with until when or why, in the page's language: "DS-…: … until 13 Dec 2026". */
function withdrawableList(orders: WithdrawableOrder[], locale: Locale): string {
  const t = translatorFor(locale, "account");
  return orders
    .map((order) =>
      order.reason === "period"
        ? t("dataRights.withdrawable.period", { number: order.number, date: formatDate(order.lastDay, locale) })
        : t(`dataRights.withdrawable.${order.reason === "in-transit" ? "inTransit" : "withdrawn"}`, { number: order.number }),
    )
    .join("; ");
}

/**
 * Deletes the signed-in buyer's account after checking their password again, under the sign-in limits (so a
 * session left open cannot be used to guess it). Then the session's cookie is cleared, and the buyer sees that
 * the account is gone.
 */
export async function accountDeleteAction(request: Request, context: Context) {
  const account = await currentAccount(context);
  if (!account) throw redirect("/account");
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return refuse(formData.init?.status ?? 400, formData.data.error[""][0] ?? "");
  const password = formData.get("password");
  if (typeof password !== "string" || password === "") return refuse(400, message("passwordRequired"), "password");

  const db = await getDb(context);
  const check = await signIn(db, { email: account.email, password: password.slice(0, 1000), clientAddress: clientAddressOf(request) });
  if (!check.ok && check.reason === "rate-limited") {
    return refuse(429, message("rateLimited", { minutes: check.retryAfterMinutes }));
  }
  if (!check.ok || check.account.id !== account.id) return refuse(400, message("wrongPassword"), "password");

  const result = await deleteAccount(db, account.id);
  if (!result.ok) {
    if (result.reason === "open-orders") return refuse(409, message("openOrders", { orders: result.orderNumbers.join(", ") }));
    if (result.reason === "withdrawal-period") {
      return refuse(409, message("withdrawalPeriod", { orders: withdrawableList(result.orders, getLocale(context)) }));
    }
    if (result.reason === "operator") return refuse(403, message("operator"));
    throw redirect("/account");
  }
  const setCookie = await signOutSession(context);
  return redirect(DELETED_PATH, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}
