import { redirect } from "react-router";
import { withNotFoundPage } from "#app/modules/http/not-found.ts";
import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { journalEntries } from "#app/modules/admin/document-journal.server.ts";
import type { JournalDocumentKind } from "#app/modules/admin/document-journal.ts";
import { exportFileName, exportRange, exportSearch } from "#app/modules/admin/export-range.ts";
import { centsToAmount, CSV_BOM, csvLine, sellerDay } from "#app/modules/admin/order-csv.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/admin-documents-csv";

const currency = catalog.currency;
const HEADER = [
  "Document",
  "Kind",
  "Date",
  "Invoice",
  "Order",
  "Name",
  "Country",
  "Tax",
  "VAT rate (%)",
  `Net (${currency})`,
  `VAT (${currency})`,
  `Gross (${currency})`,
];

const KIND_LABELS: Record<JournalDocumentKind, string> = {
  invoice: "invoice",
  creditNote: "credit note (cancels the invoice)",
  partialCreditNote: "credit note (price reduction)",
};

/**
 * /admin/documents.csv?from=&to=: the accountant's journal, one row per invoice and credit note dated in the range
 * (document-journal.ts), oldest first, each with its own net, VAT and gross (a credit note's negative). A range that
 * is no range is sent to the list's export form, as the order export's is.
 */
export const loader = withNotFoundPage(async ({ request, context }: Route.LoaderArgs) => {
  await requireOperator(request, context);
  const range = exportRange(new URL(request.url).searchParams);
  if (!range.ok) return redirect(`/admin${exportSearch({ status: null, q: "", ...range.values }, { export: "documents" })}`, 303);
  const entries = await journalEntries(await getDb(context), range.range);
  const lines = entries.map((entry) =>
    csvLine([
      entry.number,
      KIND_LABELS[entry.kind],
      sellerDay(entry.issuedAt),
      entry.invoiceNumber,
      entry.order.number,
      entry.order.name,
      entry.order.country,
      entry.order.taxKind === "export" ? "export" : "VAT",
      String(entry.vatBasisPoints / 100),
      centsToAmount(entry.netCents),
      centsToAmount(entry.vatCents),
      centsToAmount(entry.grossCents),
    ]),
  );
  return new Response(CSV_BOM + csvLine(HEADER) + lines.join(""), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(range.range, sellerDay(new Date()), "documents")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
