import { redirect } from "react-router";
import { withNotFoundPage } from "#app/modules/http/not-found.ts";
import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import { ordersForExport, orderListQuery } from "#app/modules/admin/admin-orders.server.ts";
import { exportFileName, exportRange, exportSearch } from "#app/modules/admin/export-range.ts";
import { centsToAmount, CSV_BOM, csvLine, partialCreditNotesCell, sellerDay } from "#app/modules/admin/order-csv.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { ORDER_STATUS_LABELS, refundsCharge } from "#app/modules/orders/order-status.ts";
import { getDb } from "#app/request-context.server.ts";
import type { Route } from "./+types/admin-orders-csv";

const currency = catalog.currency;
const HEADER = [
  "Order",
  "Date (UTC)",
  "Status",
  "Name",
  "E-mail",
  "Street",
  "Address line 2",
  "Postal code",
  "City",
  "Country",
  "Region",
  "Width (in)",
  "Grip tape",
  `Subtotal (${currency})`,
  `Shipping (${currency})`,
  `VAT (${currency})`,
  `Total (${currency})`,
  `Net (${currency})`,
  "Tax",
  "VAT rate (%)",
  "Charge reference",
  "Refund reference",
  "Carrier",
  "Tracking number",
  // Last, so that the columns before keep their places in sheets built on earlier exports.
  "Invoice",
  "Credit note",
  // What went back to the card, and the documents' dates: the VAT period a credit note belongs to is its own.
  `Refunded (${currency})`,
  "Invoice date",
  "Credit note date",
  // Credit notes for part of the amount (price reductions), each with its day and amount.
  "Partial credit notes",
];

/**
 * /admin/orders.csv?status=&q=&from=&to=: the filtered order list for accounting, streamed page by page; with a range,
 * the orders whose invoice or credit note is dated in it (export-range.ts). A range that is no range (a malformed
 * day, `to` before `from`) is sent to the list's export form, which says what is wrong with each field (400).
 */
export const loader = withNotFoundPage(async ({ request, context }: Route.LoaderArgs) => {
  await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const { status, search } = orderListQuery(params);
  const range = exportRange(params);
  if (!range.ok) return redirect(`/admin${exportSearch({ status, q: search, ...range.values }, { export: "csv" })}`, 303);
  const db = await getDb(context);
  const encoder = new TextEncoder();
  const pages = ordersForExport(db, { status, search }, range.range);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADER)));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) return controller.close();
      const lines = next.value.map((order) =>
        csvLine([
          order.number,
          order.createdAt.toISOString(),
          ORDER_STATUS_LABELS[order.status],
          order.name,
          order.contact,
          order.address,
          order.addressextend,
          order.postalcode,
          order.city,
          order.country,
          order.region,
          order.size,
          order.grip ? "yes" : "no",
          centsToAmount(order.subtotalCents),
          centsToAmount(order.shippingCents),
          centsToAmount(order.vatCents),
          centsToAmount(order.totalCents),
          centsToAmount(order.totalCents - order.vatCents),
          order.taxKind === "export" ? "export" : "VAT",
          String(order.vatBasisPoints / 100),
          order.paymentReference,
          order.refundReference,
          order.carrier,
          order.trackingNumber,
          order.invoiceNumber,
          order.creditNoteNumber,
          // Cancelled or returned: the whole charge (parts given back before and the rest); else what parts gave back.
          centsToAmount(refundsCharge(order.status) ? order.totalCents : order.partlyRefundedCents),
          sellerDay(order.invoicedAt),
          sellerDay(order.creditNotedAt),
          partialCreditNotesCell(order.partialCreditNotes),
        ]),
      );
      controller.enqueue(encoder.encode(lines.join("")));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      // The range, or without one the day on the seller's clock.
      "Content-Disposition": `attachment; filename="${exportFileName(range.range, sellerDay(new Date()))}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
