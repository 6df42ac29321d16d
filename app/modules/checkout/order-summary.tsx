import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatCountry, formatDeckSize, formatMoney } from "#app/modules/catalog/format.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { deliveryEstimate, SHIPPING_ZONES, shippingZoneOf } from "#app/modules/catalog/shipping.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
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
export function OrderSummary({ order, heading }: { order: OrderState; heading?: string }) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const price = priceOrder(order);
  const country = price.countryKnown ? order.country : "";
  return (
    <details className="summary">
      <summary className="summary__toggle">
        <span className="summary__toggle-label">
          <span className="summary__toggle-show">{t("summary.show")}</span>
          <span className="summary__toggle-hide">{t("summary.hide")}</span>
        </span>
        <span className="summary__toggle-total" data-testid="summary-toggle-total">
          <span className="visually-hidden">{t("summary.total")} </span>
          {formatMoney(price.totalCents, locale)}
        </span>
      </summary>
      <section className="summary__body" aria-labelledby="summary-title">
        <h2 id="summary-title">{heading ?? t("summary.heading")}</h2>
        <DeckThumb design={order.design} size={order.size} grip={order.grip} />
        <dl className="summary__options">
          <div>
            <dt>{t("summary.width")}</dt>
            <dd>{order.size ? formatDeckSize(order.size, locale) : t("summary.notChosen")}</dd>
          </div>
          <div>
            <dt>{t("summary.grip")}</dt>
            <dd>{order.grip ? t("summary.yes") : t("summary.no")}</dd>
          </div>
        </dl>
        <PriceTable
          lines={price.lines}
          shippingLabel={country ? t("summary.shippingTo", { country: formatCountry(country, locale) }) : t("price.shipping")}
          shipping={price.shippingCents ?? t("summary.shippingUnknown")}
          totalLabel={t("summary.total")}
          totalCents={price.totalCents}
          vatCents={price.vatCents}
          tax={price.tax}
        />
        {country ? <DeliveryEstimate country={country} /> : null}
      </section>
    </details>
  );
}

/** How long the deck takes to the buyer's door: made to order, then the zone's transit days (shipping.ts). */
export function DeliveryEstimate({ country }: { country: string }) {
  const { t } = useTranslation("checkout");
  const estimate = deliveryEstimate(country);
  const zone = shippingZoneOf(country);
  if (!estimate || !zone) return null;
  const [transitMin, transitMax] = SHIPPING_ZONES[zone].transitDays;
  return (
    <p className="summary__delivery" data-testid="delivery-estimate">
      {t("summary.delivery", {
        min: estimate.minWorkingDays,
        max: estimate.maxWorkingDays,
        made: catalog.product.madeToOrderWorkingDays,
        transitMin,
        transitMax,
      })}
    </p>
  );
}
