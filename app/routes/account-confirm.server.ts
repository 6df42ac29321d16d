import { data, redirect, type RouterContextProvider } from "react-router";
import { confirmSignUp } from "#app/modules/accounts/sign-up.server.ts";
import { findEmailLink } from "#app/modules/accounts/email-links.server.ts";
import { signInSession } from "#app/modules/session/auth.server.ts";
import { getDb, getLocale } from "#app/request-context.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Why a sign-up link does not work (keys of the account namespace, `confirm.*`). */
type Gone = "unknown" | "used" | "expired" | "taken";

const gone = (context: Context, reason: Gone) => translatorFor(getLocale(context), "account")(`confirm.${reason}`);

/**
 * The page a sign-up's mailed link opens. It asks for a press of the button rather than creating the account on
 * GET: mail scanners open links too, and must not use them up.
 */
export async function confirmLoader(request: Request, context: Context) {
  const found = await findEmailLink(await getDb(context), "sign-up", new URL(request.url).searchParams.get("code"));
  if (found.status !== "valid" || !found.link.passwordHash) {
    const reason = found.status === "valid" ? "unknown" : found.status;
    return data({ state: "gone" as const, message: gone(context, reason) }, { status: reason === "unknown" ? 404 : 410 });
  }
  return { state: "ready" as const, email: found.link.email };
}

export async function confirmAction(request: Request, context: Context) {
  const confirmed = await confirmSignUp(await getDb(context), new URL(request.url).searchParams.get("code"));
  if (!confirmed.ok) {
    return data({ status: "error" as const, error: { "": [gone(context, confirmed.reason)] } }, { status: confirmed.reason === "unknown" ? 404 : 410 });
  }
  const setCookie = await signInSession(context, confirmed.accountId);
  return redirect(confirmed.nextPath, { headers: { "Set-Cookie": setCookie } });
}
