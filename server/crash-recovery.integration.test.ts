import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkoutLoad,
  compare,
  freePort,
  freshPostgresDatabase,
  readState,
  startServer,
  stopServer,
  waitForHealthy,
  waitForNoOpenAttempts,
} from "#scripts/lib/checkout-faults.mjs";

/**
 * Crashes lose nothing. The production server takes a checkout load (40 buyers, 10 of them submitting twice), is
 * killed with SIGKILL in the middle, and is started again on the same data. Then every order whose confirmation
 * (the redirect to the order page) reached its buyer is stored, no key has two orders, every charge the test
 * processor made has its order or was voided, and no attempt is left `processing`: recovery resolved them against
 * the processor's records. On PGlite, and on a fresh PostgreSQL database when DATABASE_URL is set.
 * Needs the production build (`npm run --silent build`).
 */
const url = process.env.DATABASE_URL;
const kind = url ? "PostgreSQL" : "PGlite";
const SESSION_SECRET = randomBytes(32).toString("hex");

describe(`a SIGKILL in the middle of checkouts on ${kind}`, () => {
  it("keeps every confirmed order, duplicates none, leaves no charge without an order and no attempt open", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "deck-crash-"));
    const database = url ? await freshPostgresDatabase(url, "deck_crash") : null;
    const env = {
      DATABASE_URL: database?.url ?? "",
      SESSION_SECRET,
      // PostgreSQL: an attempt `processing` for 3 s is resolved (a checkout here takes well under that); every 0.5 s.
      CHECKOUT_RECOVERY_AFTER_MS: "3000",
      CHECKOUT_RECOVERY_INTERVAL_MS: "500",
    };
    let server = startServer({ port: await freePort(), dataDir, env });
    try {
      await waitForHealthy(server);
      const crashed = server;
      let killed = false;
      const load = await checkoutLoad(server.base, {
        buyers: 40,
        doubles: 10,
        concurrency: 16,
        onResult: (_, results) => {
          // Pull the plug once a third of the buyers has an answer: the rest are in flight or not sent yet.
          if (!killed && results.filter((result) => result.status === 302).length >= 12) {
            killed = true;
            crashed.child.kill("SIGKILL");
          }
        },
      });
      expect(await crashed.exited).toBe("SIGKILL");
      const cutOff = load.results.filter((result) => result.status === 0 && result.error !== "ECONNREFUSED").length;
      expect(cutOff, "the kill came after the load: nothing was cut off").toBeGreaterThan(0);

      server = startServer({ port: await freePort(), dataDir, env });
      await waitForHealthy(server);
      // PGlite: the first recovery round ran before the server listened. PostgreSQL: after the grace period.
      if (database) expect((await waitForNoOpenAttempts(database.url, 30_000)).open).toBe(0);
      expect(await stopServer(server)).toBe(0);

      const outcome = compare(load.results, await readState({ databaseUrl: database?.url, dataDir }));
      const report = JSON.stringify({ ...outcome, cutOff }, null, 1);
      expect(outcome.acknowledged, report).toBeGreaterThan(0);
      expect(outcome.missing, report).toEqual([]);
      expect(outcome.present, report).toBe(outcome.acknowledged);
      expect(outcome.duplicates, report).toBe(0);
      expect(outcome.chargesWithoutOrder, report).toEqual([]);
      expect(outcome.ordersWithVoidedCharge, report).toEqual([]);
      expect(outcome.stuck, `${report}\n${server.output()}`).toEqual([]);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
