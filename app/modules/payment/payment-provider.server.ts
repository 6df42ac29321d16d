import { randomBytes } from "node:crypto";
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

export type RefundResult = { status: "refunded"; reference: string } | { status: "refused"; message: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives the money back: when an order is cancelled, or when it could not be saved after a successful charge.
   * A refused refund changes nothing; a processor that cannot be reached throws.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
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
 * the documented numbers above decline. Charges are idempotent per key, like a real processor's API.
 */
export function createTestPaymentProvider(now: () => Date = () => new Date()): PaymentProvider & {
  charges: ReadonlyMap<string, ChargeResult>;
  /** Refunds by idempotency key. */
  refunds: ReadonlyMap<string, RefundRequest & { refundReference: string }>;
} {
  const charges = new Map<string, ChargeResult>();
  const refunds = new Map<string, RefundRequest & { refundReference: string }>();

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

  return {
    name: "test",
    charges,
    refunds,
    async charge(request) {
      const previous = charges.get(request.idempotencyKey);
      if (previous) return previous;
      const result = decide(request);
      charges.set(request.idempotencyKey, result);
      return result;
    },
    async refund(request) {
      const previous = refunds.get(request.idempotencyKey);
      if (previous) return { status: "refunded", reference: previous.refundReference };
      if (request.reference.includes(NO_REFUND_MARK)) {
        return { status: "refused", message: "The card processor refused the refund: the charge is disputed." };
      }
      const refundReference = `test_re_${randomBytes(12).toString("hex")}`;
      refunds.set(request.idempotencyKey, { ...request, refundReference });
      return { status: "refunded", reference: refundReference };
    },
  };
}

/** The provider named by PAYMENT_PROVIDER (only `test` exists). */
export function createPaymentProvider(name: string): PaymentProvider {
  if (name !== "test") throw new Error(`Unknown payment provider "${name}"`);
  return createTestPaymentProvider();
}
