import { describe, expect, it } from "vitest";
import type { Database } from "./client.server.ts";
import { waitForDatabase } from "./database.server.ts";

const database = { kind: "postgres" } as Database;

function failingTimes(times: number) {
  let calls = 0;
  return {
    open: async () => {
      calls++;
      if (calls <= times) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      return database;
    },
    calls: () => calls,
  };
}

describe("opening the database at start-up", () => {
  it("waits for PostgreSQL, trying again after 1, 2, 4 … seconds up to the longest wait, and says so", async () => {
    const source = failingTimes(6);
    const slept: number[] = [];
    const log: string[] = [];
    const opened = await waitForDatabase(source.open, {
      retry: true,
      maxDelayMs: 15_000,
      log: (line) => log.push(line),
      sleep: async (ms) => slept.push(ms),
    });
    expect(opened).toBe(database);
    expect(source.calls()).toBe(7);
    expect(slept).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
    expect(log[0]).toBe("[db] the database is not available (connect ECONNREFUSED 127.0.0.1:5432); trying again in 1 s");
  });

  it("does not wait for the embedded database: its failure is reported at once", async () => {
    const source = failingTimes(1);
    await expect(waitForDatabase(source.open, { retry: false, sleep: async () => {} })).rejects.toThrow("ECONNREFUSED");
    expect(source.calls()).toBe(1);
  });
});
