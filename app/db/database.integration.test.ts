import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "./schema.ts";
import { createSession, destroySession, readSession, sessionCookie } from "#app/modules/session/session.server.ts";
import { freshPostgresDatabase } from "#scripts/lib/postgres-database.mjs";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { openDatabase, type Database } from "./client.server.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function requestWithCookie(cookie: string | null) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return new Request("http://shop.test/", { headers });
}

function cookiePair(setCookie: string) {
  return setCookie.split(";")[0]!;
}

describe(`database on ${databaseKind}`, () => {
  it("applies the migrations at open", async () => {
    const result = await database.db.execute(
      sql`select count(*)::int as count from information_schema.tables where table_name = 'sessions'`,
    );
    expect(result.rows[0]).toEqual({ count: 1 });
  });

  it("answers a ping", async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });

});

describe(`sessions on ${databaseKind}`, () => {
  it("creates a session, sets a signed HttpOnly SameSite=Lax cookie, and reads it back", async () => {
    const { session, setCookie } = await createSession(database.db, { userId: "user-1" });
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toContain(`__session=${session.id};`); // the value is signed, not the bare id
    const read = await readSession(database.db, requestWithCookie(cookiePair(setCookie)));
    expect(read).toMatchObject({ id: session.id, userId: "user-1" });
  });

  it("ignores a missing, forged or unknown cookie", async () => {
    expect(await readSession(database.db, requestWithCookie(null))).toBeNull();
    expect(await readSession(database.db, requestWithCookie("__session=forged-value"))).toBeNull();
    const unknown = await sessionCookie().serialize("no-such-session");
    expect(await readSession(database.db, requestWithCookie(cookiePair(unknown)))).toBeNull();
  });

  it("ignores an expired session", async () => {
    const { session, setCookie } = await createSession(database.db, { userId: null });
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${sessions.id} = ${session.id}`);
    expect(await readSession(database.db, requestWithCookie(cookiePair(setCookie)))).toBeNull();
  });

  it("destroys a session and clears the cookie", async () => {
    const { session, setCookie } = await createSession(database.db, { userId: "user-2" });
    const cleared = await destroySession(database.db, session.id);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await readSession(database.db, requestWithCookie(cookiePair(setCookie)))).toBeNull();
  });
});

describe("the embedded database in a data directory", () => {
  it("keeps its data across a restart and applies each migration once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "deck-pglite-"));
    try {
      const first = await openDatabase({ pgliteDir: dir });
      await createSession(first.db, { userId: "kept" });
      await first.close();
      const second = await openDatabase({ pgliteDir: dir });
      const rows = await second.db.select().from(sessions);
      const applied = await second.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      await second.close();
      expect(rows.map((row) => row.userId)).toEqual(["kept"]);
      expect(applied.rows[0]).toEqual({ count: readdirSync("drizzle").filter((f) => f.endsWith(".sql")).length });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // two cold starts of an on-disk PGlite: a few seconds each, far more on a loaded machine
});

describe("the embedded database is open in one process at a time", () => {
  it("refuses a directory that a live process holds, and takes over one whose process is gone", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "deck-pglite-"));
    try {
      // The parent process (the test runner's) is alive: as if the shop were running on this directory.
      writeFileSync(`${dir}.lock`, String(process.ppid));
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/open in another process \(pid \d+\).*stop the shop first/);
      writeFileSync(`${dir}.lock`, "2147483646"); // no such process
      const database = await openDatabase({ pgliteDir: dir });
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.lock`, { force: true });
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)("servers starting at the same moment on one fresh PostgreSQL database", () => {
  it("all open it, and each migration is applied once", async () => {
    const fresh = await freshPostgresDatabase(process.env.DATABASE_URL!, "deck_race");
    try {
      const opened = await Promise.allSettled([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: fresh.url })));
      const databases = opened.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      try {
        expect(opened.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
        const applied = await databases[0]!.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
        expect(applied.rows[0]).toEqual({ count: readdirSync("drizzle").filter((f) => f.endsWith(".sql")).length });
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});

describe.runIf(process.env.DATABASE_URL)("statements on PostgreSQL", () => {
  it("are cancelled after the statement timeout instead of waiting for a lock", async () => {
    const timed = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, statementTimeoutMs: 300 });
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      // Another session holds the sessions table, as a long migration or a stuck transaction would.
      await holder.query("begin");
      await holder.query("lock table sessions in access exclusive mode");
      const started = Date.now();
      await expect(timed.db.execute(sql`select count(*) from sessions`)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await holder.query("rollback").catch(() => undefined);
      await holder.end();
      await timed.close();
    }
  }, 30_000);
});

describe("a database that stops answering", () => {
  it("fails its ping instead of hanging", async () => {
    const doomed = await openTestDatabase();
    await doomed.close();
    await expect(doomed.ping(500)).rejects.toThrow();
  });
});
