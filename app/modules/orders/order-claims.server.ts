import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderClaims, orders, type OrderRow } from "#app/db/schema.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { escapeHtml, MAIL_LINK_STYLE, MAIL_PARAGRAPH_STYLE, mailDocument } from "#app/modules/mail/mail-html.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { orderLocale } from "./order-mails.server.ts";

/**
 * Keeping a guest order in an account needs proof of the order's e-mail address: a one-time link sent there, or
 * an account with that address (made through such a link) signed in. Holding the order's link (or a print
 * file's) proves nothing: links are forwarded, shared and logged.
 */

export const CLAIM_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Links sent for one order per hour at most, so that the form cannot be used to flood the buyer's inbox. */
export const CLAIM_LINKS_PER_HOUR = 3;

const hashOf = (code: string) => createHash("sha256").update(code).digest("base64url");

/**
 * Sends the order's buyer a link that claims it, unless enough were sent this hour. The caller answers the same
 * either way ("we sent a link"), so the form says nothing about what happened.
 */
export async function sendClaimLink(db: Db, order: OrderRow, siteUrl: string, now = new Date()): Promise<void> {
  if (order.userId !== null) return;
  await db.transaction(async (tx) => {
    const since = new Date(now.getTime() - 60 * 60 * 1000);
    const [recent] = await tx
      .select({ sent: count() })
      .from(orderClaims)
      .where(and(eq(orderClaims.orderId, order.id), gt(orderClaims.createdAt, since)));
    if ((recent?.sent ?? 0) >= CLAIM_LINKS_PER_HOUR) return;
    const code = randomBytes(32).toString("base64url");
    const id = randomUUID();
    await tx.insert(orderClaims).values({
      id,
      orderId: order.id,
      codeHash: hashOf(code),
      expiresAt: new Date(now.getTime() + CLAIM_LINK_TTL_MS),
      createdAt: now,
    });
    const link = new URL(`/orders/${order.id}/claim?code=${code}`, siteUrl).href;
    await enqueueMail(tx, { eventKey: `order-claim:${id}`, ...claimMail(order, link) });
  });
}

export type ClaimLookup =
  | { status: "valid"; claimId: string; order: OrderRow }
  | { status: "expired" | "used" | "claimed" | "unknown" };

/** What a claim link's code is worth for this order now. */
export async function findClaim(db: Db, orderId: string, code: string | null, now = new Date()): Promise<ClaimLookup> {
  if (!code || code.length > 100) return { status: "unknown" };
  const [row] = await db
    .select({ claim: orderClaims, order: orders })
    .from(orderClaims)
    .innerJoin(orders, eq(orders.id, orderClaims.orderId))
    .where(and(eq(orderClaims.codeHash, hashOf(code)), eq(orderClaims.orderId, orderId)))
    .limit(1);
  if (!row) return { status: "unknown" };
  if (row.claim.usedAt) return { status: "used" };
  if (row.order.userId !== null) return { status: "claimed" };
  if (row.claim.expiresAt <= now) return { status: "expired" };
  return { status: "valid", claimId: row.claim.id, order: row.order };
}

/**
 * Uses the link and gives the order to the account, in one transaction: a link works once, and an order that
 * has an owner already keeps it. False when either has happened meanwhile.
 */
export async function completeClaim(db: Db, claimId: string, orderId: string, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(orderClaims)
      .set({ usedAt: now })
      .where(and(eq(orderClaims.id, claimId), isNull(orderClaims.usedAt), gt(orderClaims.expiresAt, now)))
      .returning({ id: orderClaims.id });
    if (used.length === 0) return false;
    const claimed = await tx
      .update(orders)
      .set({ userId, updatedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.userId)))
      .returning({ id: orders.id });
    if (claimed.length === 0) throw new ClaimRaceError();
    return true;
  }).catch((error) => {
    if (error instanceof ClaimRaceError) return false;
    throw error;
  });
}

/**
 * A guest order opened by the signed-in buyer whose account has the order's address goes into that account at
 * once: the account proved the address when it was made (through a link sent there), so no new link is needed.
 * False when the order has an owner meanwhile.
 */
export async function keepOrderInAccount(db: Db, orderId: string, userId: string, now = new Date()): Promise<boolean> {
  const kept = await db
    .update(orders)
    .set({ userId, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.userId)))
    .returning({ id: orders.id });
  return kept.length === 1;
}

/** The order got an owner between the check and the claim: roll the link's use back. */
class ClaimRaceError extends Error {}

function claimMail(order: OrderRow, link: string) {
  const locale = orderLocale(order);
  const t = translatorFor(locale, "mail");
  const shop = catalog.shopName;
  const subject = t("order.claim.subject", { shop, number: order.number });
  const notYou = t("order.claim.notYou");
  const text = [
    t("order.claim.asked", { shop, number: order.number }),
    "",
    t("order.claim.openLink", { email: order.contact }),
    link,
    "",
    notYou,
    "",
    shop,
  ].join("\n");
  // The order number in bold: the sentence is escaped, then the number (escaped the same way) is marked.
  const asked = escapeHtml(t("order.claim.asked", { shop, number: order.number })).replace(
    escapeHtml(order.number),
    `<strong>${escapeHtml(order.number)}</strong>`,
  );
  const html = mailDocument(
    subject,
    [
      `<p style="${MAIL_PARAGRAPH_STYLE}">${asked}</p>`,
      `<p style="${MAIL_PARAGRAPH_STYLE}"><a href="${escapeHtml(link)}" style="${MAIL_LINK_STYLE}">${escapeHtml(t("order.claim.linkLabel"))}</a> ${escapeHtml(t("order.claim.linkNote"))}</p>`,
      `<p style="${MAIL_PARAGRAPH_STYLE}">${escapeHtml(notYou)}</p>`,
    ].join(""),
    locale,
  );
  return { to: order.contact, subject, text, html };
}

/** The claim mail, for the mail tests. */
export const orderClaimMailForTest = claimMail;
