import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { users } from "#app/db/schema.ts";
import { decoyHash, hashPassword, verifyPassword } from "./password.server.ts";
import { releaseAfterSuccess, reserveSignInAttempt } from "./sign-in-limits.server.ts";

export interface Account {
  id: string;
  email: string;
  /** `operator` may use the back office (/admin); everyone else is a buyer. */
  role: "buyer" | "operator";
}

const accountColumns = { id: users.id, email: users.email, role: users.role };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type CreateAccountResult = { ok: true; account: Account } | { ok: false; reason: "email-taken" };

export async function createAccount(db: Db, email: string, password: string): Promise<CreateAccountResult> {
  return createAccountWithHash(db, email, await hashPassword(password));
}

/** A new account with a password hashed earlier (a sign-up waiting for its address to be confirmed). */
export async function createAccountWithHash(db: Pick<Db, "insert">, email: string, passwordHash: string): Promise<CreateAccountResult> {
  const account: Account = { id: randomUUID(), email: normalizeEmail(email), role: "buyer" };
  const inserted = await db
    .insert(users)
    .values({ ...account, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length ? { ok: true, account } : { ok: false, reason: "email-taken" };
}

/** The account with this address, if any. */
export async function findAccountByEmail(db: Pick<Db, "select">, email: string): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findAccount(db: Db, id: string): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type SignInResult =
  | { ok: true; account: Account }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limited"; retryAfterMinutes: number };

export interface SignInOptions {
  now?: Date;
  /** The password check; tests count its calls. */
  verify?: (password: string, hash: string) => Promise<boolean>;
}

/**
 * Checks e-mail and password, within the sign-in limits (sign-in-limits.server.ts): an attempt over a limit is
 * refused without checking its password. One message for a wrong address and a wrong password.
 */
export async function signIn(
  db: Db,
  credentials: { email: string; password: string; clientAddress: string },
  { now = new Date(), verify = verifyPassword }: SignInOptions = {},
): Promise<SignInResult> {
  const email = normalizeEmail(credentials.email);
  const reservation = await reserveSignInAttempt(db, { ...credentials, email }, now);
  if (!reservation.allowed) return { ok: false, reason: "rate-limited", retryAfterMinutes: reservation.retryAfterMinutes };

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verify(credentials.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) return { ok: false, reason: "invalid" };
  await releaseAfterSuccess(db, reservation.keys);
  return { ok: true, account: { id: user.id, email: user.email, role: user.role } };
}
