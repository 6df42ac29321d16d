import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";

/**
 * SIGTERM under load (a deployment, an orchestrator scaling down): the requests in flight finish with their answer,
 * new connections are refused, then the database closes and the process exits 0. Nothing is reset half-way and no
 * checkout attempt is left `processing`. On the embedded database (the PostgreSQL pass runs it once, not twice).
 */
const futureYear = String((new Date().getFullYear() + 3) % 100);

function purchase(base: string) {
  return fetch(`${base}/Payment`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({
      grip: "",
      size: "8",
      contact: `drain-${randomUUID().slice(0, 8)}@example.com`,
      name: "Dee Rain",
      address: "Main Street 1",
      addressextend: "",
      postalcode: "10115",
      city: "Berlin",
      country: "DE",
      design: JSON.stringify({ background: "#f4d35e", layers: [] }),
      checkoutId: randomUUID(),
      expectedTotalCents: "6390",
      cardNumber: "4242 4242 4242 4242",
      cardName: "Dee Rain",
      cardMonth: "12",
      cardYear: futureYear,
      cardCvv: "123",
    }),
  }).then(
    async (response) => {
      await response.arrayBuffer();
      return String(response.status);
    },
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );
}

/** A request on a connection of its own (a new visitor), not one kept alive from before: its status or error code. */
function newVisitor(base: string): Promise<string> {
  return new Promise((resolve) => {
    const request = httpRequest(`${base}/GripSize`, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.statusCode)));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end();
  });
}

describe.skipIf(process.env.DATABASE_URL)("SIGTERM under load", () => {
  it("lets the requests in flight finish, refuses new ones, leaves no attempt processing and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "deck-drain-"));
    const port = 4600 + Math.floor(Math.random() * 300);
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [path.resolve("server.mjs")], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
        if (ok) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      expect((await fetch(`${base}/livez`)).status).toBe(200);
      const inFlight = Array.from({ length: 24 }, () => purchase(base));
      await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill("SIGTERM");
      const outcomes = await Promise.all(inFlight);
      // A new visitor after the signal: refused, never half-answered.
      const late = await newVisitor(base);
      expect(await exited, output).toBe(0);

      // Each request has an answer: placed (302), or turned away whole (503, or no connection) if it reached the
      // server after the signal. None is reset half-way.
      const answered = outcomes.filter((outcome) => outcome === "302").length;
      const cutOff = outcomes.filter((outcome) => !["302", "503", "ECONNREFUSED"].includes(outcome));
      expect(cutOff, `requests cut off by the shutdown\n${output}`).toEqual([]);
      expect(answered).toBeGreaterThan(0);
      expect(["503", "ECONNREFUSED"], `late: ${late}; outcomes: ${outcomes.join(",")}\n${output}`).toContain(late);

      const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
      try {
        const processing = await database.db.execute(sql`select count(*)::int as n from checkout_attempts where status = 'processing'`);
        const placed = await database.db.execute(sql`select count(*)::int as n from orders`);
        expect(processing.rows[0]).toEqual({ n: 0 });
        expect(placed.rows[0]).toEqual({ n: answered });
      } finally {
        await database.close();
      }
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
