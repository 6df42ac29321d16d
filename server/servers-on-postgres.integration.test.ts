import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, freshPostgresDatabase } from "#scripts/lib/postgres-database.mjs";
import { freePort } from "#scripts/lib/production-server.mjs";

/**
 * A shop that outgrew one server: two production servers started at the same moment on one fresh PostgreSQL
 * database (each migrates under the advisory lock), and one buyer whose every request goes to the other server
 * than the one before: sign-up and its mailed link, sign-in, each checkout step, the purchase, the order page and
 * the history. Nothing may live in one process's memory for this to work. Runs when DATABASE_URL is set (CI's
 * PostgreSQL pass), against the production build.
 */
const url = process.env.DATABASE_URL;
const SESSION_SECRET = randomBytes(32).toString("hex");
const futureYear = String((new Date().getFullYear() + 3) % 100);

interface Server {
  base: string;
  process: ChildProcess;
  dataDir: string;
  output: string;
}

let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
let databaseUrl: string;
let servers: Server[] = [];

function startServer(port: number): Server {
  const dataDir = mkdtempSync(path.join(tmpdir(), "deck-two-"));
  const child = spawn(process.execPath, [path.resolve("server.mjs")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: databaseUrl, SESSION_SECRET },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server: Server = { base: `http://127.0.0.1:${port}`, process: child, dataDir, output: "" };
  child.stdout?.on("data", (chunk) => (server.output += chunk));
  child.stderr?.on("data", (chunk) => (server.output += chunk));
  return server;
}

/**
 * Polls /healthz until it answers 200. The deadline is on the monotonic clock (a wall-clock step on a fresh machine
 * must not end the wait early); a timeout names what the last poll got, and every server's output.
 */
async function waitForHealthy(server: Server, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  let lastPoll = "no poll yet";
  while (performance.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited (${server.process.exitCode}):\n${server.output}`);
    try {
      const response = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
      lastPoll = `${response.status} ${await response.text()}`;
    } catch (error) {
      lastPoll = `${(error as Error).message} (${String((error as Error).cause ?? "")})`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const outputs = servers.map((each) => `--- ${each.base}:\n${each.output}`).join("\n");
  throw new Error(`${server.base} did not become healthy within ${timeoutMs / 1000} s; last poll: ${lastPoll}\n${outputs}`);
}

/** One buyer: a cookie jar, and requests that take turns between the servers. */
function buyer() {
  let cookie: string | null = null;
  let turn = 0;
  const next = () => servers[turn++ % servers.length]!;
  const keepCookie = (response: Response) => {
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
  };
  return {
    servedBy: [] as string[],
    async post(pathname: string, fields: Record<string, string>) {
      const server = next();
      this.servedBy.push(server.base);
      const response = await fetch(`${server.base}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(fields),
      });
      keepCookie(response);
      return response;
    },
    async get(pathname: string) {
      const server = next();
      this.servedBy.push(server.base);
      const response = await fetch(`${server.base}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      keepCookie(response);
      return response;
    },
  };
}

/** The newest mail in the shared outbox for `to` holding `needle` (whichever server's worker sends it). */
async function outboxText(to: string, needle: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ text_body: string }>(
        "select text_body from mail_outbox where recipient = $1 and text_body like $2 order by created_at desc limit 1",
        [to, `%${needle}%`],
      );
      if (rows[0]) return rows[0].text_body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
  throw new Error(`no mail to ${to} with ${needle}`);
}

describe.runIf(url)("two production servers on one PostgreSQL database", () => {
  beforeAll(async () => {
    database = await freshPostgresDatabase(url!, "deck_two");
    databaseUrl = database.url;
    const ports = [await freePort()];
    while (ports.length < 2) ports.push(...[await freePort()].filter((port) => !ports.includes(port)));
    // Started at the same moment on an empty database: both migrate, in turn.
    servers = ports.map((port) => startServer(port));
    await Promise.all(servers.map((server) => waitForHealthy(server, 100_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.process.exitCode !== null) return resolve();
            server.process.once("exit", () => resolve());
            server.process.kill("SIGTERM");
            setTimeout(() => {
              server.process.kill("SIGKILL");
              resolve();
            }, 10_000);
          }),
      ),
    );
    for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
    await database?.drop();
  }, 30_000);

  it("both start on the fresh database, having applied each migration once", async () => {
    for (const server of servers) expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
    await client.end();
    const { readdirSync } = await import("node:fs");
    expect(rows[0]!.count).toBe(readdirSync("drizzle").filter((file) => file.endsWith(".sql")).length);
  });

  it("serve one buyer's sign-up, sign-in, checkout, purchase and order page, alternately", async () => {
    const shopper = buyer();
    const email = `two-servers-${randomUUID().slice(0, 8)}@example.com`;
    const password = "a long passphrase";

    // Sign-up on one server; the link (from the shared outbox) is opened and confirmed on the other.
    expect((await shopper.post("/Login", { intent: "signup", email, password })).status).toBe(200);
    const link = /https?:\/\/\S+(\/account\/confirm\?code=[\w-]+)/.exec(await outboxText(email, "/account/confirm"))![1]!;
    expect((await shopper.get(link)).status).toBe(200);
    expect((await shopper.post(link, {})).status).toBe(302);

    // Sign-in (a new session), then each step, each on the server the previous request did not use.
    const signIn = await shopper.post("/Login", { intent: "signin", email, password });
    expect(signIn.status).toBe(302);
    expect((await shopper.get("/account")).status).toBe(200);
    expect((await shopper.post("/GripSize", { grip: "on", size: "8.5" })).status).toBe(302);
    const address = { contact: email, name: "Ada Lovelace", address: "Main Street 1", addressextend: "", postalcode: "10115", city: "Berlin", country: "DE" };
    expect((await shopper.post("/Shipping", address)).status).toBe(302);
    const paid = await shopper.post("/Payment", {
      grip: "on",
      size: "8.5",
      ...address,
      design: JSON.stringify({ background: "#f4d35e", layers: [] }),
      checkoutId: randomUUID(),
      expectedTotalCents: "7590",
      cardNumber: "4242 4242 4242 4242",
      cardName: "Ada Lovelace",
      cardMonth: "12",
      cardYear: futureYear,
      cardCvv: "123",
    });
    expect(paid.status).toBe(302);
    const orderPath = paid.headers.get("location")!;
    expect(orderPath).toMatch(/^\/orders\/[0-9a-f-]{36}\?placed=1$/);

    const orderPage = await shopper.get(orderPath);
    expect(orderPage.status).toBe(200);
    const number = /DS-[0-9A-Z]{8}/.exec(await orderPage.text())?.[0];
    expect(number).toBeDefined();
    const history = await shopper.get("/account");
    expect(await history.text()).toContain(number);

    // Every request went to the other server than the one before.
    expect(new Set(shopper.servedBy).size).toBe(2);
    expect(shopper.servedBy.every((base, i) => i === 0 || base !== shopper.servedBy[i - 1])).toBe(true);
  }, 60_000);
});

describe.runIf(url)("a server started while its PostgreSQL database is not there", () => {
  it("waits and comes up once the database does, instead of exiting", async () => {
    const name = `deck_late_${randomBytes(6).toString("hex")}`;
    const late = new URL(url!);
    late.pathname = `/${name}`;
    databaseUrl = late.toString();
    const server = startServer(await freePort());
    servers = [server];
    try {
      // The database does not exist yet: the server tries, logs and waits.
      const deadline = performance.now() + 10_000;
      while (!server.output.includes("trying again") && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(server.output).toContain("[db] the database is not available");
      expect(server.process.exitCode).toBeNull();

      await adminQuery(url!, `CREATE DATABASE ${name}`);
      await waitForHealthy(server, 30_000);
      expect((await fetch(`${server.base}/GripSize`)).status).toBe(200);
    } finally {
      server.process.kill("SIGTERM");
      await new Promise((resolve) => server.process.once("exit", resolve));
      rmSync(server.dataDir, { recursive: true, force: true });
      await adminQuery(url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 60_000);
});
