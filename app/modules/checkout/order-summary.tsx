import { countries } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize } from "#app/modules/catalog/format.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import type { OrderState } from "./order-state.ts";
import { PriceTable } from "#app/modules/catalog/price-table.tsx";
import { DeckThumb } from "#app/modules/design/deck-thumb.tsx";

/** Price breakdown of the order so far, from the shared pricing function, beside the deck as designed. */
export function OrderSummary({ order, heading = "Your order" }: { order: OrderState; heading?: string }) {
  const price = priceOrder(order);
  return (
    <section className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{heading}</h2>
      <DeckThumb design={order.design} size={order.size} grip={order.grip} />
      <dl className="summary__options">
        <div>
          <dt>Width</dt>
          <dd>{order.size ? formatDeckSize(order.size) : "Not chosen yet"}</dd>
        </div>
        <div>
          <dt>Grip tape</dt>
          <dd>{order.grip ? "Yes" : "No"}</dd>
        </div>
      </dl>
      <PriceTable
        lines={price.lines}
        shippingLabel={`Shipping${order.country ? ` to ${countries[order.country].name}` : ""}`}
        shipping={price.shippingCents ?? "Calculated at shipping"}
        totalLabel="Total"
        totalCents={price.totalCents}
        vatCents={price.vatCents}
      />
    </section>
  );
}
