import path from "node:path";
import { getConfig } from "#app/config.server.ts";
import { openDatabase, type Database } from "./client.server.ts";

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
