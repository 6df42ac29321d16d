import { createHmac } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { signInAttempts } from "#app/db/schema.ts";
import { sessionSecret } from "#app/modules/session/session-secret.server.ts";

/** Every limit counts attempts in the same fixed window. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Attempts allowed per window and key. An attempt is counted before its password is checked, in one statement
 * per group of keys, so a burst of simultaneous attempts gets at most this many password checks.
 * - `accountFromClient`: one account from one client address. This is the lockout a single attacker can cause,
 *   and it locks only that attacker's address: the buyer signs in from their own.
 * - `client`: one client address across accounts.
 * - `account`: one account from any address: a cap on guessing spread over many addresses.
 * - `password`: one password tried across accounts (password spraying); the key is an HMAC, never the password.
 */
export const SIGN_IN_LIMITS = {
  accountFromClient: 5,
  client: 30,
  account: 50,
  password: 10,
} as const;

type LimitKind = keyof typeof SIGN_IN_LIMITS;

export interface SignInAttempt {
  /** Normalised (lower-case) e-mail address. */
  email: string;
  password: string;
  /** The client's address as the server saw it (behind a trusted proxy, the proxy's X-Forwarded-For). */
  clientAddress: string;
}

export type Reservation =
  | { allowed: true; keys: Record<LimitKind, string> }
  | { allowed: false; retryAfterMinutes: number };

function keysOf(attempt: SignInAttempt): Record<LimitKind, string> {
  const passwordTag = createHmac("sha256", sessionSecret()).update(`sign-in-password:${attempt.password}`).digest("base64url");
  return {
    accountFromClient: `account-client:${attempt.email}|${attempt.clientAddress}`,
    client: `client:${attempt.clientAddress}`,
    account: `account:${attempt.email}`,
    password: `password:${passwordTag}`,
  };
}

/**
 * Counts the attempt against its limits and says whether its password may be checked. The client's own keys are
 * counted first, and only an attempt they allow counts against the account's and the password's: an attacker
 * who has run out of tries adds nothing to the account's count, so the buyer, from another address, still gets in.
 */
export async function reserveSignInAttempt(db: Db, attempt: SignInAttempt, now = new Date()): Promise<Reservation> {
  const keys = keysOf(attempt);
  const ownKeys = await countAttempts(db, ["accountFromClient", "client"], keys, now);
  if (!ownKeys.allowed) return ownKeys;
  const sharedKeys = await countAttempts(db, ["account", "password"], keys, now);
  if (!sharedKeys.allowed) return sharedKeys;
  return { allowed: true, keys };
}

/** After a right password: the account's counts start afresh, and the attempt is given back to the client's and the password's. */
export async function releaseAfterSuccess(db: Db, keys: Record<LimitKind, string>) {
  await db.delete(signInAttempts).where(inArray(signInAttempts.key, [keys.accountFromClient, keys.account]));
  await db
    .update(signInAttempts)
    .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
    .where(inArray(signInAttempts.key, [keys.client, keys.password]));
}

/** One statement: each key's count goes up by one (a window that has ended starts afresh), and the counts come back. */
async function countAttempts(db: Db, kinds: LimitKind[], keys: Record<LimitKind, string>, now: Date): Promise<Reservation> {
  const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const expired = sql`${signInAttempts.windowStartedAt} < ${windowStart}`;
  const rows = await db
    .insert(signInAttempts)
    .values(kinds.map((kind) => ({ key: keys[kind], attempts: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${signInAttempts.windowStartedAt} end`,
      },
    })
    .returning();
  const over = rows.filter((row) => row.attempts > SIGN_IN_LIMITS[kindOf(row.key, keys)]);
  if (over.length === 0) return { allowed: true, keys };
  const reopensAt = Math.max(...over.map((row) => row.windowStartedAt.getTime() + SIGN_IN_WINDOW_MS));
  return { allowed: false, retryAfterMinutes: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 60_000)) };
}

function kindOf(key: string, keys: Record<LimitKind, string>): LimitKind {
  return (Object.keys(keys) as LimitKind[]).find((kind) => keys[kind] === key)!;
}
