import type { Database } from "#app/db/client.server.ts";
import type { OrderRow } from "#app/db/schema.ts";
import { transitionOrder } from "#app/modules/orders/order-lifecycle.server.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { TEST_ORIGIN } from "./route-harness.ts";

/** The DHL tracking number a test order is shipped with. */
export const TEST_DHL_NUMBER = "00340434161234567890";

/**
 * Moves a test order through the back office's steps (`in_production`, `shipped` with DHL, `delivered`, …) as an
 * operator "setup@example.com" would; a step the lifecycle refuses fails the test's setup.
 */
export async function walkOrder(database: Database, order: Pick<OrderRow, "id" | "status">, ...steps: OrderStatus[]): Promise<void> {
  let current: OrderStatus = order.status;
  for (const to of steps) {
    const result = await transitionOrder(database.db, createTestPaymentProvider(), {
      orderId: order.id,
      expected: current,
      to,
      actor: { id: "setup", name: "setup@example.com" },
      siteUrl: TEST_ORIGIN,
      ...(to === "shipped" ? { shipment: { carrier: "dhl" as const, trackingNumber: TEST_DHL_NUMBER } } : {}),
    });
    if (!result.ok) throw new Error(`step to ${to} refused: ${JSON.stringify(result)}`);
    current = to;
  }
}
