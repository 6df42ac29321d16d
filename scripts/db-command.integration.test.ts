import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { freshPostgresDatabase } from "#scripts/lib/postgres-database.mjs";

/**
 * The embedded database's commands as an operator runs them (against the production build): a shop on PGlite with an
 * account, orders (their print files and history), mail in the outbox and sessions; `npm run db:backup` while that
 * shop serves requests, the backup restored into a new DATA_DIR on which the shop starts and the old order opens; and
 * (with DATABASE_URL) `npm run db:move` into a fresh PostgreSQL database, on which the production server starts, the
 * buyer signs in, opens the old order and places a new one.
 */
const SESSION_SECRET = randomBytes(32).toString("hex");
const futureYear = String((new Date().getFullYear() + 3) % 100);
const email = `mover-${randomUUID().slice(0, 8)}@example.com`;
const password = "a long passphrase to move";
const run = promisify(execFile);

interface Shop {
  base: string;
  process: ChildProcess;
  output: () => string;
}

const cleanup: string[] = [];
function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startShop(env: Record<string, string>): Promise<Shop> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve("server.mjs")], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SESSION_SECRET, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const shop = { base: `http://127.0.0.1:${port}`, process: child, output: () => output };
  const deadline = performance.now() + 150_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${shop.base}/healthz`)).ok) return shop;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

async function stopShop(shop: Shop | undefined) {
  if (!shop || shop.process.exitCode !== null) return;
  const exited = new Promise((resolve) => shop.process.once("exit", resolve));
  shop.process.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

/** `npm run db:<name> -- …args` on a DATA_DIR; resolves to its output, rejects with it. */
async function dbCommand(name: string, args: string[], env: Record<string, string>) {
  const { stdout } = await run(process.execPath, [path.resolve("scripts/db-command.mjs"), name, ...args], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    timeout: 240_000,
  });
  return stdout;
}

/** A buyer with a cookie jar. */
function buyer(shop: Shop) {
  let cookie: string | null = null;
  const keep = (response: Response) => {
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
    return response;
  };
  return {
    async post(pathname: string, fields: Record<string, string>) {
      const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.base, ...(cookie ? { Cookie: cookie } : {}) };
      return keep(await fetch(`${shop.base}${pathname}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) }));
    },
    async get(pathname: string) {
      return keep(await fetch(`${shop.base}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }));
    },
    async signIn() {
      const response = await this.post("/Login", { intent: "signin", email, password });
      expect(response.status).toBe(302);
    },
    /** Places an order; resolves to its page's path and its number. */
    async purchase() {
      const paid = await this.post("/Payment", {
        grip: "on",
        size: "8.5",
        contact: email,
        name: "Mo Ver",
        address: "Main Street 1",
        addressextend: "",
        postalcode: "10115",
        city: "Berlin",
        country: "DE",
        design: JSON.stringify({ background: "#f4d35e", layers: [] }),
        checkoutId: randomUUID(),
        expectedTotalCents: "7590",
        cardNumber: "4242 4242 4242 4242",
        cardName: "Mo Ver",
        cardMonth: "12",
        cardYear: futureYear,
        cardCvv: "123",
      });
      expect(paid.status).toBe(302);
      const orderPath = paid.headers.get("location")!.replace(/\?.*$/, "");
      const page = await this.get(orderPath);
      expect(page.status).toBe(200);
      const number = /DS-[0-9A-Z]{6,}/.exec(await page.text())![0];
      return { orderPath, number };
    },
  };
}

/** Signs in on a shop and opens an order placed before: its page answers 200 and names its number. */
async function opensOldOrder(shop: Shop, order: { orderPath: string; number: string }) {
  const returning = buyer(shop);
  await returning.signIn();
  const account = await returning.get("/account");
  expect(account.status).toBe(200);
  expect(await account.text()).toContain(order.number);
  const page = await returning.get(order.orderPath);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(order.number);
  return returning;
}

describe("the embedded database's commands on a shop that has been selling", () => {
  let dataDir: string;
  let shop: Shop | undefined;
  let firstOrder: { orderPath: string; number: string };

  beforeAll(async () => {
    dataDir = tempDir("deck-move-");
    // The buyer's account, made as the sign-up's confirmation makes it.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    await createAccount(database.db, email, password);
    await database.close();
    shop = await startShop({ DATA_DIR: dataDir });
    const customer = buyer(shop);
    await customer.signIn();
    firstOrder = await customer.purchase();
  }, 240_000);

  afterAll(async () => {
    await stopShop(shop);
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("backs up the running shop while it serves requests, and the backup restored starts a shop with the data", async () => {
    const customer = buyer(shop!);
    await customer.signIn();
    const backupFile = path.join(tempDir("deck-backup-"), "shop.tar.gz");
    // Requests keep arriving while the backup is made: they wait for it and then answer.
    const traffic = (async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await customer.get("/account")).status);
      return statuses;
    })();
    const [output, secondOrder, statuses] = await Promise.all([
      dbCommand("backup", ["--out", backupFile], { DATA_DIR: dataDir, DATABASE_URL: "" }),
      customer.purchase(),
      traffic,
    ]);
    expect(output).toMatch(/Backup written to .*shop\.tar\.gz .*by the running shop/);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(secondOrder.number).not.toBe(firstOrder.number);
    expect(existsSync(backupFile)).toBe(true);

    const restoredDir = tempDir("deck-restored-");
    expect(await dbCommand("restore", ["--from", backupFile], { DATA_DIR: restoredDir })).toMatch(/Restored into .* \(\d+ orders\)/);
    // A directory that holds a database is never overwritten.
    await expect(dbCommand("restore", ["--from", backupFile], { DATA_DIR: restoredDir })).rejects.toThrow(/holds a database already/);
    // The backup also makes the dump for PostgreSQL, with the shop still running.
    const sqlFile = path.join(path.dirname(backupFile), "shop.sql");
    await dbCommand("export", ["--from-backup", backupFile, "--out", sqlFile], { DATA_DIR: dataDir });
    const dump = readFileSync(sqlFile, "utf8");
    expect(dump).toMatch(/^-- deck-studio-checksums: .*"public\.orders":\{"rows":[12],/m);
    expect(dump).toContain(firstOrder.number);

    const restored = await startShop({ DATA_DIR: restoredDir });
    try {
      await opensOldOrder(restored, firstOrder);
    } finally {
      await stopShop(restored);
    }
  }, 400_000);

  it.runIf(process.env.DATABASE_URL)(
    "moves to an empty PostgreSQL database, verified, where the buyer signs in, opens the old order and buys again",
    async () => {
      await stopShop(shop);
      const target = await freshPostgresDatabase(process.env.DATABASE_URL!, "deck_move");
      let moved: Shop | undefined;
      try {
        const output = await dbCommand("move", ["--to", target.url], { DATA_DIR: dataDir, DATABASE_URL: "" });
        expect(output).toContain("Moved and verified");
        expect(output).toMatch(/public\.orders\s+2 rows/);
        expect(output).toMatch(/public\.order_print_files\s+2 rows/);
        expect(output).toMatch(/public\.mail_outbox\s+[1-9]\d* rows/);
        // A second import into the now full database is refused.
        await expect(dbCommand("move", ["--to", target.url], { DATA_DIR: dataDir })).rejects.toThrow(/not empty/);

        moved = await startShop({ DATABASE_URL: target.url, DATA_DIR: tempDir("deck-on-pg-") });
        const returning = await opensOldOrder(moved, firstOrder);
        const third = await returning.purchase();
        expect(third.number).not.toBe(firstOrder.number);
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        const { rows } = await client.query("select count(*)::int as orders from orders").finally(() => client.end());
        expect(rows[0].orders).toBe(3);
      } finally {
        await stopShop(moved);
        await target.drop();
      }
    },
    400_000,
  );
});
