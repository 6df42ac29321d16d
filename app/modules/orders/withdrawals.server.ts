import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orders, type OrderRow } from "#app/db/schema.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { withdrawalReceiptMail } from "./order-mails.server.ts";
import { BUYER, recordOrderEvent } from "./order-history.server.ts";
import { orderPath } from "./order-link.server.ts";
import { refundsCharge } from "./order-status.ts";
import type { WithdrawalForm } from "./withdrawal.ts";

export type WithdrawalResult =
  | { ok: true; order: OrderRow; alreadyDeclared: boolean }
  | { ok: false; reason: "not-found" }
  /** Cancelled or returned: the money is back with the buyer, and there is no contract left to withdraw from. */
  | { ok: false; reason: "refunded"; order: OrderRow };

/**
 * Records a buyer's withdrawal from the order that the number and e-mail address name, and writes the receipt to
 * the outbox in the same transaction (D206). A second declaration for the same order records nothing new and sends
 * nothing again: it answers with the first one's time. Anonymised orders have no address left to match. A refunded
 * order (cancelled or returned) records nothing and sends no "send it back" receipt.
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
    if (order.withdrawalDeclaredAt) return { ok: true, order, alreadyDeclared: true } as const;
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
    await enqueueMail(tx, withdrawalReceiptMail(declared!, orderUrl));
    return { ok: true, order: declared!, alreadyDeclared: false } as const;
  });
}
