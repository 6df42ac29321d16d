import { formatDeckSize, formatMoney } from "~/modules/catalog/format";
import { PostalAddress, type PostalAddressFields } from "./postal-address";

export interface OrderView extends PostalAddressFields {
  number: string;
  createdAt: string;
  grip: boolean;
  size: number;
  contact: string;
  priceLines: { label: string; cents: number }[];
  shippingCents: number;
  vatCents: number;
  totalCents: number;
  cardBrand: string;
  cardLast4: string;
}

/** What was ordered, where it goes and how it was paid: the confirmation page and the account both show it. */
export function OrderDetails({ order }: { order: OrderView }) {
  return (
    <div className="stack">
      <table className="summary__lines">
        <caption className="visually-hidden">Price breakdown</caption>
        <tbody>
          {order.priceLines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td>{formatMoney(line.cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Shipping</th>
            <td>{formatMoney(order.shippingCents)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr className="summary__total">
            <th scope="row">Total paid</th>
            <td>{formatMoney(order.totalCents)}</td>
          </tr>
          <tr className="summary__vat">
            <th scope="row">Includes VAT</th>
            <td>{formatMoney(order.vatCents)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="summary__options">
        <div>
          <dt>Width</dt>
          <dd>{formatDeckSize(order.size)}</dd>
        </div>
        <div>
          <dt>Grip tape</dt>
          <dd>{order.grip ? "Yes" : "No"}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>
            {order.cardBrand === "unknown" ? "Card" : order.cardBrand.toUpperCase()} ending in {order.cardLast4}
          </dd>
        </div>
        <div>
          <dt>Confirmation to</dt>
          <dd>{order.contact}</dd>
        </div>
      </dl>
      <PostalAddress address={order} />
    </div>
  );
}
