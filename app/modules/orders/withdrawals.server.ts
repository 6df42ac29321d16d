import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderEvents, orders, type OrderRow } from "#app/db/schema.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { withdrawalReceiptMail } from "./order-mails.server.ts";
import { BUYER, recordOrderEvent } from "./order-history.server.ts";
import { orderPath } from "./order-link.server.ts";
import { refundsCharge } from "./order-status.ts";
import type { WithdrawalForm } from "./withdrawal.ts";
import { lateWithdrawal, WITHDRAWAL_PERIOD_DAYS, type LateWithdrawal } from "./withdrawal-period.ts";

type Reader = Pick<Db, "select">;

/**
 * When each order was delivered: the moment of its move to `delivered` in its history (a status event; a withdrawal
 * event repeats the status it found, so it does not count). Orders not marked delivered are missing from the map.
 */
export async function deliveryMoments(db: Reader, orderIds: string[]): Promise<Map<string, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderEvents.orderId, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.kind, "status"), eq(orderEvents.toStatus, "delivered")));
  // An order is delivered once (delivered → returned only); were there two, the first delivery starts the period.
  const moments = new Map<string, Date>();
  for (const row of rows) if (!moments.has(row.orderId) || row.at < moments.get(row.orderId)!) moments.set(row.orderId, row.at);
  return moments;
}

/**
 * An order whose withdrawal was declared after the period (the day of declaration on the seller's calendar more
 * than 14 days after the day of delivery), as an SQL condition on `orders`: the same rule as `lateWithdrawal`.
 */
export const declaredAfterWithdrawalPeriod = sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.kind} = 'status' and ${orderEvents.toStatus} = 'delivered' and (${orders.withdrawalDeclaredAt} at time zone ${catalog.timeZone})::date > (${orderEvents.createdAt} at time zone ${catalog.timeZone})::date + ${sql.raw(String(WITHDRAWAL_PERIOD_DAYS))})`;

export type WithdrawalResult =
  /** `late`: declared after the period (§ 355 Abs. 2 BGB): recorded all the same, but no refund is promised. */
  | { ok: true; order: OrderRow; alreadyDeclared: boolean; late: LateWithdrawal | null }
  | { ok: false; reason: "not-found" }
  /** Cancelled or returned: the money is back with the buyer, and there is no contract left to withdraw from. */
  | { ok: false; reason: "refunded"; order: OrderRow };

/**
 * Records a buyer's withdrawal from the order that the number and e-mail address name, and writes the receipt to
 * the outbox in the same transaction (D206). A second declaration for the same order records nothing new and sends
 * nothing again: it answers with the first one's time. Anonymised orders have no address left to match. A refunded
 * order (cancelled or returned) records nothing and sends no "send it back" receipt. A declaration that arrives after
 * the withdrawal period (more than 14 days after the day of delivery) is recorded and receipted all the same (the
 * buyer may dispute the date), but the answer and the receipt say that it is late and that we will check it and
 * write, instead of promising the refund.
 */
export async function declareWithdrawal(db: Db, form: WithdrawalForm, siteUrl: string, now = new Date()): Promise<WithdrawalResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.number, form.orderNumber), eq(sql`lower(${orders.contact})`, form.email.toLowerCase()), isNull(orders.anonymisedAt)))
      .for("update");
    if (!order) return { ok: false, reason: "not-found" } as const;
    if (refundsCharge(order.status)) return { ok: false, reason: "refunded", order } as const;
    const deliveredAt = (await deliveryMoments(tx, [order.id])).get(order.id) ?? null;
    if (order.withdrawalDeclaredAt) {
      return { ok: true, order, alreadyDeclared: true, late: lateWithdrawal(deliveredAt, order.withdrawalDeclaredAt) } as const;
    }
    const late = lateWithdrawal(deliveredAt, now);
    const [declared] = await tx
      .update(orders)
      .set({ withdrawalDeclaredAt: now, withdrawalName: form.name, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    // In the history too, where the operator reads what happened to the order, by whom and when.
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "withdrawal",
      fromStatus: order.status,
      toStatus: order.status,
      actor: BUYER,
      details: { name: form.name },
    });
    const orderUrl = new URL(orderPath(order.id, { guest: order.userId === null }), siteUrl).href;
    await enqueueMail(tx, withdrawalReceiptMail(declared!, orderUrl, late));
    return { ok: true, order: declared!, alreadyDeclared: false, late } as const;
  });
}
