import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "#app/db/client.server.ts";
import type { OrderRow, PendingOrder } from "#app/db/schema.ts";
import { detectCardBrand, cardDigits } from "#app/modules/card/card-brand.ts";
import { fullExpiryYear } from "#app/modules/card/card-validation.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import type { DeclineCode, PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { DEFAULT_LOCALE, type Locale } from "#app/modules/i18n/locales.ts";
import { chargeKey, claimAttempt, completeAttempt, readAttempt, settleAttempt } from "./checkout-attempts.server.ts";
import { ABANDONED_AFTER_MS, resolveAttempt } from "./checkout-recovery.server.ts";
import { printSvgForOrder } from "./print-files.server.ts";
import { hasOwnDesign } from "./withdrawal.ts";
import { observeCheckout } from "#app/modules/observability/metrics.mjs";

export type PlaceOrderResult =
  | { status: "placed"; order: OrderRow; replayed: boolean }
  | { status: "declined"; code: DeclineCode; message: string }
  | { status: "in-progress" };

/** The payment processor could not be reached: nothing was charged (or what was is voided by recovery). */
export class PaymentUnavailableError extends Error {}

const WAIT_FOR_OTHER_ATTEMPT_MS = 10_000;

interface PlaceOrderOptions {
  db: Db;
  provider: PaymentProvider;
  submission: OrderSubmission;
  userId: string | null;
  /** The shop's origin as the buyer reached it, for the order link in the confirmation mail. */
  siteUrl: string;
  /** The buyer's language (getLocale(context)): the order's mails and invoice speak it. English if not given. */
  locale?: Locale;
}

/**
 * Places an order exactly once per idempotency key, whatever arrives twice: a double click, a retry after a
 * network error, a second tab. The attempt row is the lock; only its holder charges the card, and the paid
 * order and the attempt's success are written in one transaction, so no half-written order exists. The attempt
 * carries the order to store, so that a server dying after the charge loses nothing: recovery completes it
 * (checkout-recovery.server.ts).
 */
