import { isOrderStatus, type OrderStatus } from "#app/modules/orders/order-status.ts";

/** The back office's list tabs besides "All": each status, and the declared withdrawals still to refund. */
export type OrderListFilter = OrderStatus | "withdrawn";

export function isOrderListFilter(value: unknown): value is OrderListFilter {
  return value === "withdrawn" || isOrderStatus(value);
}
