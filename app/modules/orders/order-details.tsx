import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { formatDeckSize, formatMoney } from "#app/modules/catalog/format.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { priceLineKey } from "./price-line-label.ts";
import { storedTax, type StoredPriceLine } from "#app/modules/catalog/pricing.ts";
import { cardBrandName } from "#app/modules/card/card-brand.ts";
import { PostalAddress, type PostalAddressFields } from "#app/modules/checkout/postal-address.tsx";
import { PriceTable } from "#app/modules/catalog/price-table.tsx";
import type { OrderProgressView } from "./order-progress.tsx";
import { refundsCharge } from "./order-status.ts";

export interface OrderView extends PostalAddressFields, OrderProgressView {
  number: string;
  createdAt: string;
  grip: boolean;
  size: number;
  contact: string;
  priceLines: StoredPriceLine[];
  shippingCents: number;
  vatCents: number;
  totalCents: number;
  /** How the order was taxed (destination VAT at a rate, or a VAT-free export). */
  taxKind: "vat" | "export";
  vatBasisPoints: number;
  cardBrand: string;
  cardLast4: string;
  /** What price reductions gave back before any cancel or return (0 for an order from before them). */
  partlyRefundedCents?: number;
}

/** A placed order's price lines as charged: the buyer's order page and the back office show the same table. */
export function PlacedOrderPrices({
  order,
}: {
  order: Pick<OrderView, "priceLines" | "shippingCents" | "totalCents" | "vatCents" | "taxKind" | "vatBasisPoints" | "country">;
}) {
  const { t } = useTranslation("orders");
  return (
    <PriceTable
      lines={order.priceLines.map((line) => {
        const key = priceLineKey(line.label);
        return { ...line, label: key ? t(`priceLines.${key}`) : line.label };
      })}
      shippingLabel={t("details.shipping")}
      shipping={order.shippingCents}
      totalLabel={t("details.totalPaid")}
      totalCents={order.totalCents}
      vatCents={order.vatCents}
      tax={storedTax(order)}
    />
  );
}

/** What was ordered, where it goes and how it was paid: the confirmation page and the account both show it. */
export function OrderDetails({ order }: { order: OrderView }) {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  return (
    <div className="stack">
      <PlacedOrderPrices order={order} />
      <dl className="summary__options">
        <div>
          <dt>{t("details.width")}</dt>
          <dd>{formatDeckSize(order.size, locale)}</dd>
        </div>
        <div>
          <dt>{t("details.gripTape")}</dt>
          <dd>{order.grip ? t("details.yes") : t("details.no")}</dd>
        </div>
        <div>
          <dt>{t("details.paidWith")}</dt>
          <dd>{t("details.cardEnding", { brand: cardBrandName(order.cardBrand), last4: order.cardLast4 })}</dd>
        </div>
        {refundsCharge(order.status) || (order.partlyRefundedCents ?? 0) > 0 ? (
          <div>
            <dt>{t("details.refunded")}</dt>
            {/* Everything once cancelled or returned; before that, what price reductions gave back. */}
            <dd>{formatMoney(refundsCharge(order.status) ? order.totalCents : (order.partlyRefundedCents ?? 0), locale)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("details.confirmationTo")}</dt>
          <dd>{order.contact}</dd>
        </div>
      </dl>
      <PostalAddress address={order} />
    </div>
  );
}
