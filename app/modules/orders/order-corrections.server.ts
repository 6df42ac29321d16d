import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderEvents, orders, type OrderRefundRow, type OrderRow } from "#app/db/schema.ts";
import { enqueueMail, type MailToSend } from "#app/modules/mail/mail-outbox.server.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { carrierName, type CarrierCode } from "./carriers.ts";
import type { Actor } from "./order-history.server.ts";
import { orderPath } from "./order-link.server.ts";
import { orderConfirmationMail, orderPartlyRefundedMail, orderRefundedMail, orderShippedMail, trackingCorrectedMail } from "./order-mails.server.ts";
import { partialRefundsOf, toPartialCreditNote } from "./partial-refunds.server.ts";
import { creditNoteOfMail, resendableMails, type ResendableMail } from "./resendable-mails.ts";

/**
 * The back office's entries on an order besides its moves: an internal note, a corrected shipment, a mail sent again
 * (to a corrected address). Each is written to the order's append-only history with who and when; the history keeps
 * what was there before (the shipment event, the old address) and the correction names old and new. The buyer sees
 * none of the notes (not on the order page, not in the data export, not in a mail).
 */

export type CorrectionResult =
  /** `repeated`: the same post came again (a double click, a browser's resend): nothing more was written or sent. */
  | { ok: true; order: OrderRow; repeated: boolean }
  | { ok: false; reason: "not-found" }
  /** The order is not (or no longer) one this applies to, or it changed meanwhile: the message says how. */
  | { ok: false; reason: "refused"; message: string }
  /** A field's value cannot be taken for this order (a message of the admin namespace, in the operator's language). */
  | { ok: false; reason: "invalid"; field: string; message: string };

interface Common {
  orderId: string;
  actor: Actor;
  /** The operator's language, for refusals. */
  locale?: Locale;
}

const translator = (locale: Locale | undefined) => translatorFor(locale ?? "en", "admin");

async function lockOrder(tx: Pick<Db, "select">, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

/**
 * Appends an operator's internal note to the order's history. The note's event id is the form's submission id, so
 * the same post twice writes one note. A note is allowed on every order, an anonymised one too: it is the shop's
 * record, never the buyer's.
 */
export async function addOrderNote(db: Db, request: Common & { text: string; submission: string }): Promise<CorrectionResult> {
  const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  if (!order) return { ok: false, reason: "not-found" };
  const written = await db
    .insert(orderEvents)
    .values({
      id: request.submission,
      orderId: order.id,
      kind: "note",
      fromStatus: order.status,
      toStatus: order.status,
      actor: request.actor.name,
      actorId: request.actor.id,
      details: { text: request.text },
    })
    .onConflictDoNothing({ target: orderEvents.id })
    .returning({ id: orderEvents.id });
  if (written.length > 0) return { ok: true, order, repeated: false };
  return (await isRepeat(db, request.submission, order.id, "note"))
    ? { ok: true, order, repeated: true }
    : { ok: false, reason: "invalid", field: "submission", message: translator(request.locale)("corrections.errors.reloadPage") };
}

/**
 * Whether the history already has this submission's entry, for this order and of this kind: the same post again. An
 * id that some other entry has (a post made up from another order's page) is no repeat, and is refused.
 */
async function isRepeat(db: Pick<Db, "select">, submission: string, orderId: string, kind: "note" | "mail-resent"): Promise<boolean | null> {
  const [event] = await db.select({ orderId: orderEvents.orderId, kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.id, submission));
  if (!event) return null;
  return event.orderId === orderId && event.kind === kind;
}

/** The statuses whose carrier and tracking number may be corrected: the parcel is on its way or has arrived. */
export function canCorrectShipment(order: Pick<OrderRow, "status" | "carrier" | "anonymisedAt">): boolean {
  return (order.status === "shipped" || order.status === "delivered") && order.carrier !== null && order.anonymisedAt === null;
}

/**
 * Corrects the carrier or tracking number of a shipped or delivered order, once: only if the order still has the
 * shipment the operator saw (compare-and-set, the row locked), so that two operators cannot silently overwrite each
 * other. The correction is a history event of its own with the old and new values (the shipment's event stays), and
 * the buyer gets a short mail with the corrected tracking link, in the same transaction. The same post again, once
 * made, is answered as made.
 */
export async function correctShipment(
  db: Db,
  request: Common & {
    expected: { carrier: string; trackingNumber: string };
    /** Normalised and checked against the carrier's pattern (the back office's schema). */
    shipment: { carrier: CarrierCode; trackingNumber: string };
    siteUrl: string;
  },
): Promise<CorrectionResult> {
  const t = translator(request.locale);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) return { ok: false, reason: "not-found" } as const;
    if (order.anonymisedAt) return { ok: false, reason: "refused", message: t("corrections.anonymised") } as const;
    if (!canCorrectShipment(order)) return { ok: false, reason: "refused", message: t("corrections.notShipped") } as const;
    const same = (a: { carrier: string | null; trackingNumber: string | null }, b: { carrier: string; trackingNumber: string }) =>
      a.carrier === b.carrier && a.trackingNumber === b.trackingNumber;
    if (!same(order, request.expected)) {
      if (same(order, request.shipment)) return { ok: true, order, repeated: true } as const;
      const now = { carrier: carrierName(order.carrier), trackingNumber: order.trackingNumber ?? "" };
      return { ok: false, reason: "refused", message: t("corrections.staleShipment", now) } as const;
    }
    if (same(order, request.shipment)) {
      return { ok: false, reason: "invalid", field: "trackingNumber", message: t("corrections.sameShipment") } as const;
    }
    const [changed] = await tx
      .update(orders)
      .set({ carrier: request.shipment.carrier, trackingNumber: request.shipment.trackingNumber, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    const eventId = randomUUID();
    await tx.insert(orderEvents).values({
      id: eventId,
      orderId: order.id,
      kind: "tracking-corrected",
      fromStatus: order.status,
      toStatus: order.status,
      actor: request.actor.name,
      actorId: request.actor.id,
      details: {
        fromCarrier: order.carrier ?? "",
        fromTrackingNumber: order.trackingNumber ?? "",
        carrier: request.shipment.carrier,
        trackingNumber: request.shipment.trackingNumber,
      },
    });
    await enqueueMail(tx, { ...trackingCorrectedMail(changed!, orderUrl(changed!, request.siteUrl)), eventKey: `order-tracking-corrected:${order.id}:${eventId}` });
    return { ok: true, order: changed!, repeated: false } as const;
  });
}

