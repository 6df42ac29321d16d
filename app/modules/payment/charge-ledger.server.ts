import { mkdirSync, readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { ChargeResult, RefundRequest } from "./payment-provider.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";

/**
 * The test processor's own records: every charge (by idempotency key) and every refund or void, written before
 * the processor answers, as a real processor keeps them on its side whatever happens to the shop. They are not
 * the shop's tables: the shop never reads them except through the provider's interface (`findCharge`), and
 * they are not in the shop's schema or migrations.
 *
 * - memory: for tests (gone with the process);
 * - file: an append-only JSON-lines file, flushed to disk before each answer (the embedded database allows one
 *   process, so one server uses it);
 * - PostgreSQL: tables in a schema of their own, `test_processor`, created by the ledger itself, shared by
 *   every server on that database, with a connection pool of its own (a refund asked inside the shop's
 *   transaction never waits for one of the shop's connections).
 */
export interface StoredCharge {
  idempotencyKey: string;
  result: ChargeResult;
  amountCents: number;
  currency: string;
}

export type StoredRefund = RefundRequest & { refundReference: string };

export interface ChargeLedger {
  findCharge(idempotencyKey: string): Promise<StoredCharge | undefined>;
  /** Stores the charge unless one is stored under its key already; returns the one stored (first one wins). */
  putCharge(charge: StoredCharge): Promise<StoredCharge>;
  findRefund(idempotencyKey: string): Promise<StoredRefund | undefined>;
  /** Stores the refund unless one is stored under its key already; returns the one stored. */
  putRefund(refund: StoredRefund): Promise<StoredRefund>;
  /** Refunds and voids of the charge with this reference. */
  refundsOf(reference: string): Promise<StoredRefund[]>;
}

export function createMemoryLedger(): ChargeLedger & {
  charges: Map<string, ChargeResult>;
  refunds: Map<string, StoredRefund>;
} {
  const charges = new Map<string, ChargeResult>();
  const amounts = new Map<string, { amountCents: number; currency: string }>();
  const refunds = new Map<string, StoredRefund>();
  const find = (idempotencyKey: string): StoredCharge | undefined => {
    const result = charges.get(idempotencyKey);
    return result && { idempotencyKey, result, ...amounts.get(idempotencyKey)! };
  };
  return {
    charges,
    refunds,
    findCharge: async (key) => find(key),
    async putCharge(charge) {
      if (!charges.has(charge.idempotencyKey)) {
        charges.set(charge.idempotencyKey, charge.result);
        amounts.set(charge.idempotencyKey, { amountCents: charge.amountCents, currency: charge.currency });
      }
      return find(charge.idempotencyKey)!;
    },
    findRefund: async (key) => refunds.get(key),
    async putRefund(refund) {
      if (!refunds.has(refund.idempotencyKey)) refunds.set(refund.idempotencyKey, refund);
      return refunds.get(refund.idempotencyKey)!;
    },
    refundsOf: async (reference) => [...refunds.values()].filter((refund) => refund.reference === reference),
  };
}

type LedgerLine = { charge: StoredCharge } | { refund: StoredRefund };

/**
 * An append-only file: read whole when opened, then each new record appended and flushed (fdatasync) before it
 * counts. A line torn by a crash in the middle of a write was never answered, so it is skipped.
 */
export function createFileLedger(file: string): ChargeLedger {
  const memory = createMemoryLedger();
  let loaded = false;
  // A torn last line has no newline: the next record must not be glued to it.
  let startWithNewline = false;
  let writing: Promise<unknown> = Promise.resolve();
  // Records being written, by key: a second request for the same key waits for the first one's write.
  const pending = new Map<string, Promise<unknown>>();

  function load() {
    if (loaded) return;
    loaded = true;
    mkdirSync(path.dirname(file), { recursive: true });
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    startWithNewline = text.length > 0 && !text.endsWith("\n");
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      let record: LedgerLine;
      try {
        record = JSON.parse(line) as LedgerLine;
      } catch {
        continue;
      }
      if ("charge" in record) void memory.putCharge(record.charge);
      else void memory.putRefund(record.refund);
    }
  }

  function append(record: LedgerLine): Promise<void> {
    const write = writing.then(async () => {
      const handle = await open(file, "a");
      try {
        await handle.appendFile(`${startWithNewline ? "\n" : ""}${JSON.stringify(record)}\n`);
        await handle.datasync();
        startWithNewline = false;
      } finally {
        await handle.close();
      }
    });
    writing = write.catch(() => undefined);
    return write;
  }

  async function settle(key: string) {
    while (pending.has(key)) await pending.get(key);
  }

  return {
    async findCharge(key) {
      load();
      await settle(`charge:${key}`);
      return memory.findCharge(key);
    },
    async putCharge(charge) {
      load();
      const key = `charge:${charge.idempotencyKey}`;
      await settle(key);
      // From here to pending.set nothing awaits: a second request for the key finds either the record or the write.
      if (!memory.charges.has(charge.idempotencyKey)) {
        const write = append({ charge }).then(() => memory.putCharge(charge));
        pending.set(key, write.catch(() => undefined).finally(() => pending.delete(key)));
        await write;
      }
      return (await memory.findCharge(charge.idempotencyKey))!;
    },
    async findRefund(key) {
      load();
      await settle(`refund:${key}`);
      return memory.findRefund(key);
    },
    async putRefund(refund) {
      load();
      const key = `refund:${refund.idempotencyKey}`;
      await settle(key);
      if (!memory.refunds.has(refund.idempotencyKey)) {
        const write = append({ refund }).then(() => memory.putRefund(refund));
        pending.set(key, write.catch(() => undefined).finally(() => pending.delete(key)));
        await write;
      }
      return (await memory.findRefund(refund.idempotencyKey))!;
    },
    async refundsOf(reference) {
      load();
      await Promise.all(pending.values());
      return memory.refundsOf(reference);
    },
  };
}

