import { and, asc, desc, eq, inArray, like, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import {
  addresses,
  checkoutAttempts,
  emailLinks,
  mailOutbox,
  orderClaims,
  orderEvents,
  orderPrintFiles,
  orderRefunds,
  orders,
  sessions,
  signInAttempts,
  users,
} from "#app/db/schema.ts";
import { refundsCharge, type OrderStatus } from "#app/modules/orders/order-status.ts";
import { isAfterWithdrawalPeriod, lateWithdrawal, withdrawalPeriodLastDay } from "#app/modules/orders/withdrawal-period.ts";
import { OPERATOR_ONLY_EVENT_KINDS } from "#app/modules/orders/order-history.server.ts";
import { deliveryMoments } from "#app/modules/orders/withdrawals.server.ts";
import type { Tx } from "#app/modules/orders/checkout-attempts.server.ts";

/**
 * A buyer's rights over their data (Art. 15, 17 and 20 GDPR): everything the shop keeps about their account as one
 * JSON document, and deleting the account. What deletion keeps, and why, is D162: orders stay for the ten years of
 * § 147 AO / § 14b UStG, anonymised.
 */

/** Orders whose deck is not on its way yet: deleting the account waits for them (D162). */
const OPEN_STATUSES = ["paid", "in_production"] as const;

export const DATA_EXPORT_FORMAT = "deck-studio-account-data";

/**
 * The signed-in buyer's data: the account (no password hash), the address book, and every order in the account
 * with its history of status changes (no processor references, no idempotency keys, of the card only its brand and
 * last four digits, of the history no operator's name and none of the back office's own entries: its internal notes,
 * its mails sent again). Null when the account does not exist.
 */
export async function exportAccountData(db: Db, userId: string, now = new Date()) {
  const [account] = await db
    .select({ email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return null;
  const [book, rows] = await Promise.all([
    db
      .select({
        name: addresses.name,
        address: addresses.address,
        addressextend: addresses.addressextend,
        postalcode: addresses.postalcode,
        city: addresses.city,
        region: addresses.region,
        country: addresses.country,
        isDefault: addresses.isDefault,
        createdAt: addresses.createdAt,
        updatedAt: addresses.updatedAt,
      })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)),
  ]);
  const events = rows.length
    ? await db
        .select({ orderId: orderEvents.orderId, kind: orderEvents.kind, status: orderEvents.toStatus, at: orderEvents.createdAt, details: orderEvents.details })
        .from(orderEvents)
        .where(and(inArray(orderEvents.orderId, rows.map((order) => order.id)), notInArray(orderEvents.kind, [...OPERATOR_ONLY_EVENT_KINDS])))
        .orderBy(asc(orderEvents.createdAt))
    : [];
  // Price reductions: each partial refund with its credit note (the operator's reason is printed on it).
  const partialRefunds = rows.length
    ? await db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, rows.map((order) => order.id))).orderBy(asc(orderRefunds.createdAt))
    : [];
  return {
    format: DATA_EXPORT_FORMAT,
    version: 1,
    exportedAt: now.toISOString(),
    account: { email: account.email, role: account.role, createdAt: account.createdAt.toISOString() },
    addresses: book.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString(), updatedAt: entry.updatedAt.toISOString() })),
    orders: rows.map((order) => ({
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      status: order.status,
      language: order.locale,
      contact: order.contact,
      shippingAddress: {
        name: order.name,
        address: order.address,
        addressextend: order.addressextend,
        postalcode: order.postalcode,
        city: order.city,
        region: order.region,
        country: order.country,
      },
      deck: { size: order.size, grip: order.grip, design: order.design },
      price: {
        currency: order.currency,
        lines: order.priceLines,
        subtotalCents: order.subtotalCents,
        shippingCents: order.shippingCents,
        vatCents: order.vatCents,
        totalCents: order.totalCents,
        taxKind: order.taxKind,
        vatBasisPoints: order.vatBasisPoints,
      },
      card: { brand: order.cardBrand, last4: order.cardLast4 },
      invoice: order.invoiceNumber ? { number: order.invoiceNumber, date: order.invoicedAt?.toISOString() ?? null } : null,
      creditNote: order.creditNoteNumber ? { number: order.creditNoteNumber, date: order.creditNotedAt?.toISOString() ?? null } : null,
      partialRefunds: partialRefunds
        .filter((refund) => refund.orderId === order.id)
        .map((refund) => ({ creditNote: refund.creditNoteNumber, date: refund.createdAt.toISOString(), amountCents: refund.grossCents, reason: refund.reason })),
      shipment: order.carrier ? { carrier: order.carrier, trackingNumber: order.trackingNumber } : null,
      withdrawal: order.withdrawalDeclaredAt ? { declaredAt: order.withdrawalDeclaredAt.toISOString(), name: order.withdrawalName } : null,
      history: events
        .filter((event) => event.orderId === order.id)
        .map((event) => ({
          // What happened: a status change, or a correction of the shipment (which keeps the status), and so on.
          event: event.kind,
          status: event.status,
          at: event.at.toISOString(),
          ...(event.details.carrier ? { carrier: event.details.carrier, trackingNumber: event.details.trackingNumber } : {}),
        })),
    })),
  };
}

