import { orderNotFound, requireViewableOrder } from "~/modules/orders/viewable-order.server";
import { printPngForOrder, storedPrintSvg } from "~/modules/orders/print-files.server";
import { getDb } from "~/request-context.server";
import { SVG_FILE_POLICY } from "../../server/content-security.mjs";
import type { Route } from "./+types/order-print";

/** /orders/{id}/print/svg and /orders/{id}/print/png: the order's print files, for whoever may see the order. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.format !== "svg" && params.format !== "png") orderNotFound(request);
  const order = await requireViewableOrder(request, context, params.orderId);
  const db = await getDb(context);
  const headers = {
    "Cache-Control": "private, max-age=3600",
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
