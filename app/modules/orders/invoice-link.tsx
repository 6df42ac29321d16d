import { formatDate, formatMoney } from "#app/modules/catalog/format.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
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

/**
 * The credit notes of an order's partial refunds (price reductions), each with its date, amount and download link
 * ("Credit note 2026-000123 (PDF)"); nothing when there are none.
 */
export function PartialCreditNoteLinks({ notes }: { notes: readonly { number: string; at: string; grossCents: number; href: string }[] }) {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  if (notes.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="partial-credit-notes-title">
      <h2 id="partial-credit-notes-title">{t("partialCreditNote.heading")}</h2>
      <ul>
        {notes.map((note) => (
          <li key={note.number}>
            {t("partialCreditNote.item", { date: formatDate(note.at, locale), amount: formatMoney(note.grossCents, locale) })}{" "}
            <PartialCreditNoteLink href={note.href} number={note.number} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One partial refund's credit note to download: "Credit note 2026-000123 (PDF)" / "Rechnungskorrektur 2026-000123 (PDF)". */
export function PartialCreditNoteLink({ href, number }: { href: string; number: string }) {
  const { t } = useTranslation("orders");
  return (
    <a className="invoice-link" href={href} download>
      {t("partialCreditNote.download", { number })}
    </a>
  );
}
