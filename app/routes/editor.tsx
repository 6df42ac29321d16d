import { Link } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { Route } from "./+types/editor";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { DesignEditor } from "#app/modules/editor/design-editor.tsx";
import { useOrder } from "#app/modules/checkout/order-store.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";

export const meta = (args: Route.MetaArgs) => {
  const { t } = metaTranslator(args, "editor");
  return pageMeta({ title: t("page.title"), description: t("page.description") });
};

export default function Editor() {
  const { t } = useTranslation("editor");
  const locale = useLocale();
  const order = useOrder();
  const width = formatDeckSize(order.size || catalog.sizes[0], locale);
  return (
    <div className="editor-page">
      <h1>{t("page.title")}</h1>
      <p className="editor-page__lead">
        {order.size ? t("page.leadChosen", { width }) : t("page.leadNarrowest", { width })}
      </p>
      <DesignEditor
        design={order.design}
        onDesignChange={order.setDesign}
        size={order.size}
        grip={order.grip}
        summary={<EditorSummary order={order} />}
      />
    </div>
  );
}

/**
 * The price and the next step, beside the deck. A design costs nothing extra, so the price is the deck's as chosen
 * so far: "From" until a width is chosen (the wider decks and grip tape add to it), then the deck's own price.
 */
function EditorSummary({ order }: { order: { size: number; grip: boolean } }) {
  const { t } = useTranslation("editor");
  const locale = useLocale();
  const price = priceOrder(order);
  const size = formatDeckSize(order.size, locale);
  return (
    <div className="editor-summary">
      <p className="price editor-summary__price">
        <span>{order.size ? (order.grip ? t("summary.yourDeckWithGrip", { size }) : t("summary.yourDeck", { size })) : t("summary.from")}</span>{" "}
        <strong>{formatMoney(price.subtotalCents, locale)}</strong>
        <span className="price__note">{t("summary.priceNote")}</span>
      </p>
      <Link to="/GripSize" prefetch="intent" className="button button--primary editor-summary__next">
        {t("summary.next")}
      </Link>
      <p className="editor-summary__note">{t("summary.saved")}</p>
    </div>
  );
}
