import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox } from "#app/db/schema.ts";

/** The newest mail to `to` in the outbox whose text has a link to `path`, and that link's path and query. */
export async function mailedLink(database: Database, to: string, path: string): Promise<{ path: string; code: string; text: string }> {
  const mails = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, to))).orderBy(desc(mailOutbox.createdAt));
  for (const mail of mails) {
    const link = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}\\?code=[\\w-]+`).exec(mail.textBody)?.[0];
    if (link) {
      const url = new URL(link);
      return { path: `${url.pathname}${url.search}`, code: url.searchParams.get("code")!, text: mail.textBody };
    }
  }
  throw new Error(`no mail to ${to} links to ${path}`);
}
