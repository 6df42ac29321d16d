import { useTranslation } from "#app/modules/i18n/use-translation.ts";

/**
 * The link that downloads an order's invoice (PDF): "Download invoice (PDF)" on an order's page, or the short
 * "Invoice (PDF)" in a list of orders, where it sits in the order's row header beside the order's number, which
 * gives it its context.
 */
export function InvoiceLink({ href, short = false }: { href: string; short?: boolean }) {
  const { t } = useTranslation("orders");
  return (
    <a className="invoice-link" href={href} download>
      {short ? t("invoice.downloadShort") : t("invoice.download")}
    </a>
  );
}
