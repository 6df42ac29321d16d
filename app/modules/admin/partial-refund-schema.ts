import * as z from "zod/mini";
import { addressTextProblem } from "#app/modules/checkout/address-text.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";

/**
 * The back office's "Refund part of the amount" form (partial-refund-form.tsx), told apart from the order page's other
 * forms by its `intent`. Messages are keys of the admin namespace (form-message.ts).
 */
export const PARTIAL_REFUND_INTENT = "refund-part";

/** The longest reason: the credit note prints it on its one line (as partial-refunds.server.ts allows). */
export const REASON_MAX_LENGTH = 200;

/** The largest amount the field reads (in euros, before the order's own limit): 9,999,999.99. */
const MAX_EURO_DIGITS = 7;

/**
 * An amount in euros as an operator types it, in cents: "12,50", "12.50", "12", "€ 7,5", "0,99". One decimal mark
 * (a comma or a point) with at most two decimals, no thousands separators ("1.234,50" would be ambiguous): null for
 * anything else.
 */
export function parseEuroAmount(text: string): number | null {
  const compact = text.replace(/[\s\u00A0\u202F]/g, "").replace(/^€|€$|^EUR|EUR$/gi, "");
  const match = new RegExp(`^(\\d{1,${MAX_EURO_DIGITS}})(?:[.,](\\d{1,2}))?$`).exec(compact);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/**
 * A reason as stored: one line (line ends and tabs become spaces), without control characters or the bidirectional
 * overrides that would make the credit note read differently from what was typed, spaces collapsed.
 */
export function cleanReason(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

const reloadPage = formMessage("admin:partialRefund.errors.reloadPage");

export const partialRefundSchema = z.object({
  intent: z.literal(PARTIAL_REFUND_INTENT),
  /** One per view of the page: the processor's idempotency key is made of it (a double click refunds once). */
  requestId: z.string({ error: reloadPage }).check(z.uuid(reloadPage)),
  /** What the page showed as refunded already, in cents (compare-and-set). */
  expectedRefundedCents: z.string({ error: reloadPage }).check(z.regex(/^\d{1,10}$/, reloadPage)),
  amount: z.string({ error: formMessage("admin:partialRefund.errors.enterAmount") }).check(
    z.maxLength(30, { error: formMessage("admin:partialRefund.errors.amountFormat"), abort: true }),
    z.refine((value) => parseEuroAmount(value) !== null, formMessage("admin:partialRefund.errors.amountFormat")),
    z.refine((value) => (parseEuroAmount(value) ?? 1) > 0, formMessage("admin:partialRefund.errors.amountPositive")),
  ),
  reason: z.string({ error: formMessage("admin:partialRefund.errors.enterReason") }).check(
    // Far too long: said once, before anything else is looked at.
    z.maxLength(REASON_MAX_LENGTH * 4, { error: formMessage("admin:partialRefund.errors.reasonTooLong", { max: REASON_MAX_LENGTH }), abort: true }),
    z.overwrite(cleanReason),
    z.minLength(1, formMessage("admin:partialRefund.errors.enterReason")),
    z.maxLength(REASON_MAX_LENGTH, formMessage("admin:partialRefund.errors.reasonTooLong", { max: REASON_MAX_LENGTH })),
    // The credit note's fonts print Latin, Greek and Cyrillic letters (as an address's rule, D231).
    z.refine((value) => addressTextProblem(value) === null, formMessage("admin:partialRefund.errors.reasonScript")),
  ),
});
