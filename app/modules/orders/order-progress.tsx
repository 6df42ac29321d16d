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

const EXPLANATIONS: Record<OrderStatus, string> = {
  paid: `We have your payment and print your deck within ${catalog.product.madeToOrderWorkingDays} working days.`,
  in_production: "Your deck is being printed.",
  shipped: "Your deck is on its way.",
  delivered: "Your deck has been delivered. Enjoy the ride!",
  cancelled: "This order is cancelled and the full amount was refunded to your card.",
};

/** Where a placed order stands, for its buyer: the status, what it means, and the parcel's tracking once shipped. */
export function OrderProgress({ order }: { order: OrderProgressView }) {
  const carrier = carrierName(order.carrier);
  return (
    <section className="card-panel stack" aria-labelledby="order-status-title">
      <h2 id="order-status-title">
        Status: <OrderStatusBadge status={order.status} />
      </h2>
      <p>{EXPLANATIONS[order.status]}</p>
      {order.trackingNumber && (order.status === "shipped" || order.status === "delivered") ? (
        <p>
          {carrier} tracking number{" "}
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
              · <a href={order.trackingUrl} rel="noreferrer">Track your parcel</a>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
