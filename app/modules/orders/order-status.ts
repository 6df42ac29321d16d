/** An order's lifecycle, shared by the server (which enforces it) and the pages (which offer its next steps). */
export const ORDER_STATUSES = ["paid", "in_production", "shipped", "delivered", "cancelled", "returned"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: "Paid",
  in_production: "In production",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returned: "Returned",
};

/**
 * Where each status may go next. Before shipping an order is cancelled; once shipped, the deck comes back instead
 * (a withdrawal, a parcel refused or undeliverable) and the order is returned. Both refund the charge.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  paid: ["in_production", "cancelled"],
  in_production: ["shipped", "cancelled"],
  shipped: ["delivered", "returned"],
  delivered: ["returned"],
  cancelled: [],
  returned: [],
};

/** The statuses an order reaches by refunding its charge in full, with a credit note that cancels its invoice. */
export function refundsCharge(status: OrderStatus): boolean {
  return status === "cancelled" || status === "returned";
}

export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return NEXT[status];
}

export function canMoveTo(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}
