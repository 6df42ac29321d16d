import { useTranslation } from "react-i18next";

/**
 * The link that downloads an order's invoice (PDF): "Download invoice (PDF)" on the order pages, or, in a list
 * of orders, the short "Invoice (PDF)" with the order's number for screen readers ("Invoice (PDF) DS-…").
 */
export function InvoiceLink({ href, orderNumber }: { href: string; orderNumber?: string }) {
  const { t } = useTranslation("orders");
  return (
    <a className="invoice-link" href={href} download>
      {orderNumber === undefined ? (
        t("invoice.download")
      ) : (
        <>
          {t("invoice.downloadShort")}
          <span className="visually-hidden"> {orderNumber}</span>
        </>
      )}
    </a>
  );
}
