import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderRefunds, orders, type OrderRow } from "#app/db/schema.ts";
import { trackingLink } from "./carriers.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { isValidOrderAccessToken, isValidPrintAccessToken } from "./order-link.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The order with this id, or null (a malformed id included: ids come from URLs). No access check. */
export async function findOrderById(db: Db, orderId: string): Promise<OrderRow | null> {
  if (!UUID.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ?? null;
}

/**
 * An order its viewer may see: the buyer whose account placed it, or whoever holds the guest link's token.
 * Anything else (another buyer's id, a wrong token, a malformed id) is simply not found, so that the answer
 * does not tell which order ids exist.
 */
export async function findViewableOrder(
  db: Db,
  orderId: string,
  viewer: { userId: string | null; token: string | null },
  /** The order page takes the order link's token; the print files take only their own. */
  part: "page" | "print" = "page",
): Promise<OrderRow | null> {
  const order = await findOrderById(db, orderId);
  // An order whose buyer deleted their account is kept for the tax records only: no link shows it any more (D162).
  if (!order || order.anonymisedAt) return null;
  const owner = order.userId !== null && order.userId === viewer.userId;
  const isValidToken = part === "page" ? isValidOrderAccessToken : isValidPrintAccessToken;
  const guestWithLink = order.userId === null && isValidToken(order.id, viewer.token);
  return owner || guestWithLink ? order : null;
}

/** A signed-in buyer's order history: what the list shows, newest first (not the designs and payment details). */
export async function ordersOfUser(db: Db, userId: string) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      size: orders.size,
      grip: orders.grip,
      totalCents: orders.totalCents,
      status: orders.status,
      creditNoteNumber: orders.creditNoteNumber,
      // The partial refunds' credit notes, oldest first (null for none), by the refunds' index on the order.
      partialCreditNotes: sql<string[] | null>`(select json_agg(${orderRefunds.creditNoteNumber} order by ${orderRefunds.createdAt}, ${orderRefunds.creditNoteNumber}) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id})`,
      design: orders.design,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(100);
}

/** The fields a buyer sees of their order (no processor reference, no key, no internal ids); links in `locale`. */
export function toOrderView(order: OrderRow, locale: Locale = "en") {
  return {
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    grip: order.grip,
    size: order.size,
    contact: order.contact,
    name: order.name,
    address: order.address,
    addressextend: order.addressextend,
    postalcode: order.postalcode,
    city: order.city,
    country: order.country,
    region: order.region,
    priceLines: order.priceLines,
    shippingCents: order.shippingCents,
    vatCents: order.vatCents,
    totalCents: order.totalCents,
    taxKind: order.taxKind,
    vatBasisPoints: order.vatBasisPoints,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
    status: order.status,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingLink(order.carrier, order.trackingNumber, locale),
    withdrawalDeclaredAt: order.withdrawalDeclaredAt?.toISOString() ?? null,
    withdrawalName: order.withdrawalName,
    /** Set once the order is refunded: the credit note that cancels the invoice. */
    creditNoteNumber: order.creditNoteNumber,
    /** What partial refunds (price reductions) gave back before any cancel or return. */
    partlyRefundedCents: order.partlyRefundedCents,
  };
}
