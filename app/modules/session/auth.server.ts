import type { RouterContextProvider } from "react-router";
import { findAccount, type Account } from "#app/modules/accounts/accounts.server.ts";
import { getDb, sessionContext } from "#app/request-context.server.ts";
import { createSession, destroySession, OPERATOR_SESSION_LIFETIME_MS, SESSION_LIFETIME_MS } from "./session.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The signed-in buyer's account, or null for a guest. */
export async function currentAccount(context: Context): Promise<Account | null> {
  const session = context.get(sessionContext);
  if (!session?.userId) return null;
  return findAccount(await getDb(context), session.userId);
}

/**
 * Signs a buyer in: a new session id on every sign-in (the old one is ended), so that a session id planted
 * before sign-in is worth nothing after it. An operator's session lasts 12 hours, a buyer's 30 days, whichever
 * page they signed in on. Returns the Set-Cookie header value.
 */
export async function signInSession(context: Context, userId: string): Promise<string> {
  const db = await getDb(context);
  const previous = context.get(sessionContext);
  if (previous) await destroySession(db, previous.id);
  const account = await findAccount(db, userId);
  const lifetimeMs = account?.role === "operator" ? OPERATOR_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS;
  return (await createSession(db, { userId, lifetimeMs })).setCookie;
}

/** Ends the visitor's session; returns the Set-Cookie header value that clears the cookie. */
export async function signOutSession(context: Context): Promise<string | null> {
  const session = context.get(sessionContext);
  if (!session) return null;
  return destroySession(await getDb(context), session.id);
}
