import { refundsCharge, type OrderStatus } from "#app/modules/orders/order-status.ts";
import { lateWithdrawal } from "#app/modules/orders/withdrawal-period.ts";

/**
 * What the orders list says beside the status of an order whose buyer declared a withdrawal that is still to be
 * dealt with (not refunded yet), so that the operator does not refund by habit:
 * - `inTime`: declared within the withdrawal period (or before the delivery, which starts it): the refund is due;
 * - `late`: declared after the period (§ 355 Abs. 2 BGB, D230), so many days after the delivery: no refund is due;
 * - `ownDesign`: the deck is made to the buyer's own design: no right of withdrawal at all (§ 312g Abs. 2 Nr. 1 BGB).
 * The same rules as the order's own page (`lateWithdrawal`) and the "refund due" tab, which lists exactly the `inTime` ones.
 */
export type WithdrawalMark = { kind: "inTime" } | { kind: "late"; daysAfterDelivery: number } | { kind: "ownDesign" };

export interface WithdrawalFacts {
  status: OrderStatus;
  ownDesign: boolean;
  withdrawalDeclaredAt: Date | string | null;
  /** The order's first move to `delivered` in its history, if it has one. */
  deliveredAt: Date | string | null;
}

/** The mark for an order's row, or null when there is no withdrawal or nothing more to do (the order is refunded). */
export function withdrawalMark(order: WithdrawalFacts): WithdrawalMark | null {
  if (!order.withdrawalDeclaredAt || refundsCharge(order.status)) return null;
  if (order.ownDesign) return { kind: "ownDesign" };
  const late = lateWithdrawal(order.deliveredAt, order.withdrawalDeclaredAt);
  return late ? { kind: "late", daysAfterDelivery: late.daysAfterDelivery } : { kind: "inTime" };
}
