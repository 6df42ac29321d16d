import { orderNotFound, requirePrintableOrder } from "#app/modules/orders/viewable-order.server.ts";
import { printPngForOrder, storedPrintSvg } from "#app/modules/orders/print-files.server.ts";
import { getDb } from "#app/request-context.server.ts";
import { SVG_FILE_POLICY } from "#app/modules/http/content-security.mjs";
import type { Route } from "./+types/order-print";

/** /orders/{id}/print/svg and /orders/{id}/print/png: the order's print files, for its owner or the print token's holder. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.format !== "svg" && params.format !== "png") orderNotFound(request);
  const order = await requirePrintableOrder(request, context, params.orderId);
  const db = await getDb(context);
  const headers = {
    // A buyer's own design: no browser cache or proxy keeps it.
    "Cache-Control": "private, no-store",
    "Content-Disposition": `inline; filename="${order.number}-print.${params.format}"`,
    "X-Content-Type-Options": "nosniff",
  };
  if (params.format === "svg") {
    const svg = await storedPrintSvg(db, order.id);
    if (!svg) orderNotFound(request);
    // The SVG is ours (rendered from a validated design), and it is sent with a CSP that forbids scripts anyway.
    return new Response(svg, {
      headers: { ...headers, "Content-Type": "image/svg+xml", "Content-Security-Policy": SVG_FILE_POLICY },
    });
  }
  const png = await printPngForOrder(db, order);
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}
