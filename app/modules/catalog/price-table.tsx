import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { formatCountry, formatMoney, formatPercent } from "./format.ts";
import type { AppliedTax, PriceLineId, StoredPriceLine } from "./pricing.ts";

interface PriceTableProps {
  lines: readonly StoredPriceLine[];
  shippingLabel: string;
  /** Cents, or a text while shipping is not known yet. */
  shipping: number | string;
  totalLabel: string;
  totalCents: number;
  vatCents: number;
  /** How the order is taxed: "Includes 20% VAT (France)", or a VAT-free export with its note. */
  tax: AppliedTax;
}

const LINE_IDS: readonly PriceLineId[] = ["deck", "wideDeck", "grip", "shipping"];

/** The price breakdown, as the checkout's summary and a placed order both show it. */
export function PriceTable({ lines, shippingLabel, shipping, totalLabel, totalCents, vatCents, tax }: PriceTableProps) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  // A line is named in the page's language by what it is; a stored line from before ids were kept shows its label.
  const lineName = (line: StoredPriceLine) =>
    line.id && LINE_IDS.includes(line.id) ? t(`price.line.${line.id}`) : line.label;
  return (
    <>
      <table className="summary__lines">
        <caption className="visually-hidden">{t("price.caption")}</caption>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id ?? line.label}>
              <th scope="row">{lineName(line)}</th>
              <td>{formatMoney(line.cents, locale)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{shippingLabel}</th>
            <td>{typeof shipping === "number" ? formatMoney(shipping, locale) : shipping}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr className="summary__total">
            <th scope="row">{totalLabel}</th>
            <td>{formatMoney(totalCents, locale)}</td>
          </tr>
          <tr className="summary__vat">
            <th scope="row">
              {tax.kind === "vat"
                ? t("tax.includesVat", { rate: formatPercent(tax.basisPoints, locale), country: formatCountry(tax.country, locale) })
                : t("tax.exportVat")}
            </th>
            <td>{formatMoney(vatCents, locale)}</td>
          </tr>
        </tfoot>
      </table>
      {tax.kind === "export" ? <p className="summary__note">{t("tax.exportNote")}</p> : null}
    </>
  );
}
