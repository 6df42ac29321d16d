import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "#app/config.server.ts";
import { backupIntoDataDir, backupsDir, requestBackupFromServer, type BackupResult } from "./backup.server.ts";
import { openDatabase, type Database } from "./client.server.ts";
import { dumpPglite, importDump, type Checksums } from "./move.server.ts";

/**
 * The operator's database commands (npm run db:*), run by scripts/db-*.mjs through the built server's `commands`:
 * they find the embedded database where the shop does (DATA_DIR/pglite) and hold its lock while they use it.
 */

function pgliteDir(): string {
  return path.join(getConfig().dataDir, "pglite");
}

async function withEmbeddedDatabase<T>(use: (database: Database) => Promise<T>, loadDataDir?: Blob): Promise<T> {
  const database = await openDatabase({ pgliteDir: loadDataDir ? "memory://" : pgliteDir(), loadDataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

function readBackup(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

/** `npm run db:export`: the embedded database (or a backup of it) as one SQL file with its checksums. */
export async function exportDatabase({ out, fromBackup }: { out: string; fromBackup?: string }) {
  const dump = await withEmbeddedDatabase(
    (database) => dumpPglite(database.pglite!),
    fromBackup ? readBackup(fromBackup) : undefined,
  );
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, dump);
  return { file: path.resolve(out), bytes: Buffer.byteLength(dump) };
}

/** `npm run db:import`: a dump made by db:export into an empty PostgreSQL database, verified before it commits. */
export async function importDatabase({ from, databaseUrl }: { from: string; databaseUrl: string }): Promise<Checksums> {
  return importDump(databaseUrl, readFileSync(from, "utf8"));
}

/**
 * `npm run db:move`: export and import in one go (the shop stopped). The dump is kept in DATA_DIR/backups as a
 * record of what was moved.
 */
export async function moveDatabase({ databaseUrl }: { databaseUrl: string }) {
  const dump = await withEmbeddedDatabase((database) => dumpPglite(database.pglite!));
  const file = path.join(backupsDir(getConfig().dataDir), `moved-${new Date().toISOString().replaceAll(":", "-")}.sql`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, dump);
  const checksums = await importDump(databaseUrl, dump);
  return { dumpFile: file, checksums };
}

/**
 * `npm run db:backup`: asks the running shop for a consistent backup; when no shop runs on DATA_DIR, opens the
 * directory itself. The backup lands in DATA_DIR/backups, and is copied to `out` when one is named.
 */
export async function backupDatabase({ out }: { out?: string }): Promise<BackupResult & { fromRunningShop: boolean }> {
  const dataDir = getConfig().dataDir;
  if (getConfig().DATABASE_URL) throw new Error("DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump)");
  let result = await requestBackupFromServer(dataDir);
  const fromRunningShop = result !== null;
  if (!result) {
    if (!existsSync(path.join(pgliteDir(), "PG_VERSION"))) throw new Error(`there is no embedded database in ${pgliteDir()}`);
    result = await withEmbeddedDatabase((database) => backupIntoDataDir(database.pglite!, dataDir));
  }
  if (out) {
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    copyFileSync(result.file, out);
    result = { ...result, file: path.resolve(out) };
  }
  return { ...result, fromRunningShop };
}

/** `npm run db:restore`: a backup into DATA_DIR/pglite, which must not hold a database yet. */
export async function restoreDatabase({ from }: { from: string }) {
  const dir = pgliteDir();
  if (existsSync(path.join(dir, "PG_VERSION"))) {
    throw new Error(`${dir} holds a database already: restore into a new DATA_DIR (or move this one away first)`);
  }
  const database = await openDatabase({ pgliteDir: dir, loadDataDir: readBackup(from) });
  try {
    const { rows } = await database.pglite!.query<{ orders: number }>("select count(*)::int as orders from orders");
    return { dir, orders: rows[0]!.orders };
  } finally {
    await database.close();
  }
}
