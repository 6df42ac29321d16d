import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { checkoutAttempts, orderPrintFiles, orders, type OrderRow } from "#app/db/schema.ts";
import { detectCardBrand, cardDigits } from "#app/modules/card/card-brand.ts";
import { fullExpiryYear } from "#app/modules/card/card-validation.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-schema.ts";
import type { PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { BUYER, recordOrderEvent } from "./order-history.server.ts";
import { orderPath } from "./order-link.server.ts";
import { orderConfirmationMail } from "./order-mails.server.ts";
import { printSvgForOrder } from "./print-files.server.ts";
import { observeCheckout } from "#app/modules/observability/metrics.mjs";

export type PlaceOrderResult =
  | { status: "placed"; order: OrderRow; replayed: boolean }
  | { status: "declined"; message: string }
  | { status: "in-progress" };

/** The payment processor could not be reached: nothing was charged. */
export class PaymentUnavailableError extends Error {}

/** A processing attempt older than this is taken to have died with its server; another may take it over. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;
const WAIT_FOR_OTHER_ATTEMPT_MS = 10_000;

interface PlaceOrderOptions {
  db: Db;
  provider: PaymentProvider;
  submission: OrderSubmission;
  userId: string | null;
  /** The shop's origin as the buyer reached it, for the order link in the confirmation mail. */
  siteUrl: string;
}

/**
 * Places an order exactly once per idempotency key, whatever arrives twice: a double click, a retry after a
 * network error, a second tab. The attempt row is the lock; only its holder charges the card, and the paid
 * order and the attempt's success are written in one transaction, so no half-written order exists.
 */
export async function placeOrder(options: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const key = options.submission.checkoutId;
  const deadline = Date.now() + WAIT_FOR_OTHER_ATTEMPT_MS;
  for (;;) {
    const attempt = await claimAttempt(options.db, key);
    if (attempt !== null) return observeCheckout(chargeAndStore(options, attempt));
    const [row] = await options.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
    if (row?.status === "succeeded" && row.orderId) {
      const [order] = await options.db.select().from(orders).where(eq(orders.id, row.orderId));
      if (order) return { status: "placed", order, replayed: true };
    }
    // Still processing elsewhere: wait a moment and look again.
    if (Date.now() > deadline) return { status: "in-progress" };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Takes the key for this request and returns the attempt number, or null while another request holds it or
 * the order is placed. A key is free when new, after a decline (the next attempt), or when its processing
 * attempt was abandoned by a server that died (the same attempt again: the processor then answers with the
 * outcome of the charge that server may have made, so nothing is charged twice).
 */
async function claimAttempt(db: Db, key: string): Promise<number | null> {
  const abandonedBefore = new Date(Date.now() - ABANDONED_AFTER_MS);
  const claimed = await db
    .insert(checkoutAttempts)
    .values({ idempotencyKey: key, status: "processing" })
    .onConflictDoUpdate({
      target: checkoutAttempts.idempotencyKey,
      set: {
        status: "processing",
        attempt: sql`case when ${checkoutAttempts.status} = 'declined' then ${checkoutAttempts.attempt} + 1 else ${checkoutAttempts.attempt} end`,
        updatedAt: sql`now()`,
      },
      setWhere: or(
        eq(checkoutAttempts.status, "declined"),
        and(eq(checkoutAttempts.status, "processing"), lt(checkoutAttempts.updatedAt, abandonedBefore)),
      ),
    })
    .returning({ attempt: checkoutAttempts.attempt });
  return claimed[0]?.attempt ?? null;
}

/** Ends this request's hold on the key without an order, so that the buyer can try again. */
async function releaseAttempt(db: Db, key: string, status: "declined" | "failed") {
  const processing = and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.status, "processing"));
  if (status === "declined") {
    await db.update(checkoutAttempts).set({ status: "declined", updatedAt: sql`now()` }).where(processing);
  } else {
    // Nothing reached the processor (or the charge was refunded): the same attempt may simply run again.
    await db.delete(checkoutAttempts).where(processing);
  }
}

