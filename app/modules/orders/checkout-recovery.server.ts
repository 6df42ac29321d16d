import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import type { Database, Db } from "#app/db/client.server.ts";
import { checkoutAttempts } from "#app/db/schema.ts";
import type { PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import type { Services } from "#app/services.server.ts";
import { chargeKey, completeAttempt } from "./checkout-attempts.server.ts";
import { printSvgForOrder } from "./print-files.server.ts";
import { recoverRefundIntents } from "./refund-recovery.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";

/**
 * Checkout attempts that no request will finish: `processing` left by a server that died (SIGKILL, a crash, a
 * lost machine) and `failed` ones whose buyer was told so. Each is resolved against the payment processor, which
 * keeps its charges whatever happened to the shop, and nothing is guessed:
 *
 * - charged, `processing`: the order is completed exactly as the request would have (checkout-attempts'
 *   `completeAttempt`: the same order row, print file, history and confirmation mail, in one transaction);
 * - charged, `failed` (the buyer saw an error), or an order that cannot be written: the charge is voided;
 * - charged and already refunded, declined, or never charged: the attempt is released and the buyer may try again;
 * - the processor cannot be reached: the attempt is left as it is for the next round.
 *
 * Several servers may run this at once: each attempt is resolved under its row lock (FOR UPDATE SKIP LOCKED), and
 * the request that may still be running for a `processing` attempt completes it only by compare-and-set, so an
 * order is written once. A `processing` attempt is taken only when older than `olderThanMs`, longer than any request
 * can take (the processor's timeout and the database's): until then its request may still be running.
 */
export type Resolution = "completed" | "voided" | "released" | "declined" | "busy";

export interface RecoveryOptions {
  db: Db;
  provider: PaymentProvider;
  /** A `processing` attempt younger than this may still have its request running: it is left alone. */
  olderThanMs: number;
}

/** The default for `olderThanMs`: longer than a checkout request can take. */
export const ABANDONED_AFTER_MS = 2 * 60 * 1000;

const openAttempt = (olderThanMs: number) =>
  or(
    eq(checkoutAttempts.status, "failed"),
    and(eq(checkoutAttempts.status, "processing"), lt(checkoutAttempts.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000}::double precision)`)),
  );

/**
 * Resolves one key's open attempt. "busy": nothing to resolve (no open attempt, or another server resolves it right
 * now). Throws when the processor cannot be reached (the attempt stays as it was).
 */
export async function resolveAttempt({ db, provider, olderThanMs }: RecoveryOptions, key: string): Promise<Resolution> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(checkoutAttempts)
      .where(and(eq(checkoutAttempts.idempotencyKey, key), openAttempt(olderThanMs)))
      .for("update", { skipLocked: true });
    if (!row) return "busy";
    const settle = async (status: "released" | "declined") => {
      await tx.update(checkoutAttempts).set({ status, pending: null, updatedAt: sql`now()` }).where(eq(checkoutAttempts.idempotencyKey, key));
    };

    const charge = await provider.findCharge(chargeKey(key, row.attempt));
    if (charge === null) {
      await settle("released");
      return "released";
    }
    if (charge.status === "declined") {
      await settle("declined");
      return "declined";
    }
    if (charge.refunded) {
      await settle("released");
      return "released";
    }
    if (row.status === "processing" && row.pending) {
      const pending = row.pending;
      try {
        // A savepoint: an order that cannot be written rolls back alone, and its charge is voided below.
        const order = await tx.transaction((inner) =>
          completeAttempt(inner, {
            key,
            attempt: row.attempt,
            pending,
            paymentProvider: provider.name,
            paymentReference: charge.reference,
            printSvg: printSvgForOrder(pending.order),
          }),
        );
        // Null only if the attempt was completed meanwhile (it cannot be while this round holds its row lock).
        return order ? "completed" : "busy";
      } catch (error) {
        // The database failing (a timeout, a lost connection) is not the order failing: try again next round.
        // An order that breaks a constraint, or a design that cannot be drawn, will not be stored by waiting.
        const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
        const code = cause?.code ?? (error as Error & { code?: string }).code;
        if (typeof code === "string" && !code.startsWith("23")) throw error;
        const reason = cause?.message ?? (error as Error).message;
        logger.error({ checkoutId: key, reason }, "checkout recovery: the charged order could not be stored, voiding the charge");
      }
    }
    const voided = await provider.voidCharge({
      reference: charge.reference,
      amountCents: charge.amountCents,
      currency: charge.currency,
      idempotencyKey: `void:${chargeKey(key, row.attempt)}`,
    });
    if (voided.status !== "refunded") throw new Error(`the processor refused to void ${charge.reference}: ${voided.message}`);
    await settle("released");
    return "voided";
  });
}

export interface RecoverySummary {
  completed: number;
  voided: number;
  released: number;
  /** Left for a later round: the processor could not be reached, or another server has the attempt. */
  left: number;
}

/** One round over every open attempt (oldest first, at most `limit`). */
export async function recoverCheckoutAttempts(options: RecoveryOptions & { limit?: number }): Promise<RecoverySummary> {
  const open = await options.db
    .select({ key: checkoutAttempts.idempotencyKey })
    .from(checkoutAttempts)
    .where(openAttempt(options.olderThanMs))
    .orderBy(asc(checkoutAttempts.updatedAt))
    .limit(options.limit ?? 500);
  const summary: RecoverySummary = { completed: 0, voided: 0, released: 0, left: 0 };
  for (const { key } of open) {
    try {
      const resolution = await resolveAttempt(options, key);
      if (resolution === "busy") summary.left++;
      else if (resolution === "declined") summary.released++;
      else summary[resolution]++;
    } catch (error) {
      summary.left++;
      logger.warn({ checkoutId: key, err: error }, "checkout recovery: attempt left for later");
    }
  }
  return summary;
}

export interface CheckoutRecovery {
  /** Stops the timer and waits for the round under way. */
  stop(): Promise<void>;
}

/** What a round does, by the name its log lines carry. */
const RECOVERIES = [
  ["checkout recovery", recoverCheckoutAttempts],
  ["refund recovery", recoverRefundIntents],
] as const satisfies readonly (readonly [string, (options: RecoveryOptions) => Promise<object>])[];

/**
 * Runs a round now (awaited, before the server takes requests) and then every `intervalMs` (an unref'd timer); each
 * round also finishes the refunds left `asked` (refund-recovery.server.ts), after the same grace period. On the
 * embedded database the first round takes every `processing` attempt and every `asked` refund, whatever its age:
 * PGlite allows one process, so whatever is open before this server listens was left by one that died.
 */
export async function startCheckoutRecovery(
  services: Pick<Services, "database" | "payments">,
  { intervalMs, olderThanMs }: { intervalMs: number; olderThanMs: number },
): Promise<CheckoutRecovery> {
  let running: Promise<void> | undefined;
  const round = (after: (kind: Database["kind"]) => number) => {
    // A round that outlasts the interval is not doubled.
    if (running) return running;
    running = (async () => {
      // The checkout's attempts, then the back office's refunds a server left asked (refund-recovery.server.ts): a
      // failure of one does not keep the other from its round.
      for (const [name, recover] of RECOVERIES) {
        try {
          const database = await services.database();
          const summary = await recover({ db: database.db, provider: services.payments(), olderThanMs: after(database.kind) });
          if (Object.values(summary).some((count: number) => count > 0)) logger.info({ [name]: summary }, `${name} round`);
        } catch (error) {
          logger.error({ err: error }, `${name} round failed`);
        }
      }
      running = undefined;
    })();
    return running;
  };
  await round((kind) => (kind === "pglite" ? 0 : olderThanMs));
  const timer = setInterval(() => void round(() => olderThanMs), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
