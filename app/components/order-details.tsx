import { formatDeckSize } from "~/modules/catalog/format";
import type { PriceLine } from "~/modules/catalog/pricing";
import { cardBrandName } from "~/modules/card/card-brand";
import { PostalAddress, type PostalAddressFields } from "./postal-address";
import { PriceTable } from "./price-table";

export interface OrderView extends PostalAddressFields {
  number: string;
  createdAt: string;
  grip: boolean;
  size: number;
  contact: string;
  priceLines: PriceLine[];
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
      <PriceTable
        lines={order.priceLines}
        shippingLabel="Shipping"
        shipping={order.shippingCents}
        totalLabel="Total paid"
        totalCents={order.totalCents}
        vatCents={order.vatCents}
      />
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
            {cardBrandName(order.cardBrand)} ending in {order.cardLast4}
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