function orderUrl(order: OrderRow, siteUrl: string): string {
  return new URL(orderPath(order.id, { guest: order.userId === null }), siteUrl).href;
}

function mailOf(order: OrderRow, mail: ResendableMail, siteUrl: string, partialRefunds: readonly OrderRefundRow[]): MailToSend | null {
  const url = orderUrl(order, siteUrl);
  if (mail === "confirmation") return orderConfirmationMail(order, url);
  if (mail === "shipped") return orderShippedMail(order, url);
  if (mail === "refunded") {
    // Cancelled or returned without a refund of ours: the money came back by a chargeback (D232).
    return orderRefundedMail(order, url, { elsewhere: order.refundReference === null });
  }
  const refund = partialRefunds.find((made) => made.creditNoteNumber === creditNoteOfMail(mail));
  return refund ? orderPartlyRefundedMail(order, toPartialCreditNote(refund), url) : null;
}

/**
 * Sends one of the order's mails again, as a new mail (its own outbox key, `{the mail's key}:resent:{submission}`),
 * to the order's address or to a corrected one. Only a guest order's address can be corrected: an account's orders
 * go to the account's address, which is the account's (and its sign-in); for them the mail is only sent again.
 * Refused for an anonymised order (no address is left, and none may be added back), and when the address is no
 * longer the one the operator saw (compare-and-set). The same post twice (its submission id) sends one mail.
 * The history records the mail and, for a correction, the old and the new address (shown to operators only).
 */
export async function resendOrderMail(
  db: Db,
  request: Common & { expectedContact: string; contact?: string; mail: ResendableMail; submission: string; siteUrl: string },
): Promise<CorrectionResult> {
  const t = translator(request.locale);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) return { ok: false, reason: "not-found" } as const;
    if (order.anonymisedAt || order.contact.trim() === "") return { ok: false, reason: "refused", message: t("corrections.anonymised") } as const;
    const repeat = await isRepeat(tx, request.submission, order.id, "mail-resent");
    if (repeat) return { ok: true, order, repeated: true } as const;
    if (repeat === false) return { ok: false, reason: "invalid", field: "submission", message: t("corrections.errors.reloadPage") } as const;
    if (order.contact !== request.expectedContact) {
      return { ok: false, reason: "refused", message: t("corrections.staleContact", { contact: order.contact }) } as const;
    }
    const contact = request.contact ?? order.contact;
    const corrected = contact !== order.contact;
    if (corrected && order.userId !== null) {
      return { ok: false, reason: "invalid", field: "contact", message: t("corrections.accountAddress") } as const;
    }
    const partialRefunds = await partialRefundsOf(tx, order.id);
    const mails = resendableMails(order, partialRefunds.map((refund) => refund.creditNoteNumber));
    if (!mails.includes(request.mail)) {
      return { ok: false, reason: "invalid", field: "mail", message: t("corrections.mailNotSent") } as const;
    }
    let row = order;
    if (corrected) {
      const [changed] = await tx.update(orders).set({ contact, updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
      row = changed!;
    }
    const mail = mailOf(row, request.mail, request.siteUrl, partialRefunds)!;
    await enqueueMail(tx, { ...mail, eventKey: `${mail.eventKey}:resent:${request.submission}` });
    await tx.insert(orderEvents).values({
      id: request.submission,
      orderId: order.id,
      kind: "mail-resent",
      fromStatus: order.status,
      toStatus: order.status,
      actor: request.actor.name,
      actorId: request.actor.id,
      details: { mail: request.mail, ...(corrected ? { fromContact: order.contact, contact } : {}) },
    });
    return { ok: true, order: row, repeated: false } as const;
  });
}
