import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { RichText } from "#app/components/rich-text.tsx";
import { formatMoney } from "#app/modules/catalog/format.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { legalPath } from "#app/modules/legal/legal-pages.ts";
import "#app/modules/legal/legal.css";

/**
 * What the buyer reads right before the Payment step's button (§ 312j BGB, Art. 246a EGBGB): the total, the terms,
 * and that decks with their own design are made to order and so excepted from the right of withdrawal
 * (§ 312g Abs. 2 Nr. 1 BGB), with links to both texts. Then the button, whose words say that the order is binding
 * and must be paid: "Buy now", "Zahlungspflichtig bestellen", and nothing else (D161).
 */
export function OrderTerms({ totalCents }: { totalCents: number }) {
  const { t } = useTranslation("legal");
  const locale = useLocale();
  return (
    <div className="order-terms stack">
      <p className="order-terms__total" data-testid="order-total">
        {t("orderTerms.total", { total: formatMoney(totalCents, locale) })}
      </p>
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
export function BuyButton({ paying }: { paying: boolean }) {
  const { t } = useTranslation("legal");
  return (
    <button type="submit" className="button button--primary button--wide" disabled={paying} aria-live="polite">
      {paying ? t("orderTerms.paying") : t("orderTerms.buyNow")}
    </button>
  );
}
