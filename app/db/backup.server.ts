import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "./client.server.ts";

/**
 * Backups of the embedded database while the shop runs (D111). PGlite's files belong to one process (D96), so the
 * running server makes the backup itself: it listens on a Unix socket in DATA_DIR (`backup.sock`, only for the
 * user the shop runs as), and `npm run db:backup` asks there. The backup is PGlite's own copy of its directory
 * (`dumpDataDir`), taken after a CHECKPOINT while no transaction is open and no query runs, so it is consistent:
 * the requests arriving meanwhile wait (a few seconds for a small shop) and then go on. It is a .tar.gz that
 * `npm run db:restore` turns into a new DATA_DIR, and that `npm run db:export -- --from-backup` can dump for
 * PostgreSQL.
 */

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, "backups");
}

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "backup.sock");
}

function timestampedName(): string {
  return `deck-${new Date().toISOString().replaceAll(":", "-").replace(/\.\d+Z$/, "Z")}.tar.gz`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/** Writes a consistent copy of an open PGlite database to `file` (through a temporary name, so never half a file). */
export async function backupPglite(client: PGlite, file: string): Promise<BackupResult> {
  const started = performance.now();
  mkdirSync(path.dirname(file), { recursive: true });
  // The transaction lock keeps every other transaction out; the checkpoint puts what the WAL holds into the files.
  const blob = await client.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    return client.dumpDataDir("gzip");
  });
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
}

/** A backup into DATA_DIR/backups with the time in its name. */
export function backupIntoDataDir(client: PGlite, dataDir: string): Promise<BackupResult> {
  return backupPglite(client, path.join(backupsDir(dataDir), timestampedName()));
}

/**
 * The running server's side: answers each connection's one line ("backup") with one line of JSON, the backup's
 * file or the error. Returns the stop (closes the socket and removes its file).
 */
export function serveBackupRequests(
  dataDir: string,
  database: () => Promise<Database>,
  log: (line: string) => void = console.log,
): () => Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  // A socket file left by a process that died: this process holds DATA_DIR now (the PGlite lock), so it is stale.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    let request = "";
    socket.on("data", async (chunk) => {
      request += chunk;
      if (!request.includes("\n")) return;
      if (request.trim() !== "backup") return void socket.end(`${JSON.stringify({ ok: false, error: "unknown request" })}\n`);
      try {
        const { pglite } = await database();
        if (!pglite) throw new Error("this server runs on PostgreSQL: back it up with PostgreSQL's own tools (pg_dump)");
        const result = await backupIntoDataDir(pglite, dataDir);
        log(`[db] backup written to ${result.file} (${result.bytes} bytes, ${result.ms} ms)`);
        socket.end(`${JSON.stringify({ ok: true, ...result })}\n`);
      } catch (error) {
        log(`[db] backup failed: ${(error as Error).message}`);
        socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
      }
    });
    socket.on("error", () => undefined);
  });
  server.on("error", (error) => log(`[db] backups on request are off: ${error.message}`));
  server.listen(socketPath, () => {
    try {
      // Only the shop's own user may ask (the socket's directory may be readable by others).
      chmodSync(socketPath, 0o600);
    } catch {
      // not fatal
    }
  });
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/**
 * The command's side: asks the server running on DATA_DIR for a backup. Resolves to null when no server listens
 * there (then the command opens the directory itself).
 */
export function requestBackupFromServer(dataDir: string, timeoutMs = 300_000): Promise<BackupResult | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(backupSocketPath(dataDir));
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the running shop did not answer the backup request within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write("backup\n"));
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => {
      clearTimeout(timer);
      try {
        const parsed = JSON.parse(answer) as { ok: boolean; error?: string } & BackupResult;
        if (!parsed.ok) reject(new Error(parsed.error));
        else resolve({ file: parsed.file, bytes: parsed.bytes, ms: parsed.ms });
      } catch {
        reject(new Error(`the running shop gave no answer to the backup request (${answer || "nothing"})`));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}
