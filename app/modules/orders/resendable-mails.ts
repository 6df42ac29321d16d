import { isOrderStatus, refundsCharge, type OrderStatus } from "./order-status.ts";

/**
 * The order's mails the back office can send again: the confirmation, the shipping mail, the refund's, and each partial
 * refund's. Shared by the form (its choices, their names) and the server (what this order has).
 */
export const RESENDABLE_MAILS = ["confirmation", "shipped", "refunded"] as const;
/** A partial refund's mail is named by its credit note's number: an order may have several. */
type FixedMail = (typeof RESENDABLE_MAILS)[number];
export type ResendableMail = FixedMail | `partial-refund:${string}`;

const PARTIAL_REFUND_MAIL = /^partial-refund:(\d{4}-\d{6,})$/;

export function partialRefundMail(creditNoteNumber: string): ResendableMail {
  return `partial-refund:${creditNoteNumber}`;
}

/** The credit note's number a partial refund's mail names, or null for the order's other mails. */
export function creditNoteOfMail(mail: string): string | null {
  return PARTIAL_REFUND_MAIL.exec(mail)?.[1] ?? null;
}

export function isResendableMail(value: string): value is ResendableMail {
  return (RESENDABLE_MAILS as readonly string[]).includes(value) || creditNoteOfMail(value) !== null;
}

/** The mail's name in the form and the messages: an admin-namespace key and its values. */
export function mailName(mail: ResendableMail): { key: `corrections.mails.${FixedMail | "partialRefund"}`; values: { creditNote?: string } } {
  const creditNote = creditNoteOfMail(mail);
  return creditNote ? { key: "corrections.mails.partialRefund", values: { creditNote } } : { key: `corrections.mails.${mail as FixedMail}`, values: {} };
}

/**
 * The mails this order has sent that can be sent again, in the order they were sent: the confirmation, the shipping
 * mail once shipped, each partial refund's (by `creditNoteNumbers`, oldest first), the refund's once cancelled or
 * returned.
 */
export function resendableMails(order: { status: OrderStatus; carrier: string | null }, creditNoteNumbers: readonly string[] = []): ResendableMail[] {
  return [
    "confirmation",
    ...(order.carrier ? (["shipped"] as const) : []),
    ...creditNoteNumbers.map(partialRefundMail),
    ...(refundsCharge(order.status) ? (["refunded"] as const) : []),
  ];
}

/** A history entry as far as it tells which mail the buyer got. */
interface MailingEvent {
  kind: string;
  toStatus: string | null;
  details: Record<string, string> | null;
}

/**
 * The last of `mails` the buyer was sent, by the order's history (oldest first): "I never got it" is most often about
 * that one, so the form offers it first. A partial refund may come before or after the shipping mail.
 */
export function lastMail(mails: readonly ResendableMail[], history: readonly MailingEvent[]): ResendableMail {
  let last: ResendableMail = "confirmation";
  for (const event of history) {
    const mail = mailOfEvent(event);
    if (mail && mails.includes(mail)) last = mail;
  }
  return last;
}

function mailOfEvent({ kind, toStatus, details }: MailingEvent): ResendableMail | null {
  if (kind === "partial-refund" && details?.creditNoteNumber) return partialRefundMail(details.creditNoteNumber);
  if (kind !== "status" || toStatus === null) return null;
  if (toStatus === "shipped") return "shipped";
  return isOrderStatus(toStatus) && refundsCharge(toStatus) ? "refunded" : null;
}
