import * as z from "zod/mini";
import { contactSchema } from "#app/modules/checkout/order-schema.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";

// The sign-in and sign-up forms' rules, on the page and in the actions. The e-mail address is the same rule as
// an order's contact address: an account is found by the address its orders were placed with. The messages are
// keys of the account namespace (form-message.ts): the fields show them in the page's language.

const passwordField = z.string({ error: formMessage("account:errors.enterPassword") }).check(
  z.minLength(1, formMessage("account:errors.enterPassword")),
  z.maxLength(1000, formMessage("account:errors.passwordTooLong")),
);

/** Signing in: the password is only checked against the stored hash, so any non-empty one is accepted here. */
export const signInSchema = z.object({ email: contactSchema, password: passwordField });

/** A new account: at least 8 characters, no composition rules (product §5). */
export const signUpSchema = z.object({
  email: contactSchema,
  password: passwordField.check(z.minLength(8, formMessage("account:errors.passwordTooShort"))),
});

/** Asking for a new password: the address only. */
export const passwordResetRequestSchema = z.object({ email: contactSchema });

/** Choosing a new password, by the same rule as a new account's. */
export const newPasswordSchema = z.object({ password: passwordField.check(z.minLength(8, formMessage("account:errors.passwordTooShort"))) });
