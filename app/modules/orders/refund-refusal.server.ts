import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orders } from "#app/db/schema.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import type { RefundRefusalCode } from "#app/modules/payment/payment-provider.server.ts";
import { recordOrderEvent, type Actor } from "./order-history.server.ts";
import type { OrderStatus } from "./order-status.ts";

export type Refusal = { code?: RefundRefusalCode; message: string };

/**
 * The refused refund's trace in the order's history, in the transaction that marks its intent refused
 * (refund-intents.server.ts), so that the operator who comes next sees that it was tried and why (D232). Answers the order's status as it is now and the processor's reason in
 * the back office's language (a reason the processor words only itself is quoted as it came).
 */
export async function recordRefundRefusal(
  db: Pick<Db, "select" | "insert">,
  request: { orderId: string; actor: Actor; attempted: string; details?: Record<string, string>; locale?: Locale },
  refusal: Refusal,
): Promise<{ current: OrderStatus | undefined; reason: string }> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, request.orderId));
  const current = order?.status;
  if (current) {
    await recordOrderEvent(db, {
      orderId: request.orderId,
      kind: "refund-refused",
      fromStatus: current,
      toStatus: current,
      actor: request.actor,
      details: { attempted: request.attempted, ...request.details, reason: (refusal.code ?? refusal.message).slice(0, 200) },
    });
  }
  return { current, reason: refusalReason(refusal, request.locale) };
}

/** The processor's reason in the back office's language (a reason the processor words only itself is quoted as it came). */
export function refusalReason(refusal: Refusal, locale: Locale = "en"): string {
  const t = translatorFor(locale, "admin");
  return refusal.code ? t(`transition.refusalReasons.${refusal.code}`) : refusal.message;
}