const CREATE_TABLES = `
  CREATE SCHEMA IF NOT EXISTS test_processor;
  CREATE TABLE IF NOT EXISTS test_processor.charges (
    idempotency_key text PRIMARY KEY,
    result jsonb NOT NULL,
    amount_cents integer NOT NULL,
    currency text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS test_processor.refunds (
    idempotency_key text PRIMARY KEY,
    charge_reference text NOT NULL,
    amount_cents integer NOT NULL,
    currency text NOT NULL,
    refund_reference text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS refunds_charge_reference_idx ON test_processor.refunds (charge_reference);
`;

interface RefundRow {
  idempotency_key: string;
  charge_reference: string;
  amount_cents: number;
  currency: string;
  refund_reference: string;
}

const refundOf = (row: RefundRow): StoredRefund => ({
  reference: row.charge_reference,
  amountCents: row.amount_cents,
  currency: row.currency,
  idempotencyKey: row.idempotency_key,
  refundReference: row.refund_reference,
});

/** Tables in the `test_processor` schema of the shop's PostgreSQL, made on first use (under an advisory lock). */
export function createPostgresLedger(databaseUrl: string): ChargeLedger {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, connectionTimeoutMillis: 5_000, allowExitOnIdle: true });
  pool.on("error", (error) => logger.warn({ err: error }, "test processor: idle database connection lost"));
  pool.on("connect", (client) => client.on("error", (error) => logger.warn({ err: error }, "test processor: database connection lost")));
  let ready: Promise<void> | undefined;

  async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    ready ??= (async () => {
      const client = await pool.connect();
      try {
        // Several servers starting at once: CREATE ... IF NOT EXISTS is not safe against itself.
        await client.query("BEGIN");
        await client.query("SELECT pg_advisory_xact_lock(hashtext('deck-test-processor'))");
        await client.query(CREATE_TABLES);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    await ready;
    return (await pool.query<Row>(text, values)).rows;
  }

  type ChargeRow = { idempotency_key: string; result: ChargeResult; amount_cents: number; currency: string };
  const chargeOf = (row: ChargeRow): StoredCharge => ({
    idempotencyKey: row.idempotency_key,
    result: row.result,
    amountCents: row.amount_cents,
    currency: row.currency,
  });
  const findCharge = async (key: string) => {
    const [row] = await query<ChargeRow>("SELECT * FROM test_processor.charges WHERE idempotency_key = $1", [key]);
    return row && chargeOf(row);
  };
  const findRefund = async (key: string) => {
    const [row] = await query<RefundRow>("SELECT * FROM test_processor.refunds WHERE idempotency_key = $1", [key]);
    return row && refundOf(row);
  };

  return {
    findCharge,
    async putCharge(charge) {
      await query(
        `INSERT INTO test_processor.charges (idempotency_key, result, amount_cents, currency) VALUES ($1, $2, $3, $4)
         ON CONFLICT (idempotency_key) DO NOTHING`,
        [charge.idempotencyKey, JSON.stringify(charge.result), charge.amountCents, charge.currency],
      );
      return (await findCharge(charge.idempotencyKey))!;
    },
    findRefund,
    async putRefund(refund) {
      await query(
        `INSERT INTO test_processor.refunds (idempotency_key, charge_reference, amount_cents, currency, refund_reference)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING`,
        [refund.idempotencyKey, refund.reference, refund.amountCents, refund.currency, refund.refundReference],
      );
      return (await findRefund(refund.idempotencyKey))!;
    },
    async refundsOf(reference) {
      const rows = await query<RefundRow>("SELECT * FROM test_processor.refunds WHERE charge_reference = $1", [reference]);
      return rows.map(refundOf);
    },
  };
}

export function createChargeLedger(place: { databaseUrl: string } | { file: string }): ChargeLedger {
  return "databaseUrl" in place ? createPostgresLedger(place.databaseUrl) : createFileLedger(place.file);
}
