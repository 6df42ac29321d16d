import { RouterContextProvider } from "react-router";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import type { MailTransport, OutgoingMail } from "#app/modules/mail/mail-transport.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { servicesContext } from "#app/request-context.server.ts";
import type { Services } from "#app/services.server.ts";
import { freshPostgresDatabase } from "#scripts/lib/postgres-database.mjs";

/** The shop's address in tests, and the origin test requests come from: our own, so the same-origin rule lets them through. */
export const TEST_ORIGIN = "http://shop.test";

/**
 * A database of its own for one test file: PGlite in memory by default; with DATABASE_URL, a fresh PostgreSQL
 * database created next to the one named there, migrated, and dropped again by `close()`.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ pgliteDir: "memory://" });

  const fresh = await freshPostgresDatabase(url, "deck_test");
  const database = await openDatabase({ databaseUrl: fresh.url });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** One test provider per test file, as the server has one per process: a replayed key gets its first answer. */
const testPayments = createTestPaymentProvider();

/** A mail transport that keeps what it was given, for tests that read the mail. */
export function createCapturingTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: "capture",
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

/**
 * A router context as the root middleware would leave it: the test database, the test payment provider, and any
 * service the test hands in instead (a database that is down, a processor that refuses).
 */
export function contextFor(database: Database, services: Partial<Services> = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  const mail = createCapturingTransport();
  context.set(servicesContext, {
    database: async () => database,
    payments: () => testPayments,
    mail: () => mail,
    siteUrl: () => TEST_ORIGIN,
    ...services,
  });
  return context;
}

/** Which database the integration tests run on, for test names. */
export const databaseKind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
