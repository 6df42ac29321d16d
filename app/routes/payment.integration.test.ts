import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { captureLogs } from "#app/modules/observability/logger.mjs";
import type { Database } from "#app/db/client.server.ts";
import { initialDesign } from "#app/modules/design/design.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { validAddress } from "#tests/support/fixtures.ts";
import { callRoute, formPost } from "#tests/support/route-harness.ts";
import { contextFor, databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as payment from "./payment.tsx";
import { withEnglishMessages } from "#tests/support/form-messages.ts";
import { localeContext } from "#app/request-context.server.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
// Each test's console spy ends with it: a later test's errors must show.
afterEach(() => {
  vi.restoreAllMocks();
});

function orderFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    grip: "",
    size: "8",
    ...validAddress,
    design: JSON.stringify(initialDesign),
    checkoutId: randomUUID(),
    expectedTotalCents: "6390",
    cardNumber: "4242 4242 4242 4242",
    cardName: "Ada Lovelace",
    cardMonth: "10",
    cardYear: "36",
    cardCvv: "123",
    ...overrides,
  };
}

/** Pays as the Payment page does; the reply's body as text, to search it for what must (not) be there. */
async function pay(fields: Record<string, string>, context = contextFor(database)) {
  const outcome = await callRoute(payment.action, formPost("/Payment", fields), { database, context });
  return { ...outcome, body: outcome.body === null ? null : JSON.stringify(withEnglishMessages(outcome.body)) };
}

describe(`the Payment action on ${databaseKind}`, () => {
  it("places the order and sends a guest to the confirmation through its private link", async () => {
    const outcome = await pay(orderFields());
    expect(outcome.status).toBe(302);
    // The redirect right after the purchase is marked, so that only this visit of the page thanks the buyer.
    expect(outcome.location).toMatch(/^\/orders\/[0-9a-f-]{36}\?token=[\w-]{43}&placed=1$/);
  });

  it("refuses a changed price with 409 before charging", async () => {
    const outcome = await pay(orderFields({ expectedTotalCents: "100" }));
    expect(outcome.status).toBe(409);
    expect(outcome.body).toContain("The price of your order has changed");
  });

  it("reports card errors per field and never sends card data back", async () => {
    const outcome = await pay(orderFields({ cardNumber: "4242 4242 4242 4241", cardCvv: "12", cardMonth: "13" }));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toContain("Check the card number for typos");
    expect(outcome.body).toContain("Enter the 3-digit security code");
    expect(outcome.body).not.toContain("4242");
    expect(outcome.body).not.toMatch(/"12"/);
  });

  it("checks the earlier steps again: a wrong postal code or a missing width is refused", async () => {
    const outcome = await pay(orderFields({ postalcode: "ABCDE", size: "0" }));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toContain("Enter a German postal code, like 10115");
    expect(outcome.body).toContain("Choose a deck width");
  });

  it("a declined card answers 402 with the reason", async () => {
    const outcome = await pay(orderFields({ cardNumber: "4000 0000 0000 9995" }));
    expect(outcome.status).toBe(402);
    expect(outcome.body).toContain("insufficient funds");
  });

  it("says why in the buyer's language: a German buyer's declined card, changed price and busy payment", async () => {
    const german = () => {
      const context = contextFor(database);
      context.set(localeContext, "de");
      return context;
    };
    const declined = await pay(orderFields({ cardNumber: "4000 0000 0000 9995" }), german());
    expect(declined.status).toBe(402);
    expect(declined.body).toContain("Deine Karte wurde abgelehnt: Deckung nicht ausreichend.");
    const repriced = await pay(orderFields({ expectedTotalCents: "1" }), german());
    expect(repriced.status).toBe(409);
    expect(repriced.body).toContain("Der Preis deiner Bestellung hat sich geändert.");
  });

  it("a database outage answers 503 with a message, and logs only the reference and the cause", async () => {
    const logs = captureLogs();
    onTestFinished(logs.stop);
    const context = contextFor(database, { database: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) });
    const outcome = await pay(orderFields({ cardNumber: "4000 0566 5566 5556" }), context);
    expect(outcome.status).toBe(503);
    expect(outcome.body).toContain("Our order system is not answering right now. If your card was charged, the order goes through");
    const logged = JSON.stringify(logs.lines.map(({ time: _time, pid: _pid, ...line }) => line));
    expect(logged).toContain("ECONNREFUSED");
    expect(logged).not.toContain("4000");
  });

  it.each(["ffffff", "0000"])("refuses a sticker whose code %s is no character with 400 and a message, charging nothing", async (unified) => {
    const provider = createTestPaymentProvider();
    const sticker = { id: "layer-1", kind: "emoji", x: 100, y: 400, rotation: 0, unified, name: "odd", size: 40 };
    const design = JSON.stringify({ ...initialDesign, layers: [sticker] });
    const outcome = await pay(orderFields({ design }), contextFor(database, { payments: () => provider }));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toContain("A sticker's emoji is unknown");
    expect(provider.charges.size).toBe(0);
  });

  it("charges through the payment provider on the request context, with the recomputed amount", async () => {
    const provider = createTestPaymentProvider();
    const charge = vi.spyOn(provider, "charge");
    const outcome = await pay(orderFields(), contextFor(database, { payments: () => provider }));
    expect(outcome.status).toBe(302);
    expect(charge).toHaveBeenCalledOnce();
    expect(charge.mock.calls[0]![0]).toMatchObject({ amountCents: 6390, currency: "EUR" });
    expect([...provider.charges.values()]).toEqual([expect.objectContaining({ status: "succeeded" })]);
  });

  it("a payment provider that cannot be reached answers 503: nothing charged, the buyer may try again", async () => {
    onTestFinished(captureLogs().stop);
    const unreachable = { ...createTestPaymentProvider(), charge: () => Promise.reject(new Error("ETIMEDOUT")) };
    const fields = orderFields();
    const outcome = await pay(fields, contextFor(database, { payments: () => unreachable }));
    expect(outcome.status).toBe(503);
    expect(outcome.body).toContain("We could not reach the payment service. Your order is not placed yet");
    // The same checkout goes through once the processor answers again.
    expect((await pay(fields)).status).toBe(302);
  });

  it("answers 4xx, never 5xx, to arbitrary payment forms (property-based)", async () => {
    const fields = Object.keys(orderFields());
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...fields, "extra"),
          fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom("<script>alert(1)</script>", "NaN", "-1", "1e999", "{}", "[]", "\u0000")),
        ),
        async (overrides) => {
          const { status } = await pay({ ...orderFields(), ...overrides });
          expect([302, 400, 402, 409]).toContain(status);
        },
      ),
      { numRuns: 60 },
    );
  });
});
