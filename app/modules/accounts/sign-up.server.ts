import type { SubmissionResult } from "@conform-to/react";
import type { Db } from "~/db/client.server";
import { parseForm } from "~/modules/checkout/parse-form";
import { signUpSchema } from "~/modules/order/order-schema";
import { createAccount } from "./accounts.server";

export type SignUpResult = { ok: true; accountId: string } | { ok: false; reply: SubmissionResult<string[]> };

/**
 * A submitted sign-up form (the Login page's, or the one offered after a guest order): a new account, or the
 * form's reply for a 400, with the password never echoed back. `takenMessage` tells the buyer what to do when
 * the address has an account already, which depends on where they are.
 */
export async function signUpFromForm(db: Db, formData: FormData, takenMessage: string): Promise<SignUpResult> {
  const submission = parseForm(formData, signUpSchema);
  if (submission.status !== "success") return { ok: false, reply: submission.reply({ hideFields: ["password"] }) };
  const created = await createAccount(db, submission.value.email, submission.value.password);
  if (!created.ok) {
    return { ok: false, reply: submission.reply({ fieldErrors: { email: [takenMessage] }, hideFields: ["password"] }) };
  }
  return { ok: true, accountId: created.account.id };
}
