import { eq, like, or } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { sessions, signInAttempts, users } from "#app/db/schema.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { noAccountMail, passwordResetMail } from "./account-mails.server.ts";
import { findAccountByEmail, normalizeEmail } from "./accounts.server.ts";
import { createEmailLink, findEmailLink, mayMail, useEmailLink } from "./email-links.server.ts";
import { hashPassword } from "./password.server.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";

/**
 * "Forgot your password?": one answer for every address ("we sent a link"). An account's address gets a link to
 * choose a new password; an address without one is told so, in the mail only. Either way one link row and one
 * mail are written, so the answer also takes the same time. The mail is in the language of the page that asked.
 * "limited": the address had its mails for this hour (EMAIL_LINKS_PER_HOUR), counted alike with or without an
 * account, so saying so tells nothing about the account.
 */
export async function requestPasswordReset(
  db: Db,
  rawEmail: string,
  siteUrl: string,
  locale: Locale = "en",
): Promise<"sent" | "limited"> {
  const email = normalizeEmail(rawEmail);
  return db.transaction(async (tx) => {
    if (!(await mayMail(tx, email))) return "limited";
    const account = await findAccountByEmail(tx, email);
    // Written for an address without an account too: it counts towards the address's mails per hour, and its
    // code, never sent, could only ever find no account to reset.
    const code = await createEmailLink(tx, { purpose: "password-reset", email });
    const mail = account
      ? passwordResetMail(email, new URL(`/account/reset?code=${code}`, siteUrl).href, locale)
      : noAccountMail(email, new URL("/Login", siteUrl).href, locale);
    await enqueueMail(tx, { eventKey: `password-reset:${code.slice(0, 16)}`, ...mail });
    return "sent";
  });
}

export type PasswordReset = { ok: true; accountId: string } | { ok: false; reason: "unknown" | "used" | "expired" };

/**
 * Sets the new password from a mailed link: every session of the account ends (whoever had it is out), and the
 * account's sign-in limits start afresh.
 */
export async function resetPassword(db: Db, code: string | null, newPassword: string): Promise<PasswordReset> {
  const found = await findEmailLink(db, "password-reset", code);
  if (found.status !== "valid") return { ok: false, reason: found.status };
  const { link } = found;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    if (!(await useEmailLink(tx, link.id))) return { ok: false, reason: "used" } as const;
    const [account] = await tx.update(users).set({ passwordHash }).where(eq(users.email, link.email)).returning({ id: users.id });
    if (!account) return { ok: false, reason: "unknown" } as const;
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
    await tx
      .delete(signInAttempts)
      .where(or(eq(signInAttempts.key, `account:${link.email}`), like(signInAttempts.key, `account-client:${escapeLike(link.email)}|%`)));
    return { ok: true, accountId: account.id } as const;
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
