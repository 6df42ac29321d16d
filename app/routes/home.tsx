import { Link } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { Route } from "./+types/home";
import { DeckViewer } from "#app/modules/design/deck-viewer.tsx";
import { recentreDesign } from "#app/modules/design/recentre.ts";
import { exampleDesignIn } from "#app/modules/design/example-design.ts";
import { legalPath } from "#app/modules/legal/legal-pages.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { priceForDestination, priceOrder } from "#app/modules/catalog/pricing.ts";
import { productStructuredData } from "#app/modules/catalog/structured-data.ts";
import { useOrder } from "#app/modules/checkout/order-store.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";

export const meta = (args: Route.MetaArgs) => {
  const { t } = metaTranslator(args, "common");
  return [
    ...pageMeta({ title: t("product.name"), description: `${t("product.name")}: ${t("product.description")}` }),
    { "script:ld+json": productStructuredData({ name: t("product.name"), description: t("product.description") }) },
  ];
};

export default function Home() {
  const { t } = useTranslation("home");
  const { t: common } = useTranslation();
  const locale = useLocale();
  const order = useOrder();
  const price = priceOrder(order);
  // Until the buyer has a graphic of their own, the deck shows what a printed one looks like, and says so.
  const showsExample = order.design.layers.length === 0;
  // The example is laid out on the narrowest deck: on a wider one chosen already, it keeps to the centre line.
  const shownDesign = showsExample ? recentreDesign(exampleDesignIn((id) => t(`deck.stickers.${id}`)), 0, order.size) : order.design;
  return (
    <div className="page page--split home">
      <div className="page__content stack">
        <h1>{common("product.name")}</h1>
        <p className="lead">{common("product.description")}</p>
        <p className="price">
          <span>{order.size ? t("price.yourDeck", { size: formatDeckSize(order.size, locale) }) : t("price.from")}</span>{" "}
          <strong>{formatMoney(price.subtotalCents, locale)}</strong>
          <span className="price__note">{common(price.tax.kind === "export" ? "price.exportPlusShipping" : "price.inclVatPlusShipping")}</span>
        </p>
        <div className="actions">
          <Link to="/editor" prefetch="intent" className="button button--primary">
            {t("actions.design")}
          </Link>
          <Link to="/GripSize" prefetch="intent" className="button">
            {t("actions.gripSize")}
          </Link>
        </div>
        <p className="home__promise">{t("promise", { count: catalog.product.madeToOrderWorkingDays })}</p>
        <ul className="facts">
          <li>{common("product.construction")}</li>
          <li>{common("product.printMethod")}</li>
          <li>
            {t("facts.widths", {
              widths: catalog.sizes.map((size) => formatDeckSize(size, locale)).join(", "),
              price: formatMoney(priceForDestination(catalog.grip.priceCents, order.country), locale),
            })}
          </li>
          <li>{t("facts.guestCheckout")}</li>
          <li>
            <Trans t={t} i18nKey="facts.returns" components={{ withdrawal: <Link to={legalPath("withdrawal")} /> }} />
          </li>
        </ul>
      </div>
      {/* After the offer in the page's order (reading and Tab order, and where a phone shows it); beside it, on the
          left, from 48rem. */}
      <figure className="page__aside home__deck">
        <DeckViewer design={shownDesign} size={order.size} grip={order.grip} />
        <figcaption className="home__deck-caption">{t(showsExample ? "deck.example" : "deck.yours")}</figcaption>
      </figure>
    </div>
  );
}
