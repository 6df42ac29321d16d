import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { signInFailures, users } from "~/db/schema";
import { decoyHash, hashPassword, verifyPassword } from "./password.server";

export const SIGN_IN_LIMIT = { failures: 5, windowMs: 15 * 60 * 1000 };

export interface Account {
  id: string;
  email: string;
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type CreateAccountResult = { ok: true; account: Account } | { ok: false; reason: "email-taken" };

export async function createAccount(db: Db, email: string, password: string): Promise<CreateAccountResult> {
  const account = { id: randomUUID(), email: normalizeEmail(email) };
  const inserted = await db
    .insert(users)
    .values({ ...account, passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length ? { ok: true, account } : { ok: false, reason: "email-taken" };
}

export async function findAccount(db: Db, id: string): Promise<Account | null> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type SignInResult =
  | { ok: true; account: Account }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limited"; retryAfterMinutes: number };

/**
 * Checks e-mail and password. After SIGN_IN_LIMIT.failures failures for one address within the window, further
 * attempts are refused without checking the password, whatever the source, until the window ends.
 */
export async function signIn(db: Db, email: string, password: string, now = new Date()): Promise<SignInResult> {
  const address = normalizeEmail(email);
  const limited = await retryAfterMinutes(db, address, now);
  if (limited) return { ok: false, reason: "rate-limited", retryAfterMinutes: limited };

  const [user] = await db.select().from(users).where(eq(users.email, address)).limit(1);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (user && valid) {
    await db.delete(signInFailures).where(eq(signInFailures.email, address));
    return { ok: true, account: { id: user.id, email: user.email } };
  }
  await recordFailure(db, address, now);
  return { ok: false, reason: "invalid" };
}

async function retryAfterMinutes(db: Db, email: string, now: Date): Promise<number> {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, email)).limit(1);
  if (!row || row.failures < SIGN_IN_LIMIT.failures) return 0;
  const remainingMs = row.windowStartedAt.getTime() + SIGN_IN_LIMIT.windowMs - now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 60_000) : 0;
}

/** Counts a failure; a window that has ended starts afresh. One statement, so concurrent failures all count. */
async function recordFailure(db: Db, email: string, now: Date) {
  const windowStart = new Date(now.getTime() - SIGN_IN_LIMIT.windowMs);
  await db
    .insert(signInFailures)
    .values({ email, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        failures: sql`case when ${signInFailures.windowStartedAt} < ${windowStart} then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} < ${windowStart} then ${now} else ${signInFailures.windowStartedAt} end`,
      },
    });
}
