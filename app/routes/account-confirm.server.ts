import { data, redirect, type RouterContextProvider } from "react-router";
import { confirmSignUp } from "#app/modules/accounts/sign-up.server.ts";
import { findEmailLink } from "#app/modules/accounts/email-links.server.ts";
import { signInSession } from "#app/modules/session/auth.server.ts";
import { getDb } from "#app/request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const GONE = {
  unknown: "This link is not (or no longer) valid. Create your account again from the Login page.",
  used: "This link was used already: your account exists. Sign in with it.",
  expired: "This link has expired: links work for 2 hours. Create your account again from the Login page.",
  taken: "You have an account with this address already. Sign in with it.",
} as const;

/**
 * The page a sign-up's mailed link opens. It asks for a press of the button rather than creating the account on
 * GET: mail scanners open links too, and must not use them up.
 */
export async function confirmLoader(request: Request, context: Context) {
  const found = await findEmailLink(await getDb(context), "sign-up", new URL(request.url).searchParams.get("code"));
  if (found.status !== "valid" || !found.link.passwordHash) {
    const reason = found.status === "valid" ? "unknown" : found.status;
    return data({ state: "gone" as const, message: GONE[reason] }, { status: reason === "unknown" ? 404 : 410 });
  }
  return { state: "ready" as const, email: found.link.email };
}

export async function confirmAction(request: Request, context: Context) {
  const confirmed = await confirmSignUp(await getDb(context), new URL(request.url).searchParams.get("code"));
  if (!confirmed.ok) {
    return data({ status: "error" as const, error: { "": [GONE[confirmed.reason]] } }, { status: confirmed.reason === "unknown" ? 404 : 410 });
  }
  const setCookie = await signInSession(context, confirmed.accountId);
  return redirect(confirmed.nextPath, { headers: { "Set-Cookie": setCookie } });
}
