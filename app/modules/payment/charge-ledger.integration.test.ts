import { randomUUID } from "node:crypto";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "#scripts/lib/postgres-database.mjs";
import { createFileLedger, createPostgresLedger, type ChargeLedger } from "./charge-ledger.server.ts";
import { createTestProvider, TEST_CARDS, type ChargeRequest } from "./payment-provider.server.ts";

/**
 * The test processor's records outlive the shop's process: a provider made afresh on the same ledger (the server
 * restarted after a crash) knows every charge and refund the first one answered. On a file (the embedded
 * database's servers) and, with DATABASE_URL, in the `test_processor` schema of a fresh PostgreSQL database.
 */
const chargeRequest = (idempotencyKey: string, cardNumber: string = TEST_CARDS.success): ChargeRequest => ({
  amountCents: 7590,
  currency: "EUR",
  idempotencyKey,
  card: { number: cardNumber, name: "Ada", expMonth: 12, expYear: 2035, securityCode: "123" },
  description: "test",
});

function ledgerContract(name: string, open: () => ChargeLedger) {
  describe(`the test processor's ${name} ledger`, () => {
    it("keeps charges and refunds across a restart, and answers a reused key with its first answer", async () => {
      const key = randomUUID();
      const first = createTestProvider(open());
      const charged = await first.charge(chargeRequest(key));
      const declined = await first.charge(chargeRequest(`${key}:d`, TEST_CARDS.declined));
      expect(charged.status).toBe("succeeded");
      if (charged.status !== "succeeded") return;

      const restarted = createTestProvider(open());
      expect(await restarted.charge(chargeRequest(key))).toEqual(charged);
      expect(await restarted.findCharge(key)).toEqual({
        status: "succeeded",
        reference: charged.reference,
        amountCents: 7590,
        currency: "EUR",
        refunded: false,
      });
      expect(await restarted.findCharge(`${key}:d`)).toEqual({ status: "declined", code: "card_declined" });
      expect(declined.status).toBe("declined");
      expect(await restarted.findCharge(`${key}:never`)).toBeNull();

      const voided = await restarted.voidCharge({ reference: charged.reference, amountCents: 7590, currency: "EUR", idempotencyKey: `void:${key}` });
      expect(voided.status).toBe("refunded");
      const again = createTestProvider(open());
      expect(await again.findCharge(key)).toMatchObject({ refunded: true });
      expect(await again.voidCharge({ reference: charged.reference, amountCents: 7590, currency: "EUR", idempotencyKey: `void:${key}` })).toEqual(
        voided,
      );
    });

    it("charges once for a key asked for many times at once", async () => {
      const key = randomUUID();
      const provider = createTestProvider(open());
      const results = await Promise.all(Array.from({ length: 10 }, () => provider.charge(chargeRequest(key))));
      expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    });

    it("voids a disputed charge (no sale was made) but refuses its refund", async () => {
      const key = randomUUID();
      const provider = createTestProvider(open());
      const charged = await provider.charge(chargeRequest(key, TEST_CARDS.refundRefused));
      if (charged.status !== "succeeded") throw new Error("not charged");
      const request = { reference: charged.reference, amountCents: 7590, currency: "EUR" };
      expect(await provider.refund({ ...request, idempotencyKey: `refund:${key}` })).toMatchObject({ status: "refused" });
      expect(await provider.voidCharge({ ...request, idempotencyKey: `void:${key}` })).toMatchObject({ status: "refunded" });
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "deck-ledger-"));
const file = path.join(dir, "test-processor", "ledger.jsonl");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
ledgerContract("file", () => createFileLedger(file));

describe("the file ledger", () => {
  it("skips a line torn by a crash in the middle of a write (it was never answered)", async () => {
    const key = randomUUID();
    const provider = createTestProvider(createFileLedger(file));
    await provider.charge(chargeRequest(key));
    appendFileSync(file, '{"charge":{"idempotencyKey":"torn","res');
    const restarted = createTestProvider(createFileLedger(file));
    expect(await restarted.findCharge(key)).toMatchObject({ status: "succeeded" });
    expect(await restarted.findCharge("torn")).toBeNull();
    // A record written after the torn line is not glued to it.
    const next = randomUUID();
    await restarted.charge(chargeRequest(next));
    expect(await createTestProvider(createFileLedger(file)).findCharge(next)).toMatchObject({ status: "succeeded" });
  });
});

const url = process.env.DATABASE_URL;
describe.runIf(url)("on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  const ledgerUrl = () => database!.url;
  beforeAll(async () => {
    database = await freshPostgresDatabase(url!, "deck_ledger");
  });
  afterAll(() => database?.drop());

  // First, while the schema does not exist yet.
  it("creates its schema once when several servers start at the same moment", async () => {
    const ledgers = Array.from({ length: 4 }, () => createPostgresLedger(ledgerUrl()));
    const found = await Promise.all(ledgers.map((ledger) => ledger.findCharge(randomUUID())));
    expect(found).toEqual([undefined, undefined, undefined, undefined]);
  });

  ledgerContract("PostgreSQL", () => createPostgresLedger(ledgerUrl()));
});
