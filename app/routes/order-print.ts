import { data } from "react-router";
import { findViewableOrder } from "~/modules/orders/orders.server";
import { printPngForOrder, storedPrintSvg } from "~/modules/orders/print-files.server";
import { getDb, sessionContext } from "~/request-context.server";
import type { Route } from "./+types/order-print";

/** /orders/{id}/print/svg and /orders/{id}/print/png: the order's print files, for whoever may see the order. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = await getDb(context);
  const order = await findViewableOrder(db, params.orderId, {
    userId: context.get(sessionContext)?.userId ?? null,
    token: url.searchParams.get("token"),
  });
  if (!order || (params.format !== "svg" && params.format !== "png")) {
    throw data(`Page not found: ${url.pathname}`, { status: 404 });
  }
  const headers = {
    "Cache-Control": "private, max-age=3600",
    "Content-Disposition": `inline; filename="${order.number}-print.${params.format}"`,
    "X-Content-Type-Options": "nosniff",
  };
  if (params.format === "svg") {
    const svg = await storedPrintSvg(db, order.id);
    if (!svg) throw data(`Page not found: ${url.pathname}`, { status: 404 });
    // The SVG is ours (rendered from a validated design), and it is sent with a CSP that forbids scripts anyway.
    return new Response(svg, {
      headers: { ...headers, "Content-Type": "image/svg+xml", "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
    });
  }
  const png = await printPngForOrder(db, order);
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}
