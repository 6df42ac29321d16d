import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/client.server.ts";
import { count, eq } from "drizzle-orm";
import { mailOutbox, type MailOutboxRow } from "#app/db/schema.ts";

/** A mail as a change writes it: what to say, to whom, and the event it tells of (one mail per event). */
export interface MailToSend {
  /** Unique per event, e.g. `order-placed:{orderId}`: writing the same event again adds nothing. */
  eventKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files that go with the mail, written into the outbox with it: they are sent as they were when it was written. */
  attachments?: MailAttachment[];
}

/** A text file attached to a mail (UTF-8), as the outbox stores it. */
export type MailAttachment = MailOutboxRow["attachments"][number];

/** A database or an open transaction: mail is written in the transaction of the change it tells of. */
type Writer = Pick<Db, "insert">;

/**
 * Puts a mail into the outbox; the worker delivers it once the transaction has committed. A mail without a recipient
 * (an anonymised order's address is blank, D162) is not written: nobody would get it. Says whether it has a recipient,
 * so that the change can tell its operator that the buyer was not told.
 */
export async function enqueueMail(writer: Writer, mail: MailToSend): Promise<boolean> {
  if (mail.to.trim() === "") return false;
  await writer
    .insert(mailOutbox)
    .values({
      id: randomUUID(),
      eventKey: mail.eventKey,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments ?? [],
    })
    .onConflictDoNothing({ target: mailOutbox.eventKey });
  return true;
}

/** Mails not sent yet (waiting for their first try or a retry): the outbox backlog that the metrics report. */
export async function countMailBacklog(db: Db): Promise<number> {
  const [row] = await db.select({ count: count() }).from(mailOutbox).where(eq(mailOutbox.status, "pending"));
  return row?.count ?? 0;
}