export async function placeOrder(options: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const key = options.submission.checkoutId;
  const pending = pendingOrder(options);
  const deadline = performance.now() + WAIT_FOR_OTHER_ATTEMPT_MS;
  for (;;) {
    const attempt = await claimAttempt(options.db, key, pending);
    if (attempt !== null) return observeCheckout(chargeAndStore(options, pending, attempt));
    const { row, order } = await readAttempt(options.db, key);
    if (order) return { status: "placed", order, replayed: true };
    const abandoned = row?.status === "processing" && Date.now() - row.updatedAt.getTime() > ABANDONED_AFTER_MS;
    if (row?.status === "failed" || abandoned) {
      // An earlier attempt that no request will finish: resolve it now (its order completed, or its charge
      // voided and the key free) rather than make the buyer wait for the next recovery round.
      try {
        const resolution = await resolveAttempt({ db: options.db, provider: options.provider, olderThanMs: ABANDONED_AFTER_MS }, key);
        if (resolution !== "busy") continue;
      } catch (error) {
        throw new PaymentUnavailableError(`payment provider failed: ${(error as Error).message}`);
      }
    }
    // Still processing elsewhere: wait a moment and look again.
    if (performance.now() > deadline) return { status: "in-progress" };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The order as it will be stored once charged: the server's price, the card's brand and last four digits only. */
function pendingOrder({ submission, userId, siteUrl, locale = DEFAULT_LOCALE }: PlaceOrderOptions): PendingOrder {
  const price = priceOrder(submission);
  const orderId = randomUUID();
  const digits = cardDigits(submission.cardNumber);
  return {
    order: {
      id: orderId,
      number: orderNumber(),
      userId,
      grip: submission.grip,
      size: submission.size,
      contact: submission.contact,
      name: submission.name,
      address: submission.address,
      addressextend: submission.addressextend,
      postalcode: submission.postalcode,
      city: submission.city,
      country: submission.country,
      region: submission.region,
      locale,
      // How it is taxed (the destination's VAT, or a VAT-free export) and each line's net and VAT, as charged.
      taxKind: price.tax.kind,
      vatBasisPoints: price.tax.basisPoints,
      design: submission.design,
      // A fact of the sale, kept with it: the invoice and the right of withdrawal read this, never the layers (D162).
      ownDesign: hasOwnDesign(submission.design),
      priceLines: price.lines,
      subtotalCents: price.subtotalCents,
      shippingCents: price.shippingCents ?? 0,
      vatCents: price.vatCents,
      totalCents: price.totalCents,
      currency: catalog.currency,
      cardBrand: detectCardBrand(digits) ?? "unknown",
      cardLast4: digits.slice(-4),
      cardExpMonth: Number(submission.cardMonth),
      // The submission passed the card rules, so the year is one of their spellings.
      cardExpYear: fullExpiryYear(submission.cardYear) ?? 0,
      idempotencyKey: submission.checkoutId,
    },
    siteUrl,
  };
}

async function chargeAndStore(options: PlaceOrderOptions, pending: PendingOrder, attempt: number): Promise<PlaceOrderResult> {
  const { db, provider, submission } = options;
  const key = submission.checkoutId;
  let printSvg: string;
  try {
    // Before the charge: a design that cannot be drawn must not cost the buyer a charge and a refund.
    printSvg = printSvgForOrder(pending.order);
  } catch (error) {
    await settleAttempt(db, key, attempt, "released");
    throw error;
  }

  let result;
  try {
    result = await provider.charge({
      amountCents: pending.order.totalCents,
      currency: catalog.currency,
      idempotencyKey: chargeKey(key, attempt),
      card: {
        number: submission.cardNumber,
        name: submission.cardName,
        expMonth: pending.order.cardExpMonth,
        expYear: pending.order.cardExpYear,
        securityCode: submission.cardCvv,
      },
      description: `${catalog.shopName} order ${pending.order.number}`,
    });
  } catch (error) {
    // Whether the processor charged is unknown: `failed` until it is asked (the buyer's retry, or recovery).
    await settleAttempt(db, key, attempt, "failed").catch(() => undefined);
    throw new PaymentUnavailableError(`payment provider failed: ${(error as Error).message}`);
  }
  if (result.status === "declined") {
    await settleAttempt(db, key, attempt, "declined");
    return { status: "declined", code: result.code, message: result.message };
  }

  const reference = result.reference;
  let order: OrderRow | null;
  try {
    order = await db.transaction((tx) =>
      completeAttempt(tx, { key, attempt, pending, paymentProvider: provider.name, paymentReference: reference, printSvg }),
    );
  } catch (error) {
    return notStored(options, pending, attempt, reference, error);
  }
  if (order) return { status: "placed", order, replayed: false };
  // This request outlived the recovery grace and recovery resolved the attempt meanwhile: it completed the order
  // (the processor told it of this charge), or found no charge yet and released the key, so this one is voided.
  const now = await readAttempt(db, key);
  if (now.order) return { status: "placed", order: now.order, replayed: true };
  await voidCharge(provider, pending, key, attempt, reference);
  throw new Error("the checkout attempt was released while its request was still running; the charge was voided");
}

/**
 * Charged but the order's transaction failed. If the database cannot say whether it was stored (the answer to the
 * commit may be what was lost), the attempt stays `processing` and recovery completes it. If it was not stored,
 * the charge is voided so that the buyer is never charged for no order (or, the processor not answering, the
 * attempt is `failed` and recovery voids it).
 */
async function notStored(options: PlaceOrderOptions, pending: PendingOrder, attempt: number, reference: string, error: unknown): Promise<PlaceOrderResult> {
  const { db, provider } = options;
  const key = options.submission.checkoutId;
  const state = await readAttempt(db, key).catch(() => undefined);
  if (state?.order) return { status: "placed", order: state.order, replayed: true };
  if (state?.row?.status !== "processing" || state.row.attempt !== attempt) throw error;
  let voided = false;
  try {
    voided = await voidCharge(provider, pending, key, attempt, reference);
  } catch {
    // The processor did not answer: recovery voids it.
  }
  await settleAttempt(db, key, attempt, voided ? "released" : "failed").catch(() => undefined);
  throw error;
}

async function voidCharge(provider: PaymentProvider, pending: PendingOrder, key: string, attempt: number, reference: string) {
  const voided = await provider.voidCharge({
    reference,
    amountCents: pending.order.totalCents,
    currency: pending.order.currency,
    idempotencyKey: `void:${chargeKey(key, attempt)}`,
  });
  return voided.status === "refunded";
}

const ORDER_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32: no I, L, O, U

/** "DS-" and eight characters: easy to read out on the phone, 2^40 values so collisions are negligible. */
function orderNumber(): string {
  const bytes = randomBytes(8);
  let code = "";
  for (const byte of bytes) code += ORDER_NUMBER_ALPHABET[byte % 32];
  return `DS-${code}`;
}
