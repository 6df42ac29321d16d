import { useTranslation } from "#app/modules/i18n/use-translation.ts";

/**
 * The link that downloads an order's invoice, or a refunded order's credit note (PDF): "Download invoice (PDF)" on
 * an order's page, or the short "Invoice (PDF)" in a list of orders, where it sits in the order's row header beside
 * the order's number, which gives it its context.
 */
export function InvoiceLink({ href, short = false, creditNote = false }: { href: string; short?: boolean; creditNote?: boolean }) {
  const { t } = useTranslation("orders");
  const words = creditNote ? "creditNote" : "invoice";
  return (
    <a className="invoice-link" href={href} download>
      {short ? t(`${words}.downloadShort`) : t(`${words}.download`)}
    </a>
  );
}
