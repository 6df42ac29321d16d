import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderPrintFiles, type OrderRow } from "#app/db/schema.ts";
import type { Design } from "#app/modules/design/design.ts";
import { renderPrintPng, renderPrintSvg } from "#app/modules/design/print-file.server.ts";

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
