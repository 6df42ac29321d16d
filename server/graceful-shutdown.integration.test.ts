import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, freshPostgresDatabase, readState } from "#scripts/lib/checkout-faults.mjs";

/**
 * SIGTERM under load (a deployment, an orchestrator scaling down): the requests in flight finish with their answer,
 * new connections are refused, then the database closes and the process exits 0. Nothing is reset half-way and no
 * checkout attempt is left `processing`. On PGlite, and on a fresh PostgreSQL database when DATABASE_URL is set.
 */
const url = process.env.DATABASE_URL;
const kind = url ? "PostgreSQL" : "PGlite";
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

describe(`SIGTERM under load on ${kind}`, () => {
  it("lets the requests in flight finish, refuses new ones, leaves no attempt processing and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "deck-drain-"));
    const database = url ? await freshPostgresDatabase(url, "deck_drain") : null;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [path.resolve("server.mjs")], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: database?.url ?? "", SESSION_SECRET: "drain-secret-".repeat(4) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const deadline = performance.now() + 150_000;
      for (;;) {
        const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
        if (ok) break;
        if (performance.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      expect((await fetch(`${base}/livez`)).status).toBe(200);
      // The signal comes when the first purchase has its answer: the others are in flight then.
      let signalled = false;
      const inFlight = Array.from({ length: 24 }, () =>
        purchase(base).then((outcome) => {
          if (!signalled) child.kill("SIGTERM");
          signalled = true;
          return outcome;
        }),
      );
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

      const state = await readState({ databaseUrl: database?.url, dataDir });
      expect(state.attempts.filter((attempt) => attempt.status === "processing" || attempt.status === "failed")).toEqual([]);
      expect(state.orders).toHaveLength(answered);
      const ordered = new Set(state.orders.map((order) => order.reference));
      const charged = state.charges.filter((charge) => charge.status === "succeeded");
      expect(charged.filter((charge) => !ordered.has(charge.reference))).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
