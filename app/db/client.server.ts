import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";
import { projectPath } from "#app/project-root.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";

/**
 * Both drivers give the same pg-core query builder. We type the handle as the node-postgres flavour so that
 * callers write one kind of code; the PGlite instance is structurally the same API.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded database itself (PGlite only): its dump and its backup need more than SQL. */
  pglite?: PGlite;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** Connections for the metrics: PostgreSQL's pool; the embedded database is one connection, never waited for. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's directory, or "memory://" for a throwaway in-memory database. */
  pgliteDir?: string;
  /** PostgreSQL: statements running longer are cancelled (a locked table must not hang every request). */
  statementTimeoutMs?: number;
  migrationsFolder?: string;
  /** PGlite: fill a new directory (or memory) from a backup made by `dumpDataDir` instead of an empty one. */
  loadDataDir?: Blob;
}

const defaultMigrationsFolder = projectPath("drizzle");

/** Opens the database and applies pending migrations before anything else can use it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      statement_timeout: options.statementTimeoutMs,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
    // A connection lost while its client is checked out (a transaction between two statements) is reported on the
    // client, where no one listens: it would end the process. Its queries fail anyway and the pool drops it.
    pool.on("connect", (client) => client.on("error", (error) => logger.warn({ err: error }, "database connection lost")));
    const db = drizzleNodePg(pool, { schema });
    try {
      await migrateUnderLock(pool, migrationsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: "postgres", ping: (timeoutMs) => ping(db, timeoutMs), close: () => pool.end(), poolStats };
  }

  const dir = options.pgliteDir ?? "memory://";
  const release = dir.startsWith("memory://") ? () => {} : claimPgliteDir(dir);
  try {
    if (options.loadDataDir && existsSync(path.join(dir, "PG_VERSION"))) {
      throw new Error(`${dir} holds a database already: a backup is restored into a new directory only`);
    }
    if (!dir.startsWith("memory://") && !options.loadDataDir) await initPgliteDirElsewhere(dir);
    const client = await PGlite.create(dir, { ...PGLITE_OPTIONS, loadDataDir: options.loadDataDir });
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    const db = pgliteDb as unknown as Db;
    const close = () => client.close().finally(release);
    return { db, kind: "pglite", pglite: client, ping: (timeoutMs) => ping(db, timeoutMs), close, poolStats: () => ({ total: 1, idle: 0, waiting: 0 }) };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite's settings. Its default shared_buffers is 160 MB of the WebAssembly heap, all of it resident once touched:
 * an idle shop sat at ~360 MB. With 16 MB it idles at 250–275 MB after serving pages and an order; the pages it no longer holds are read back
 * from the operating system's file cache (D112, `npm run bench:memory`).
 */
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

/**
 * A new directory is made (initdb) in a short-lived child process: PGlite's initdb loads a second WebAssembly module
 * and its file bundle, ~500 MB that a process keeps for its whole life once loaded (a first start used to idle at
 * ~830 MB, a second at ~360 MB). The child writes the files and exits; this process only ever opens them.
 */
async function initPgliteDirElsewhere(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script =
    `const { PGlite } = require(${JSON.stringify(pgliteEntry)});` +
    `PGlite.create(process.argv[1], JSON.parse(process.argv[2])).then((db) => db.close());`;
  await promisify(execFile)(process.execPath, ["-e", script, dir, JSON.stringify(PGLITE_OPTIONS)], {
    timeout: 120_000,
  });
}

/**
 * PGlite's files may be open in one process only: a second one (a command run beside the running shop, a second
 * server) would corrupt them. A lock file beside the directory names the process that has them open; a lock
 * whose process is gone is taken over. Returns the release.
 */
function claimPgliteDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = `${dir}.lock`;
  const holder = Number.parseInt(readFileSafe(lockFile) ?? "", 10);
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dir} is open in another process (pid ${holder}), probably the running shop. ` +
        "PGlite allows one process at a time: stop the shop first, or run on PostgreSQL (DATABASE_URL). " +
        `If no such process is the shop, delete ${lockFile}.`,
    );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    if (readFileSafe(lockFile) === String(process.pid)) rmSync(lockFile, { force: true });
  };
}

function readFileSafe(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Any number that is ours alone among the advisory locks taken on the database. */
const MIGRATION_LOCK_KEY = 7_317_001;

/**
 * Servers starting at the same moment on one PostgreSQL database take turns: each migrates under a session-level
 * advisory lock, so the second finds the first's migrations applied instead of failing on a half-made table.
 */
async function migrateUnderLock(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration (an index on many orders) may take longer than a request's statement is allowed to.
    await client.query("set statement_timeout = 0");
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [MIGRATION_LOCK_KEY]);
    if (!rows[0]?.locked) {
      // Said, so that a start that seems stuck shows what it waits for.
      logger.info("another server is migrating the database: waiting for it to finish");
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    }
    try {
      const started = performance.now();
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      logger.info({ ms: Math.round(performance.now() - started) }, "database migrations checked and applied");
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    // Back to the pool's own timeout for the requests this connection serves next.
    await client.query("reset statement_timeout").catch(() => undefined);
    client.release();
  }
}

async function ping(db: Db, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
