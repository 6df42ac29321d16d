import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";

/** An order's status as a label with its own colour (the word carries the meaning; the colour only helps scanning). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation("orders");
  return <span className={`status-badge status-badge--${status}`}>{t(`status.${status}`)}</span>;
}
