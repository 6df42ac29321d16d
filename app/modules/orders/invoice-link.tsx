import { useTranslation } from "react-i18next";

/**
 * The link that downloads an order's invoice (PDF): "Download invoice (PDF)" on the order pages, or, in a list
 * of orders, the short "Invoice (PDF)", named with the order's number for screen readers ("Invoice (PDF)
 * DS-…": the visible words first, so that voice control finds it by what it shows).
 */
export function InvoiceLink({ href, orderNumber }: { href: string; orderNumber?: string }) {
  const { t } = useTranslation("orders");
  if (orderNumber === undefined) {
    return (
      <a className="invoice-link" href={href} download>
        {t("invoice.download")}
      </a>
    );
  }
  return (
    <a className="invoice-link" href={href} download aria-label={`${t("invoice.downloadShort")} ${orderNumber}`}>
      {t("invoice.downloadShort")}
    </a>
  );
}
