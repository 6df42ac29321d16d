import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import {
  checkoutAttempts,
  emailLinks,
  mailOutbox,
  orderClaims,
  orderEvents,
  orderRefunds,
  issuedDocuments,
  orderPrintFiles,
  orders,
  sessions,
  signInAttempts,
} from "#app/db/schema.ts";
import { SIGN_IN_WINDOW_MS } from "#app/modules/accounts/sign-in-limits.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";
import type { Services } from "#app/services.server.ts";

/**
 * How long the shop keeps what it no longer needs (Art. 5 (1) (e) GDPR, storage limitation; D208). Everything here
 * is deleted by `sweepExpiredData`, which every server runs at start and then every few hours: it deletes rows by
 * their age alone, so servers running it at the same moment delete the same rows once.
 */
export const RETENTION = {
  /** One-time links (sign-up, new password, keeping an order) after they expired: "expired" is told for a month. */
  expiredLinksMs: 30 * 24 * 60 * 60 * 1000,
  /** Mail delivered or given up: its text holds names and addresses, and the mail itself is in the buyer's mailbox. */
  finishedMailMs: 90 * 24 * 60 * 60 * 1000,
  /** Sign-in counters whose window is long over. */
  signInCountersMs: 24 * 60 * 60 * 1000,
  /**
   * Orders: ten years from the end of the year they were placed in (§ 147 Abs. 1, 3 and 4 AO, § 14b UStG, D162),
   * so the orders of 2016 go in 2027. Since 2025 invoices as booking vouchers need only eight (BEG IV); ten keeps the
   * books' longer period, and an operator whose tax adviser agrees may lower it here.
   */
  orderYears: 10,
} as const;

export interface SweepSummary {
  sessions: number;
  signInCounters: number;
  links: number;
  mails: number;
  orders: number;
}

/** The first moment whose orders are still kept: 1 January, `orderYears` years before this year. */
export function ordersKeptFrom(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - RETENTION.orderYears, 0, 1));
}

/** Deletes what the shop no longer keeps (RETENTION), in one transaction per kind; returns how many rows went. */
export async function sweepExpiredData(db: Db, now = new Date()): Promise<SweepSummary> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const deletedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const counters = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.windowStartedAt, before(SIGN_IN_WINDOW_MS + RETENTION.signInCountersMs)))
    .returning({ key: signInAttempts.key });
  const links = await db.delete(emailLinks).where(lt(emailLinks.expiresAt, before(RETENTION.expiredLinksMs))).returning({ id: emailLinks.id });
  const claims = await db.delete(orderClaims).where(lt(orderClaims.expiresAt, before(RETENTION.expiredLinksMs))).returning({ id: orderClaims.id });
  const mails = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["sent", "failed"]), lt(mailOutbox.createdAt, before(RETENTION.finishedMailMs))))
    .returning({ id: mailOutbox.id });
  return {
    sessions: deletedSessions.length,
    signInCounters: counters.length,
    links: links.length + claims.length,
    mails: mails.length,
    orders: await deleteOrdersPlacedBefore(db, ordersKeptFrom(now)),
  };
}

/**
 * Orders past their retention, with everything that hangs on them, a batch at a time (their mails went long before,
 * with the outbox's 90 days). Rows another server is deleting are skipped, not waited for.
 */
async function deleteOrdersPlacedBefore(db: Db, keptFrom: Date, batchSize = 500): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: orders.id, key: orders.idempotencyKey })
        .from(orders)
        // A credit note issued in a later year is kept for ten years from its own year, and its order with it: the one
        // that cancels the invoice, and a partial refund's (order_refunds).
        .where(
          and(
            lt(orders.createdAt, keptFrom),
            or(isNull(orders.creditNotedAt), lt(orders.creditNotedAt, keptFrom)),
            sql`not exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.createdAt} >= ${keptFrom.toISOString()}::timestamptz)`,
          ),
        )
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      // The history is append-only (migration 0009); this transaction is the one exception (0015).
      await tx.execute(sql`select set_config('deck.retention_sweep', 'on', true)`);
      await tx.delete(orderEvents).where(inArray(orderEvents.orderId, ids));
      await tx.delete(orderPrintFiles).where(inArray(orderPrintFiles.orderId, ids));
      await tx.delete(issuedDocuments).where(inArray(issuedDocuments.orderId, ids));
      await tx.delete(orderRefunds).where(inArray(orderRefunds.orderId, ids));
      await tx.delete(orderClaims).where(inArray(orderClaims.orderId, ids));
      await tx
        .delete(checkoutAttempts)
        .where(inArray(checkoutAttempts.idempotencyKey, rows.map((row) => row.key)));
      await tx.delete(orders).where(inArray(orders.id, ids));
      return rows.length;
    });
    deleted += batch;
    if (batch < batchSize) return deleted;
  }
}

/** Every six hours: nothing here is urgent, and each sweep finds only what aged since the last one. */
export const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Sweeps once now (in the background: the server does not wait for it to listen) and then every `intervalMs`;
 * `stop()` ends the timer and waits for a sweep under way. A failed sweep is logged and tried again next time.
 */
export function startDataRetention(services: Pick<Services, "database">, { intervalMs = SWEEP_INTERVAL_MS } = {}) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        const summary = await sweepExpiredData((await services.database()).db);
        if (Object.values(summary).some((count) => count > 0)) logger.info({ retention: summary }, "expired data deleted");
      } catch (error) {
        logger.error({ err: error }, "data retention sweep failed");
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
