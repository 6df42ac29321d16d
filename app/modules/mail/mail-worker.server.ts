import type { Services } from "#app/services.server.ts";
import { deliverDueMail } from "./mail-sender.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";

const mailLog = logger.child({ component: "mail" });

/**
 * Delivers the outbox every few seconds in the server process. Every server runs one; the outbox's row locks
 * keep them from sending the same mail. `stop` waits for a round under way, so shutdown loses nothing.
 */
export function startMailWorker(services: Services, options: { from: string; intervalMs?: number }) {
  const { from, intervalMs = 3_000 } = options;
  let round: Promise<void> | null = null;
  let stopped = false;

  async function deliver() {
    try {
      const { db } = await services.database();
      await deliverDueMail(db, services.mail(), { from });
    } catch (error) {
      mailLog.warn({ err: error }, "mail delivery round failed");
    }
  }

  // A round still sending when the next is due is left to finish: rounds never pile up.
  const timer = setInterval(() => {
    if (stopped || round) return;
    round = deliver().finally(() => {
      round = null;
    });
  }, intervalMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
