import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { carrierName } from "./carriers.ts";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import type { OrderStatus } from "./order-status.ts";

export interface OrderProgressView {
  status: OrderStatus;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** Where a placed order stands, for its buyer: the status, what it means, and the parcel's tracking once shipped. */
export function OrderProgress({ order }: { order: OrderProgressView }) {
  const { t } = useTranslation("orders");
  const carrier = carrierName(order.carrier);
  return (
    <section className="card-panel stack" aria-labelledby="order-status-title">
      <h2 id="order-status-title">
        {t("progress.heading")} <OrderStatusBadge status={order.status} />
      </h2>
      <p>{t(`progress.${order.status}`, { days: catalog.product.madeToOrderWorkingDays })}</p>
      {order.trackingNumber && (order.status === "shipped" || order.status === "delivered") ? (
        <p>
          {t("progress.trackingNumber", { carrier })}{" "}
          {order.trackingUrl ? (
            <a href={order.trackingUrl} rel="noreferrer">
              {order.trackingNumber}
            </a>
          ) : (
            order.trackingNumber
          )}
          {order.trackingUrl ? (
            <>
              {" "}
              · <a href={order.trackingUrl} rel="noreferrer">{t("progress.track")}</a>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
