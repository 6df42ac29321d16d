import { countries } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, formatMoney } from "#app/modules/catalog/format.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import type { OrderState } from "./order-state.ts";
import { PriceTable } from "#app/modules/catalog/price-table.tsx";
import { DeckThumb } from "#app/modules/design/deck-thumb.tsx";

/**
 * Price breakdown of the order so far, from the shared pricing function, beside the deck as designed.
 *
 * A disclosure (`<details>`, so it works before and without the scripts): on a phone it starts closed at the top
 * of the step, its toggle showing the total; from 48rem the toggle is hidden and the content always shown as the
 * page's side column (app.css, where the browser can style the content's slot; elsewhere the toggle stays).
 */
export function OrderSummary({ order, heading = "Your order" }: { order: OrderState; heading?: string }) {
  const price = priceOrder(order);
  return (
    <details className="summary">
      <summary className="summary__toggle">
        <span className="summary__toggle-label">
          <span className="summary__toggle-show">Show order summary</span>
          <span className="summary__toggle-hide">Hide order summary</span>
        </span>
        <span className="summary__toggle-total" data-testid="summary-toggle-total">
          <span className="visually-hidden">Total </span>
          {formatMoney(price.totalCents)}
        </span>
      </summary>
      <section className="summary__body" aria-labelledby="summary-title">
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
    </details>
  );
}
