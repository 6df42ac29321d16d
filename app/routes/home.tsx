import { Link } from "react-router";
import { DeckViewer } from "#app/modules/design/deck-viewer.tsx";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { priceForDestination, priceOrder } from "#app/modules/catalog/pricing.ts";
import { useOrder } from "#app/modules/checkout/order-store.ts";

export const meta = () =>
  pageMeta({ title: catalog.product.name, description: `${catalog.product.name}: ${catalog.product.description}` });

export default function Home() {
  const order = useOrder();
  const price = priceOrder(order);
  return (
    <div className="page page--split home">
      <div className="page__aside home__deck">
        <DeckViewer design={order.design} size={order.size} grip={order.grip} />
      </div>
      <div className="page__content stack">
        <h1>{catalog.product.name}</h1>
        <p className="lead">{catalog.product.description}</p>
        <p className="price">
          <span>{order.size ? `Your deck, ${formatDeckSize(order.size)}` : "From"}</span>{" "}
          <strong>{formatMoney(price.subtotalCents)}</strong>
          <span className="price__note">incl. VAT, plus shipping</span>
        </p>
        <div className="actions">
          <Link to="/editor" prefetch="intent" className="button button--primary">
            Design yours
          </Link>
          <Link to="/GripSize" prefetch="intent" className="button">
            Choose grip &amp; size
          </Link>
        </div>
        <p className="home__promise">
          Made to order: printed for you and shipped within {catalog.product.madeToOrderWorkingDays} working days.
        </p>
        <ul className="facts">
          <li>{catalog.product.construction}</li>
          <li>{catalog.product.printMethod}</li>
          <li>
            Widths {catalog.sizes.map(formatDeckSize).join(", ")}; black grip tape applied for{" "}
            {formatMoney(priceForDestination(catalog.grip.priceCents, order.country))}
          </li>
          <li>Guest checkout, no account needed</li>
        </ul>
      </div>
    </div>
  );
}
