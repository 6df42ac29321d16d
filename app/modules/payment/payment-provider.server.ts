import { randomBytes } from "node:crypto";
import path from "node:path";
import { createChargeLedger, createMemoryLedger, type ChargeLedger, type StoredRefund } from "./charge-ledger.server.ts";
import { cardDigits } from "#app/modules/card/card-brand.ts";
import { passesLuhn } from "#app/modules/card/card-validation.ts";

/**
 * What the shop needs from a card processor. The full number and security code pass through `charge` and
 * are never kept by the shop; a real processor slots in behind the same interface.
 */
export interface ChargeRequest {
  amountCents: number;
  currency: string;
  /** The processor must charge at most once per key (retries and double submissions reuse it). */
  idempotencyKey: string;
  card: { number: string; name: string; expMonth: number; expYear: number; securityCode: string };
  description: string;
}

export type DeclineCode = "card_declined" | "insufficient_funds" | "expired_card" | "incorrect_cvc" | "incorrect_number";

export type ChargeResult =
  | { status: "succeeded"; reference: string }
  | { status: "declined"; code: DeclineCode; message: string };

export interface RefundRequest {
  /** The charge's reference, as `charge` returned it. */
  reference: string;
  amountCents: number;
  currency: string;
  /** The processor must refund at most once per key: a retried or doubled cancel reuses it. */
  idempotencyKey: string;
}

/** A refused refund: `code` when the processor gives a known reason (worded in the operator's language), else its own text. */
export type RefundResult = { status: "refunded"; reference: string } | { status: "refused"; code?: RefundRefusalCode; message: string };
export type RefundRefusalCode = "charge_disputed";

/** What the processor knows of a charge made under an idempotency key (a real processor's "retrieve payment"). */
export type FoundCharge =
  | { status: "succeeded"; reference: string; amountCents: number; currency: string; refunded: boolean }
  | { status: "declined"; code: DeclineCode };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives the money back when an order is cancelled. A refused refund changes nothing; a processor that cannot
   * be reached throws.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Gives back the whole of a charge that has no order (it could not be stored, or its buyer was told it failed):
   * the charge never became a sale, so a dispute cannot stand in the way. Idempotent per key; throws when the
   * processor cannot be reached.
   */
  voidCharge(request: RefundRequest): Promise<RefundResult>;
  /**
   * The charge made under `idempotencyKey`, or null when the processor never made one (or declined to record
   * one). Throws when the processor cannot be reached: the caller must then not guess.
   */
  findCharge(idempotencyKey: string): Promise<FoundCharge | null>;
}

/** Card numbers with a fixed outcome in test mode, as card processors document them for their test modes. */
export const TEST_CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  expired: "4000 0000 0000 0069",
  incorrectCvc: "4000 0000 0000 0127",
  /** Charged, but every refund of the charge is refused (as a processor refuses one for a disputed charge). */
  refundRefused: "4000 0000 0000 5126",
} as const;

/** Charges of the refund-refused card carry this in their reference, so that a refund knows them after a restart. */
const NO_REFUND_MARK = "_nr_";

const DECLINES: Record<string, { code: DeclineCode; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined. Try another card." },
  "4000000000009995": {
    code: "insufficient_funds",
    message: "Your card was declined: insufficient funds. Try another card.",
  },
  "4000000000000069": { code: "expired_card", message: "Your card has expired. Try another card." },
  "4000000000000127": { code: "incorrect_cvc", message: "The security code is incorrect. Check it and try again." },
};

/**
 * The built-in `test` provider: behaves like a processor's test mode. A Luhn-valid, unexpired card succeeds;
 * the documented numbers above decline. Charges are idempotent per key, like a real processor's API, and are
 * kept in `ledger` before the provider answers: the durable ledger outlives a crash of the shop, as a real
 * processor's records do (charge-ledger.server.ts).
 */
export function createTestProvider(ledger: ChargeLedger, now: () => Date = () => new Date()): PaymentProvider {
  function decide(request: ChargeRequest): ChargeResult {
    const digits = cardDigits(request.card.number);
    const decline = DECLINES[digits];
    if (decline) return { status: "declined", ...decline };
    if (!passesLuhn(digits)) return { status: "declined", code: "incorrect_number", message: "The card number is incorrect." };
    const today = now();
    const expired =
      request.card.expYear < today.getFullYear() ||
      (request.card.expYear === today.getFullYear() && request.card.expMonth < today.getMonth() + 1);
    if (expired) return { status: "declined", ...DECLINES["4000000000000069"]! };
    const mark = digits === cardDigits(TEST_CARDS.refundRefused) ? NO_REFUND_MARK : "_";
    return { status: "succeeded", reference: `test_ch${mark}${randomBytes(12).toString("hex")}` };
  }

  async function giveBack(request: RefundRequest, refusable: boolean): Promise<RefundResult> {
    const previous = await ledger.findRefund(request.idempotencyKey);
    if (previous) return { status: "refunded", reference: previous.refundReference };
    if (refusable && request.reference.includes(NO_REFUND_MARK)) {
      return { status: "refused", code: "charge_disputed", message: "The charge is disputed." };
    }
    const refund: StoredRefund = { ...request, refundReference: `test_re_${randomBytes(12).toString("hex")}` };
    const stored = await ledger.putRefund(refund);
    return { status: "refunded", reference: stored.refundReference };
  }

  return {
    name: "test",
    async charge(request) {
      const previous = await ledger.findCharge(request.idempotencyKey);
      if (previous) return previous.result;
      const stored = await ledger.putCharge({
        idempotencyKey: request.idempotencyKey,
        result: decide(request),
        amountCents: request.amountCents,
        currency: request.currency,
      });
      return stored.result;
    },
    refund: (request) => giveBack(request, true),
    voidCharge: (request) => giveBack(request, false),
    async findCharge(idempotencyKey) {
      const stored = await ledger.findCharge(idempotencyKey);
      if (!stored) return null;
      if (stored.result.status === "declined") return { status: "declined", code: stored.result.code };
      const { reference } = stored.result;
      const refunded = (await ledger.refundsOf(reference)).length > 0;
      return { status: "succeeded", reference, amountCents: stored.amountCents, currency: stored.currency, refunded };
    },
  };
}

/**
 * The test provider with its charges in memory, for tests: `charges` and `refunds` show what it was asked to do
 * (by idempotency key). The server uses a durable ledger instead (`createPaymentProvider`).
 */
export function createTestPaymentProvider(now: () => Date = () => new Date()): PaymentProvider & {
  charges: ReadonlyMap<string, ChargeResult>;
  /** Refunds and voids by idempotency key. */
  refunds: ReadonlyMap<string, RefundRequest & { refundReference: string }>;
} {
  const ledger = createMemoryLedger();
  return { ...createTestProvider(ledger, now), charges: ledger.charges, refunds: ledger.refunds };
}

export interface ProviderPlace {
  /** With PostgreSQL, the test processor keeps its records in its own schema there (shared by every server). */
  databaseUrl?: string;
  /** Otherwise in a file under DATA_DIR (the embedded database allows one process, so one server). */
  dataDir: string;
}

/** The provider named by PAYMENT_PROVIDER (only `test` exists), keeping its records durably. */
export function createPaymentProvider(name: string, place: ProviderPlace): PaymentProvider {
  if (name !== "test") throw new Error(`Unknown payment provider "${name}"`);
  const ledger = createChargeLedger(
    place.databaseUrl ? { databaseUrl: place.databaseUrl } : { file: path.join(place.dataDir, "test-processor", "ledger.jsonl") },
  );
  return createTestProvider(ledger);
}