export type AccountDataExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;

export type DeleteAccountResult =
  | { ok: true; anonymisedOrders: number }
  | { ok: false; reason: "not-found" | "operator" }
  | { ok: false; reason: "open-orders"; orderNumbers: string[] }
  | { ok: false; reason: "withdrawal-period"; orders: WithdrawableOrder[] };

/**
 * An order of the account that the buyer can still withdraw from, or whose withdrawal is still being settled: the
 * withdrawal function and the refund need the order's e-mail address, which deleting the account removes.
 * - `in-transit`: shipped, not yet delivered; the period starts with the delivery.
 * - `period`: delivered; the period runs until the end of `lastDay` (an ISO moment on that day).
 * - `withdrawn`: a withdrawal declared in time and not yet refunded (cancelled or returned).
 */
export type WithdrawableOrder =
  | { number: string; reason: "in-transit" }
  | { number: string; reason: "period"; lastDay: string }
  | { number: string; reason: "withdrawn" };

/**
 * Which of these orders keep the account (§ 356a BGB: the withdrawal function stays usable for the whole period).
 * A deck with the buyer's own design has no right of withdrawal and keeps nothing once shipped. A withdrawal
 * declared after the period keeps nothing either: no refund is due, and nothing in the shop would ever settle it,
 * so it would keep the account for good. An order marked delivered without a delivery in its history (none is
 * written otherwise) has no known period, and keeps nothing.
 */
export function withdrawableOrders(
  owned: { id: string; number: string; status: OrderStatus; ownDesign: boolean; withdrawalDeclaredAt: Date | null }[],
  deliveredAt: Map<string, Date>,
  now: Date,
): WithdrawableOrder[] {
  const found: WithdrawableOrder[] = [];
  for (const order of owned) {
    if (order.ownDesign || refundsCharge(order.status)) continue;
    const delivered = deliveredAt.get(order.id);
    if (order.withdrawalDeclaredAt) {
      if (!lateWithdrawal(delivered, order.withdrawalDeclaredAt)) found.push({ number: order.number, reason: "withdrawn" });
    } else if (order.status === "shipped") {
      found.push({ number: order.number, reason: "in-transit" });
    } else if (order.status === "delivered" && delivered && !isAfterWithdrawalPeriod(delivered, now)) {
      found.push({ number: order.number, reason: "period", lastDay: withdrawalPeriodLastDay(delivered).toISOString() });
    }
  }
  return found;
}

/**
 * What the back office wrote about the buyer on these orders, erased (D236): an internal note's text, and the
 * addresses of a mail sent again (the one corrected and the new one). The entries stay, with who and when: the
 * history is append-only but for this (migration 0024). Answers the addresses, whose mails go with the account's.
 */
async function eraseBackOfficeEntries(tx: Tx, orderIds: string[]): Promise<string[]> {
  const entries = await tx
    .select({ id: orderEvents.id, details: orderEvents.details })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), inArray(orderEvents.kind, [...OPERATOR_ONLY_EVENT_KINDS])));
  if (entries.length === 0) return [];
  await tx.execute(sql`select set_config('deck.account_erasure', 'on', true)`);
  await tx
    .update(orderEvents)
    .set({ details: sql`(${orderEvents.details} - 'text' - 'fromContact' - 'contact') || '{"erased": "account"}'::jsonb` })
    .where(inArray(orderEvents.id, entries.map((entry) => entry.id)));
  return entries.flatMap(({ details }) => [details.fromContact, details.contact]).filter((address): address is string => Boolean(address));
}

