import type { SubmissionResult } from "@conform-to/react";
import type { Db } from "#app/db/client.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { signUpSchema } from "#app/modules/accounts/account-schema.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { accountExistsMail, confirmSignUpMail } from "./account-mails.server.ts";
import { createAccountWithHash, findAccountByEmail, normalizeEmail } from "./accounts.server.ts";
import { createEmailLink, findEmailLink, mailLimitMessage, mayMail, useEmailLink } from "./email-links.server.ts";
import { hashPassword } from "./password.server.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";

export type SignUpRequest =
  | { ok: true; email: string }
  | { ok: false; reply: SubmissionResult<string[]>; status: 400 | 429 };

/**
 * A sign-up form: the answer is "we sent a link to …" whether the address has an account or not, so the form
 * tells nobody which addresses have one. The mail says what applies: a link that finishes the sign-up (the
 * password's hash waits with it), or that there is an account already, with a way to a new password. Both ways
 * hash the password and write one link and one mail, so they also take the same time.
 */
export async function requestSignUp(
  db: Db,
  formData: FormData,
  { siteUrl, nextPath, locale = "en" }: { siteUrl: string; nextPath: string; /** The page's language: the mail's and the messages'. */ locale?: Locale },
): Promise<SignUpRequest> {
  const submission = parseForm(formData, signUpSchema, { translate: formMessageIn(locale) });
  if (submission.status !== "success") {
    return { ok: false, reply: submission.reply({ hideFields: ["password"] }), status: 400 };
  }
  const email = normalizeEmail(submission.value.email);
  const passwordHash = await hashPassword(submission.value.password);
  // Counted alike with or without an account: saying the hour's mails are used up tells nothing about the account.
  const sent = await db.transaction(async (tx) => {
    if (!(await mayMail(tx, email))) return false;
    if (await findAccountByEmail(tx, email)) {
      const code = await createEmailLink(tx, { purpose: "password-reset", email });
      const mail = accountExistsMail(email, new URL(`/account/reset?code=${code}`, siteUrl).href, new URL("/Login", siteUrl).href, locale);
      await enqueueMail(tx, { eventKey: `account-exists:${code.slice(0, 16)}`, ...mail });
    } else {
      const code = await createEmailLink(tx, { purpose: "sign-up", email, passwordHash, nextPath });
      const mail = confirmSignUpMail(email, new URL(`/account/confirm?code=${code}`, siteUrl).href, locale);
      await enqueueMail(tx, { eventKey: `sign-up:${code.slice(0, 16)}`, ...mail });
    }
    return true;
  });
  if (!sent) {
    const message = mailLimitMessage(locale);
    return { ok: false, reply: submission.reply({ formErrors: [message], hideFields: ["password"] }), status: 429 };
  }
  return { ok: true, email };
}

export type SignUpConfirmation =
  | { ok: true; accountId: string; nextPath: string }
  | { ok: false; reason: "unknown" | "used" | "expired" | "taken" };

/** Opening the mailed link proved the address: the account is made with the password chosen at sign-up. */
export async function confirmSignUp(db: Db, code: string | null): Promise<SignUpConfirmation> {
  const found = await findEmailLink(db, "sign-up", code);
  if (found.status !== "valid") return { ok: false, reason: found.status };
  const { link } = found;
  if (!link.passwordHash) return { ok: false, reason: "unknown" };
  const passwordHash = link.passwordHash;
  return db.transaction(async (tx) => {
    if (!(await useEmailLink(tx, link.id))) return { ok: false, reason: "used" } as const;
    const created = await createAccountWithHash(tx, link.email, passwordHash);
    if (!created.ok) return { ok: false, reason: "taken" } as const;
    return { ok: true, accountId: created.account.id, nextPath: link.nextPath ?? "/account" } as const;
  });
}
