import type { Db } from "#app/db/client.server.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import type { RefundRefusalCode } from "#app/modules/payment/payment-provider.server.ts";
import { recordOrderEvent, type Actor } from "./order-history.server.ts";
import type { OrderStatus } from "./order-status.ts";

export type Refusal = { code?: RefundRefusalCode; message: string };

/**
 * The refused refund's trace in the order's history, written in the transaction that marks its intent refused
 * (refund-intents.server.ts), under the order's row lock: the operator who comes next sees that it was tried and why
 * (D232). The order keeps its status.
 */
export async function recordRefundRefusal(
  tx: Pick<Db, "insert">,
  request: { orderId: string; status: OrderStatus; actor: Actor; attempted: string; details?: Record<string, string> },
  refusal: Refusal,
): Promise<void> {
  await recordOrderEvent(tx, {
    orderId: request.orderId,
    kind: "refund-refused",
    fromStatus: request.status,
    toStatus: request.status,
    actor: request.actor,
    details: { attempted: request.attempted, ...request.details, reason: (refusal.code ?? refusal.message).slice(0, 200) },
  });
}

/** The processor's reason in the back office's language (a reason the processor words only itself is quoted as it came). */
export function refusalReason(refusal: Refusal, locale: Locale = "en"): string {
  const t = translatorFor(locale, "admin");
  return refusal.code ? t(`transition.refusalReasons.${refusal.code}`) : refusal.message;
}
