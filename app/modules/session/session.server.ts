import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { createCookie, type Cookie } from "react-router";
import { getConfig } from "#app/config.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { sessions } from "#app/db/schema.ts";
import { sessionSecret } from "./session-secret.server.ts";

export interface Session {
  id: string;
  userId: string | null;
  expiresAt: Date;
}

export const SESSION_COOKIE_NAME = "__session";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** An operator's session: a working day, not a month. A back-office cookie left on a shared computer opens every order. */
export const OPERATOR_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

let cookie: Cookie | undefined;

/** The session cookie: signed id only, HttpOnly, SameSite=Lax, Secure in production. */
export function sessionCookie(): Cookie {
  if (!cookie) {
    const config = getConfig();
    cookie = createCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.NODE_ENV === "production",
      path: "/",
      maxAge: SESSION_LIFETIME_MS / 1000,
      secrets: [sessionSecret()],
    });
  }
  return cookie;
}

/** The live session named by the request's cookie, or null (no cookie, bad signature, unknown or expired). */
export async function readSession(db: Db, request: Request): Promise<Session | null> {
  const id: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || id.length > 64) return null;
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Starts a session and returns it with the Set-Cookie header value that carries it. */
export async function createSession(
  db: Db,
  { userId, lifetimeMs = SESSION_LIFETIME_MS }: { userId: string | null; lifetimeMs?: number },
): Promise<{ session: Session; setCookie: string }> {
  const session: Session = {
    id: randomBytes(24).toString("base64url"),
    userId,
    expiresAt: new Date(Date.now() + lifetimeMs),
  };
  await db.insert(sessions).values(session);
  return { session, setCookie: await sessionCookie().serialize(session.id, { expires: session.expiresAt }) };
}

/** Ends a session; returns the Set-Cookie header value that clears the cookie. */
export async function destroySession(db: Db, sessionId: string): Promise<string> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  return sessionCookie().serialize("", { maxAge: 0 });
}

export function isSignedIn(session: Session | null): boolean {
  return Boolean(session?.userId);
}
