import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { emailLinks } from "#app/db/schema.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";

/** How long a mailed link works. */
export const EMAIL_LINK_TTL_MS = 2 * 60 * 60 * 1000;
/** Mails of this kind per address and hour at most: the forms cannot be used to flood an inbox. */
export const EMAIL_LINKS_PER_HOUR = 3;

export type EmailLinkPurpose = "sign-up" | "password-reset";
type Writer = Pick<Db, "insert" | "select">;

const hashOf = (code: string) => createHash("sha256").update(code).digest("base64url");

/** What the forms answer when an address had its links for the hour: use one sent, or ask again later. */
export function mailLimitMessage(locale: Locale): string {
  return translatorFor(locale, "account")("mailLimit", { count: EMAIL_LINKS_PER_HOUR });
}

/** Whether another link may be mailed to this address this hour. */
export async function mayMail(db: Writer, email: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - 60 * 60 * 1000);
  const [recent] = await db
    .select({ sent: count() })
    .from(emailLinks)
    .where(and(eq(emailLinks.email, email), gt(emailLinks.createdAt, since)));
  return (recent?.sent ?? 0) < EMAIL_LINKS_PER_HOUR;
}

/** Stores a new link and returns its code (kept nowhere else: it goes into the mail). */
export async function createEmailLink(
  db: Writer,
  link: { purpose: EmailLinkPurpose; email: string; passwordHash?: string; nextPath?: string },
  now = new Date(),
): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  await db.insert(emailLinks).values({
    id: randomUUID(),
    purpose: link.purpose,
    email: link.email,
    codeHash: hashOf(code),
    passwordHash: link.passwordHash ?? null,
    nextPath: link.nextPath ?? null,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    createdAt: now,
  });
  return code;
}

export type EmailLinkRow = typeof emailLinks.$inferSelect;

/** The unused, unexpired link with this code and purpose, or why there is none. */
export async function findEmailLink(db: Db, purpose: EmailLinkPurpose, code: string | null, now = new Date()) {
  if (!code || code.length > 100) return { status: "unknown" as const };
  const [row] = await db
    .select()
    .from(emailLinks)
    .where(and(eq(emailLinks.codeHash, hashOf(code)), eq(emailLinks.purpose, purpose)))
    .limit(1);
  if (!row) return { status: "unknown" as const };
  if (row.usedAt) return { status: "used" as const };
  if (row.expiresAt <= now) return { status: "expired" as const };
  return { status: "valid" as const, link: row };
}

/** Uses a link once: false when it was used (or ran out) meanwhile. */
export async function useEmailLink(db: Pick<Db, "update">, id: string, now = new Date()): Promise<boolean> {
  const used = await db
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.id, id), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)))
    .returning({ id: emailLinks.id });
  return used.length > 0;
}
