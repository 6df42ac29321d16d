import { lazy, Suspense } from "react";
import { countries } from "~/modules/catalog/catalog";
import { formatDeckSize, formatMoney } from "~/modules/catalog/format";
import { priceOrder } from "~/modules/catalog/pricing";
import type { OrderState } from "~/modules/order/order-state";

// The deck picture loads apart from the checkout pages' own code, which the prices and forms need first.
const DeckPreview = lazy(() => import("./deck-preview").then((module) => ({ default: module.DeckPreview })));

/** Price breakdown of the order so far, from the shared pricing function, beside the deck as designed. */
export function OrderSummary({ order, heading = "Your order" }: { order: OrderState; heading?: string }) {
  const price = priceOrder(order);
  return (
    <section className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{heading}</h2>
      <Suspense fallback={null}>
        <DeckPreview
          design={order.design}
          size={order.size}
          grip={order.grip}
          className="deck-preview deck-preview--thumb"
        />
      </Suspense>
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
      <table className="summary__lines">
        <caption className="visually-hidden">Price breakdown</caption>
        <tbody>
          {price.lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td>{formatMoney(line.cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Shipping{order.country ? ` to ${countries[order.country].name}` : ""}</th>
            <td>{price.shippingCents === null ? "Calculated at shipping" : formatMoney(price.shippingCents)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr className="summary__total">
            <th scope="row">Total</th>
            <td>{formatMoney(price.totalCents)}</td>
          </tr>
          <tr className="summary__vat">
            <th scope="row">Includes VAT</th>
            <td>{formatMoney(price.vatCents)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
