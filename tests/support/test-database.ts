import { randomBytes } from "node:crypto";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import type { MailTransport, OutgoingMail } from "#app/modules/mail/mail-transport.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { servicesContext } from "#app/request-context.server.ts";
import type { Services } from "#app/services.server.ts";

/**
 * A database of its own for one test file: PGlite in memory by default; with DATABASE_URL, a fresh PostgreSQL
 * database created next to the one named there, migrated, and dropped again by `close()`.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ pgliteDir: "memory://" });

  const name = `deck_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
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
  context.set(servicesContext, { database: async () => database, payments: () => testPayments, mail: () => mail, ...services });
  return context;
}

/** Which database the integration tests run on, for test names. */
export const databaseKind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
