import { useId } from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { RichText } from "#app/components/rich-text.tsx";
import { formatCountry, formatDeckSize, formatMoney, formatPercent } from "#app/modules/catalog/format.ts";
import type { PriceBreakdown } from "#app/modules/catalog/pricing.ts";
import type { OrderState } from "./order-state.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { legalPath } from "#app/modules/legal/legal-pages.ts";
import { useHydrated } from "#app/components/use-hydrated.ts";
import "#app/modules/legal/legal.css";

/**
 * What the buyer reads right before the Payment step's button (§ 312j Abs. 2 BGB, Art. 246a § 1 EGBGB): what is
 * bought, the total with the shipping and the tax in it, the terms, and that decks with their own design are made
 * to order and so excepted from the right of withdrawal (§ 312g Abs. 2 Nr. 1 BGB), with links to both texts. On a
 * phone the order summary is folded away at the top, so all of it is said here again. Then the button, whose words
 * say that the order is binding and must be paid: "Buy now", "Zahlungspflichtig bestellen", and nothing else (D161).
 */
export function OrderTerms({ order, price }: { order: OrderState; price: PriceBreakdown }) {
  const { t } = useTranslation("legal");
  const { t: checkoutT } = useTranslation("checkout");
  const locale = useLocale();
  const deck = {
    product: checkoutT("price.line.deck"),
    width: formatDeckSize(order.size, locale),
  };
  const shipping = price.shipping && {
    country: formatCountry(price.tax.country, locale),
    shipping: formatMoney(price.shipping.cents, locale),
    rate: formatPercent(price.tax.basisPoints, locale),
    vat: formatMoney(price.vatCents, locale),
  };
  return (
    <div className="order-terms stack">
      <p data-testid="order-items">{order.grip ? t("orderTerms.deckGrip", deck) : t("orderTerms.deck", deck)}</p>
      <p className="order-terms__total" data-testid="order-total">
        {t("orderTerms.total", { total: formatMoney(price.totalCents, locale) })}
      </p>
      {shipping ? (
        <p className="order-terms__included" data-testid="order-included">
          {price.tax.kind === "vat" ? t("orderTerms.includesVat", shipping) : t("orderTerms.includesExport", shipping)}
        </p>
      ) : null}
      <p>
        <RichText
          message={t("orderTerms.text")}
          components={{
            // Plain links: they open a new tab, where the router's client-side navigation has nothing to do.
            terms: <a href={legalPath("terms")} target="_blank" />,
            withdrawal: <a href={legalPath("withdrawal")} target="_blank" />,
          }}
        />
      </p>
    </div>
  );
}

/** The button that places the order. While the order is being placed it says so (and cannot be pressed again). */
/**
 * Disabled until the page's scripts run: unlike the other steps, the order it sends (the design, the checkout id)
 * is in the tab and reaches the form only through them, so a press before that could only be refused, and the
 * card typed would have to be typed again.
 */
export function BuyButton({ paying }: { paying: boolean }) {
  const { t } = useTranslation("legal");
  const hydrated = useHydrated();
  const hintId = useId();
  return (
    <>
      <button
        type="submit"
        className="button button--primary button--wide needs-scripts"
        disabled={paying || !hydrated}
        aria-live="polite"
        aria-describedby={hydrated ? undefined : hintId}
      >
        {paying ? t("orderTerms.paying") : t("orderTerms.buyNow")}
      </button>
      {/* Until the scripts run the button is disabled with no other sign: say why, and that what is typed stays. */}
      {hydrated ? null : (
        <p id={hintId} className="field__hint needs-scripts" role="status">
          {t("orderTerms.preparing")}
        </p>
      )}
      {/* A browser without scripts never enables the button above (its CSS hides it): it gets one of its own, which
          orders the deck as the page shows it, a plain one, since designing needs the editor's scripts (D235). */}
      <noscript>
        <button type="submit" className="button button--primary button--wide">
          {t("orderTerms.buyNow")}
        </button>
      </noscript>
    </>
  );
}
