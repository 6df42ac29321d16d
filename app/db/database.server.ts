import path from "node:path";
import { getConfig } from "#app/config.server.ts";
import { openDatabase, type Database } from "./client.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";

let opening: Promise<Database> | undefined;

/**
 * The process-wide database, opened (and migrated) once. PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite in DATA_DIR. A failed open is forgotten so that the next call retries.
 */
export function getDatabase(): Promise<Database> {
  if (!opening) {
    const config = getConfig();
    opening = openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.dataDir, "pglite"),
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    opening.catch(() => {
      opening = undefined;
    });
  }
  return opening;
}

export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  if (current) await (await current.catch(() => undefined))?.close();
}

/**
 * Opens the database at start-up, waiting for a PostgreSQL server that is down or still starting: a shop started
 * beside its database (or during the database's restart) comes up once the database does, instead of exiting.
 * Tries again after 1, 2, 4 … seconds (at most `maxDelayMs`), logging each failure. The embedded PGlite is not
 * waited for: its failures (a directory another process holds) do not pass by themselves.
 */
export async function waitForDatabase(
  open: () => Promise<Database>,
  { retry, log = (line: string) => logger.warn(line), maxDelayMs = 15_000, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)) }: {
    retry: boolean;
    log?: (line: string) => void;
    maxDelayMs?: number;
    sleep?: (ms: number) => Promise<unknown>;
  },
): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!retry) throw error;
      const delayMs = Math.min(1000 * 2 ** (attempt - 1), maxDelayMs);
      log(`[db] the database is not available (${(error as Error).message}); trying again in ${delayMs / 1000} s`);
      await sleep(delayMs);
    }
  }
}
