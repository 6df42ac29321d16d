import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderPrintFiles, type OrderRow } from "#app/db/schema.ts";
import type { Design } from "#app/modules/design/design.ts";
import { renderPrintPng, renderPrintSvg } from "#app/modules/design/print-file.server.ts";
import { PrintRenderBusyError } from "#app/modules/design/print-render-pool.server.ts";
import { SVG_FILE_POLICY } from "#app/modules/http/content-security.mjs";
import { pageNotFound } from "#app/modules/http/not-found.ts";

/** The order's vector print file, made when the order is placed. */
export function printSvgForOrder(order: Pick<OrderRow, "design" | "size">): string {
  return renderPrintSvg(order.design as Design, order.size);
}

export async function storedPrintSvg(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ svg: orderPrintFiles.svg }).from(orderPrintFiles).where(eq(orderPrintFiles.orderId, orderId));
  return row?.svg ?? null;
}

// Renders under way, by order id: requests that arrive meanwhile wait for the same one.
const rendering = new Map<string, Promise<Buffer>>();

/** The 300 DPI PNG: rendered on first request from the order's design, then kept with the order. */
export async function printPngForOrder(db: Db, order: OrderRow): Promise<Buffer> {
  const [row] = await db.select({ png: orderPrintFiles.png }).from(orderPrintFiles).where(eq(orderPrintFiles.orderId, order.id));
  if (row?.png) return Buffer.from(row.png);
  let png = rendering.get(order.id);
  if (!png) {
    png = renderAndKeep(db, order).finally(() => rendering.delete(order.id));
    rendering.set(order.id, png);
  }
  return png;
}

async function renderAndKeep(db: Db, order: OrderRow): Promise<Buffer> {
  const png = await renderPrintPng(order.design as Design, order.size);
  await db
    .update(orderPrintFiles)
    .set({ png })
    .where(and(eq(orderPrintFiles.orderId, order.id), isNull(orderPrintFiles.png)));
  return png;
}

/**
 * The answer to a print-file request whose access was checked (the buyer's route, the back office's): the vector
 * SVG or the 300 DPI PNG, never cached, named after the order. Any other format is the 404 page.
 */
export async function printFileResponse(request: Request, db: Db, order: OrderRow, format: string | undefined): Promise<Response> {
  if (format !== "svg" && format !== "png") pageNotFound(request);
  const headers = {
    // A buyer's own design: no browser cache or proxy keeps it.
    "Cache-Control": "private, no-store",
    "Content-Disposition": `inline; filename="${order.number}-print.${format}"`,
    "X-Content-Type-Options": "nosniff",
  };
  if (format === "svg") {
    const svg = await storedPrintSvg(db, order.id);
    if (!svg) pageNotFound(request);
    // The SVG is ours (rendered from a validated design), and it is sent with a CSP that forbids scripts anyway.
    return new Response(svg, {
      headers: { ...headers, "Content-Type": "image/svg+xml", "Content-Security-Policy": SVG_FILE_POLICY },
    });
  }
  let png: Buffer;
  try {
    png = await printPngForOrder(db, order);
  } catch (error) {
    if (!(error instanceof PrintRenderBusyError)) throw error;
    // Every render thread is busy and the queue is full: the operator's download is tried again later, the shop
    // goes on answering meanwhile.
    return new Response("The print file is being prepared with others. Please try again in a moment.", {
      status: 503,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(error.retryAfterSeconds) },
    });
  }
  return new Response(new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.byteLength), { headers: { ...headers, "Content-Type": "image/png" } });
}
