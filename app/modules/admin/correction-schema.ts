import * as z from "zod/mini";
import { formMessage } from "#app/modules/forms/form-message.ts";
import { contactSchema } from "#app/modules/checkout/order-schema.ts";
import { shipmentIssues } from "./transition-schema.ts";
import { isResendableMail, type ResendableMail } from "#app/modules/orders/resendable-mails.ts";

/**
 * The back office's entries on an order besides its moves, each a form of the order page told apart by `intent`:
 * an internal note, a corrected carrier or tracking number, a mail sent again (to a corrected address). Messages are
 * keys of the admin namespace (form-message.ts).
 */
export const ORDER_INTENTS = ["note", "correct-tracking", "resend-mail"] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

export function isOrderIntent(value: unknown): value is OrderIntent {
  return typeof value === "string" && (ORDER_INTENTS as readonly string[]).includes(value);
}

export const NOTE_MAX_LENGTH = 2000;

/**
 * A note as stored: line ends made one (\n), control characters other than the line end and the tab removed (a NUL
 * cannot even be stored in PostgreSQL's jsonb), and the bidirectional overrides that could make the history read
 * differently from what was written. Everything else, HTML included, is kept as text; pages escape it.
 */
export function cleanNote(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, "")
    .trim();
}

/**
 * Each form carries a submission id, random per page view (the loader's): the same post twice (a double click, a
 * browser's resend) is written once, while a new view of the page makes a new one.
 */
const submission = z.string({ error: formMessage("admin:corrections.errors.reloadPage") }).check(z.uuid(formMessage("admin:corrections.errors.reloadPage")));

export const noteSchema = z.object({
  intent: z.literal("note"),
  submission,
  note: z.string({ error: formMessage("admin:corrections.errors.enterNote") }).check(
    z.overwrite(cleanNote),
    z.minLength(1, formMessage("admin:corrections.errors.enterNote")),
    z.maxLength(NOTE_MAX_LENGTH, formMessage("admin:corrections.errors.noteTooLong", { max: NOTE_MAX_LENGTH })),
  ),
});

/**
 * A corrected shipment: the carrier and tracking number the operator saw (compare-and-set) and the new ones, checked
 * as the ship form checks them (transition-schema.ts).
 */
export const trackingCorrectionSchema = z
  .object({
    intent: z.literal("correct-tracking"),
    expectedCarrier: z.optional(z.string().check(z.maxLength(20, formMessage("admin:corrections.errors.reloadPage")))),
    expectedTrackingNumber: z.optional(z.string().check(z.maxLength(60, formMessage("admin:corrections.errors.reloadPage")))),
    carrier: z.optional(z.string().check(z.maxLength(20))),
    trackingNumber: z.optional(z.string().check(z.maxLength(60, formMessage("admin:errors.trackingTooLong")))),
  })
  .check(z.superRefine((value, context) => shipmentIssues(value, context)));

/**
 * A mail sent again, to the address the operator saw (`expectedContact`, compare-and-set) or to a corrected one
 * (`contact`, a guest order's only: an account's orders go to the account's address).
 */
export const resendMailSchema = z.object({
  intent: z.literal("resend-mail"),
  submission,
  expectedContact: z.optional(z.string().check(z.maxLength(254, formMessage("admin:corrections.errors.reloadPage")))),
  contact: z.optional(contactSchema),
  mail: z.pipe(
    z.string({ error: formMessage("admin:corrections.errors.chooseMail") }).check(z.refine(isResendableMail, { error: formMessage("admin:corrections.errors.chooseMail") })),
    z.custom<ResendableMail>(),
  ),
});
