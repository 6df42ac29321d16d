import { Link, useActionData, useLoaderData } from "react-router";
import { formatDateTime, formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { cardBrandName } from "#app/modules/card/card-brand.ts";
import { PostalAddress } from "#app/modules/checkout/postal-address.tsx";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import { OrderHistory, TransitionForms, type TransitionReply } from "#app/modules/admin/order-actions.tsx";
import { carrierName } from "#app/modules/orders/carriers.ts";
import { InvoiceLink } from "#app/modules/orders/invoice-link.tsx";
import { PlacedOrderPrices } from "#app/modules/orders/order-details.tsx";
import { OrderStatusBadge } from "#app/modules/orders/order-status-badge.tsx";
import type { Route } from "./+types/admin-order";
import { adminOrderAction, adminOrderLoader } from "./admin-order.server.ts";

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData ? `Order ${loaderData.order.number}` : "Order", description: "An order in the back office: the buyer, the print file and the next step.", noindex: true });

export const loader = ({ request, params, context }: Route.LoaderArgs) => adminOrderLoader(request, context, params.orderId);

export const action = ({ request, params, context }: Route.ActionArgs) => adminOrderAction(request, context, params.orderId);

export default function AdminOrder() {
  const { order, next, printPath, history } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as TransitionReply | undefined;
  return (
    <div className="stack">
      <p>
        <Link to="/admin">← All orders</Link>
      </p>
      <div className="admin__heading">
        <h1>Order {order.number}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="admin__muted">
        Placed {formatDateTime(order.createdAt)} · {order.account} order
      </p>
      <div className="admin__detail">
        <div className="stack admin__detail-side">
          <section className="card-panel stack" aria-labelledby="next-title">
            <h2 id="next-title">Next step</h2>
            <TransitionForms status={order.status} next={next} totalCents={order.totalCents} reply={reply} />
          </section>
          <section className="card-panel" aria-labelledby="preview-title">
            <h2 id="preview-title">Design</h2>
            <DeckPreview className="admin__preview" design={order.design} size={order.size} grip={order.grip} />
          </section>
          <section className="card-panel stack" aria-labelledby="history-title">
            <h2 id="history-title">History</h2>
            <OrderHistory events={history} />
          </section>
        </div>
        <div className="stack admin__detail-main">
          <section className="card-panel stack" aria-labelledby="deck-title">
            <h2 id="deck-title">Deck</h2>
            <dl className="admin__facts">
              <dt>Width</dt>
              <dd>{formatDeckSize(order.size)}</dd>
              <dt>Grip tape</dt>
              <dd>{order.grip ? "Black grip tape applied" : "No grip tape"}</dd>
              <dt>Layers</dt>
              <dd>{order.design.layers.length === 0 ? "None (background only)" : order.design.layers.length}</dd>
              <dt>Background</dt>
              <dd>{order.design.background}</dd>
            </dl>
            <p>
              Print files: <a href={`${printPath}/png`} download>Download PNG (300 DPI)</a> ·{" "}
              <a href={`${printPath}/svg`} download>
                Download SVG (vector)
              </a>
            </p>
          </section>
          <section className="card-panel stack" aria-labelledby="buyer-title">
            <h2 id="buyer-title">Buyer</h2>
            <dl className="admin__facts">
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${order.contact}`}>{order.contact}</a>
              </dd>
            </dl>
            <h3>Ship to</h3>
            <PostalAddress address={order} />
          </section>
          <section className="card-panel stack" aria-labelledby="money-title">
            <h2 id="money-title">Price and payment</h2>
            <PlacedOrderPrices order={order} />
            <p>
              <InvoiceLink href={`/admin/orders/${order.id}/invoice`} />
            </p>
            <dl className="admin__facts">
              <dt>Card</dt>
              <dd>
                {cardBrandName(order.cardBrand)} ending in {order.cardLast4}, expires {order.cardExpiry}
              </dd>
              <dt>Processor</dt>
              <dd>{order.paymentProvider}</dd>
              <dt>Charge</dt>
              <dd>
                <code>{order.paymentReference}</code>
              </dd>
              {order.refundReference ? (
                <>
                  <dt>Refund</dt>
                  <dd>
                    <code>{order.refundReference}</code> ({formatMoney(order.totalCents)})
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
          {order.carrier ? (
            <section className="card-panel stack" aria-labelledby="shipment-title">
              <h2 id="shipment-title">Shipment</h2>
              <p>
                {carrierName(order.carrier)}, tracking number{" "}
                {order.trackingUrl ? (
                  <a href={order.trackingUrl} rel="noreferrer" target="_blank">
                    {order.trackingNumber}
                  </a>
                ) : (
                  order.trackingNumber
                )}
              </p>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
