import { Link } from "react-router";
import { OrderSummary } from "~/components/order-summary";
import { CardForm } from "~/modules/card/card-form";
import { catalog, countries } from "~/modules/catalog/catalog";
import { useOrder } from "~/modules/order/order-store";

export const meta = () => [{ title: `Payment · ${catalog.shopName}` }];

export default function Payment() {
  const order = useOrder();
  return (
    <div className="page page--split">
      <div className="page__content">
        <h1>Payment</h1>
        <section className="card-panel stack" aria-labelledby="card-title">
          <h2 id="card-title">Card</h2>
          {/* Card details stay in the form's own state: never in the order store, storage or the URL. */}
          <CardForm />
        </section>
        <section className="card-panel" aria-labelledby="ship-to-title">
          <h2 id="ship-to-title">Ship to</h2>
          {order.name ? (
            <address className="address" data-testid="ship-to">
              {order.name}
              <br />
              {order.address}
              {order.addressextend ? (
                <>
                  <br />
                  {order.addressextend}
                </>
              ) : null}
              <br />
              {order.postalcode} {order.city}
              <br />
              {order.country ? countries[order.country].name : null}
            </address>
          ) : (
            <p>No shipping address yet.</p>
          )}
          <p>
            <Link to="/Shipping">Change shipping address</Link>
          </p>
          {order.contact ? <p>Confirmation to {order.contact}</p> : null}
        </section>
      </div>
      <aside className="page__aside" aria-label="Order summary">
        <OrderSummary order={order} />
      </aside>
    </div>
  );
}