/**
 * Deletes a buyer's account (the caller has checked the password): in one transaction that locks the account row,
 * the account, its sessions, its address book, its one-time links, its sign-in counters and the mail sent to it are
 * deleted, and its orders are anonymised and detached (D162). Refused while an order is paid or in production:
 * the deck is still being made for that address and mailbox. Refused too while an order can still be withdrawn
 * from, or its withdrawal is being settled (`withdrawableOrders`): anonymising its e-mail address would lock the
 * buyer out of the withdrawal function (§ 356a BGB) and the receipt.
 */
export async function deleteAccount(db: Db, userId: string, now = new Date()): Promise<DeleteAccountResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return { ok: false, reason: "not-found" } as const;
    if (user.role === "operator") return { ok: false, reason: "operator" } as const;

    const owned = await tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        contact: orders.contact,
        ownDesign: orders.ownDesign,
        withdrawalDeclaredAt: orders.withdrawalDeclaredAt,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .for("update");
    const open = owned.filter((order) => (OPEN_STATUSES as readonly string[]).includes(order.status));
    // A payment of this account still in flight (or whose outcome recovery has yet to settle) would become an order
    // of an account that no longer exists: it counts as an open order too.
    const inFlight = await tx
      .select({ number: sql<string>`${checkoutAttempts.pending}->'order'->>'number'` })
      .from(checkoutAttempts)
      .where(
        and(
          inArray(checkoutAttempts.status, ["processing", "failed"]),
          sql`${checkoutAttempts.pending}->'order'->>'userId' = ${userId}`,
        ),
      );
    const openNumbers = [...open.map((order) => order.number), ...inFlight.map((attempt) => attempt.number)];
    if (openNumbers.length) return { ok: false, reason: "open-orders", orderNumbers: openNumbers } as const;
    const withdrawable = withdrawableOrders(owned, await deliveryMoments(tx, owned.map((order) => order.id)), now);
    if (withdrawable.length) return { ok: false, reason: "withdrawal-period", orders: withdrawable } as const;

    const orderIds = owned.map((order) => order.id);
    const erasedAddresses: string[] = [];
    if (orderIds.length) {
      // Kept for the invoice and the books: number, dates, status, buyer's name and address, lines, amounts, tax,
      // card brand, last four and expiry, the processor's references, the invoice number, the shipment (carrier and
      // tracking number, also in the append-only history), whether the deck was made to the buyer's own design
      // (`own_design`: the invoice's and credit note's description of the goods, the right of withdrawal; an issued
      // invoice must not change). Gone: the link to the account, the e-mail address, the design's texts and stickers
      // (its background colour stays), the print files.
      await tx
        .update(orders)
        .set({
          userId: null,
          contact: "",
          design: sql`jsonb_set(${orders.design}, '{layers}', '[]'::jsonb)`,
          anonymisedAt: now,
          updatedAt: now,
        })
        .where(inArray(orders.id, orderIds));
      erasedAddresses.push(...(await eraseBackOfficeEntries(tx, orderIds)));
      await tx.delete(orderPrintFiles).where(inArray(orderPrintFiles.orderId, orderIds));
      await tx.delete(orderClaims).where(inArray(orderClaims.orderId, orderIds));
      await tx.update(checkoutAttempts).set({ pending: null }).where(inArray(checkoutAttempts.orderId, orderIds));
    }

    const mailboxes = [...new Set([user.email, ...owned.map((order) => order.contact), ...erasedAddresses].map((address) => address.toLowerCase()))].filter(Boolean);
    await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.recipient})`, mailboxes));
    await tx.delete(emailLinks).where(eq(emailLinks.email, user.email));
    await tx
      .delete(signInAttempts)
      .where(or(eq(signInAttempts.key, `account:${user.email}`), like(signInAttempts.key, `account-client:${escapeLike(user.email)}|%`)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(users).where(and(eq(users.id, userId), eq(users.role, "buyer")));
    return { ok: true, anonymisedOrders: orderIds.length } as const;
  });
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
