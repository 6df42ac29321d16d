import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { mailOutbox, type MailOutboxRow } from "#app/db/schema.ts";
import type { MailTransport } from "./mail-transport.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";

const mailLog = logger.child({ component: "mail" });

/** How long a worker may take to send what it claimed before another may take it over. */
export const MAIL_LEASE_MS = 2 * 60 * 1000;
/** Tries before a mail is given up (and logged): about a day and a half of backoff. */
export const MAX_MAIL_ATTEMPTS = 12;

/** The wait before try n+1: one minute, doubling, at most six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

export interface DeliveryOptions {
  /** The sender, e.g. `Deck Studio <orders@example.com>`. */
  from: string;
  now?: Date;
  batch?: number;
  log?: (line: string) => void;
}

/** The Message-ID of an outbox row: the same on every try, so a mail sent twice reads as one. */
export function messageIdOf(row: Pick<MailOutboxRow, "id">, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${row.id}@${domain}>`;
}

/**
 * Sends the mail that is due: claims up to `batch` rows (skipping rows another worker holds), sends each, and
 * marks it sent, or schedules the next try with backoff (given up after MAX_MAIL_ATTEMPTS).
 */
export async function deliverDueMail(db: Db, transport: MailTransport, options: DeliveryOptions) {
  const { from, now = new Date(), batch = 20, log = (line: string) => mailLog.warn(line) } = options;
  const claimed = await claimDueMail(db, now, batch);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await transport.send({
        messageId: messageIdOf(row, from),
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments: row.attachments,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      const message = (error as Error).message.slice(0, 500);
      const givenUp = row.attempts >= MAX_MAIL_ATTEMPTS;
      log(`[mail] ${row.eventKey} to ${row.recipient}: try ${row.attempts} failed (${message})${givenUp ? "; given up" : ""}`);
      await db
        .update(mailOutbox)
        .set({
          status: givenUp ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          leaseUntil: null,
          lastError: message,
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return { claimed: claimed.length, sent, failed };
}

/** One statement: due, unleased rows are leased to this worker and their try counted. */
async function claimDueMail(db: Db, now: Date, batch: number): Promise<MailOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS), attempts: sqlIncrement() })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING keeps no order: sent as written, so "on its way" never arrives after "refunded".
  return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
}

function sqlIncrement() {
  return sql`${mailOutbox.attempts} + 1`;
}