async function chargeAndStore(
  { db, provider, submission, userId, siteUrl }: PlaceOrderOptions,
  attempt: number,
): Promise<PlaceOrderResult> {
  const key = submission.checkoutId;
  const price = priceOrder(submission);
  const shippingCents = price.shippingCents ?? 0;
  const orderId = randomUUID();
  const number = orderNumber();
  const expMonth = Number(submission.cardMonth);
  // The submission passed the card rules, so the year is one of their spellings.
  const expYear = fullExpiryYear(submission.cardYear) ?? 0;
  let printSvg: string;
  try {
    // Before the charge: a design that cannot be drawn must not cost the buyer a charge and a refund.
    printSvg = printSvgForOrder(submission);
  } catch (error) {
    await releaseAttempt(db, key, "failed");
    throw error;
  }

  let result;
  try {
    result = await provider.charge({
      amountCents: price.totalCents,
      currency: catalog.currency,
      idempotencyKey: `${key}:${attempt}`,
      card: {
        number: submission.cardNumber,
        name: submission.cardName,
        expMonth,
        expYear,
        securityCode: submission.cardCvv,
      },
      description: `${catalog.shopName} order ${number}`,
    });
  } catch (error) {
    await releaseAttempt(db, key, "failed");
    throw new PaymentUnavailableError(`payment provider failed: ${(error as Error).message}`);
  }
  if (result.status === "declined") {
    await releaseAttempt(db, key, "declined");
    return { status: "declined", message: result.message };
  }

  const digits = cardDigits(submission.cardNumber);
  try {
    const order = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({
          id: orderId,
          number,
          userId,
          status: "paid",
          grip: submission.grip,
          size: submission.size,
          contact: submission.contact,
          name: submission.name,
          address: submission.address,
          addressextend: submission.addressextend,
          postalcode: submission.postalcode,
          city: submission.city,
          country: submission.country,
          design: submission.design,
          priceLines: price.lines,
          subtotalCents: price.subtotalCents,
          shippingCents,
          vatCents: price.vatCents,
          totalCents: price.totalCents,
          currency: catalog.currency,
          cardBrand: detectCardBrand(digits) ?? "unknown",
          cardLast4: digits.slice(-4),
          cardExpMonth: expMonth,
          cardExpYear: expYear,
          paymentProvider: provider.name,
          paymentReference: result.reference,
          idempotencyKey: key,
        })
        .returning();
      await tx.insert(orderPrintFiles).values({ orderId, svg: printSvg });
      await recordOrderEvent(tx, { orderId, kind: "placed", fromStatus: null, toStatus: "paid", actor: BUYER });
      const orderUrl = new URL(orderPath(orderId, { guest: userId === null }), siteUrl).href;
      await enqueueMail(tx, orderConfirmationMail(row!, orderUrl));
      await tx
        .update(checkoutAttempts)
        .set({ status: "succeeded", orderId, updatedAt: sql`now()` })
        .where(eq(checkoutAttempts.idempotencyKey, key));
      return row!;
    });
    return { status: "placed", order, replayed: false };
  } catch (error) {
    // Charged but not stored: give the money back so that the buyer is never charged for no order.
    const refund = { reference: result.reference, amountCents: price.totalCents, currency: catalog.currency };
    await provider.refund({ ...refund, idempotencyKey: `unstored:${key}:${attempt}` }).catch(() => undefined);
    await releaseAttempt(db, key, "failed").catch(() => undefined);
    throw error;
  }
}

const ORDER_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32: no I, L, O, U

/** "DS-" and eight characters: easy to read out on the phone, 2^40 values so collisions are negligible. */
function orderNumber(): string {
  const bytes = randomBytes(8);
  let code = "";
  for (const byte of bytes) code += ORDER_NUMBER_ALPHABET[byte % 32];
  return `DS-${code}`;
}
