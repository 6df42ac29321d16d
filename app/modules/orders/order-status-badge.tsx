import { ORDER_STATUS_LABELS, type OrderStatus } from "#app/modules/orders/order-status.ts";

/** An order's status as a label with its own colour (the word carries the meaning; the colour only helps scanning). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
