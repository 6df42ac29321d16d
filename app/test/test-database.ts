import { randomBytes } from "node:crypto";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { openDatabase, type Database } from "~/db/client.server";
import { databaseContext } from "~/request-context.server";

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

/** A router context as the root middleware would leave it, pointing at the test database. */
export function contextFor(database: Database): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, async () => database);
  return context;
}

/** Which database the integration tests run on, for test names. */
export const databaseKind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
