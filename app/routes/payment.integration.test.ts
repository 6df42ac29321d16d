import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { initialDesign } from "~/modules/editor/design";
import { databaseContext } from "~/request-context.server";
import { validAddress } from "~/test/fixtures";
import { callRoute, formPost } from "~/test/route-harness";
import { contextFor, databaseKind, openTestDatabase } from "~/test/test-database";
import * as payment from "./payment";

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
  return { ...outcome, body: outcome.body === null ? null : JSON.stringify(outcome.body) };
}

describe(`the Payment action on ${databaseKind}`, () => {
  it("places the order and sends a guest to the confirmation through its private link", async () => {
    const outcome = await pay(orderFields());
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/orders\/[0-9a-f-]{36}\?token=[\w-]{43}$/);
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
    expect(outcome.body).toContain("Enter a Germany postal code, like 10115");
    expect(outcome.body).toContain("Choose a deck width");
  });

  it("a declined card answers 402 with the reason", async () => {
    const outcome = await pay(orderFields({ cardNumber: "4000 0000 0000 9995" }));
    expect(outcome.status).toBe(402);
    expect(outcome.body).toContain("insufficient funds");
  });

  it("a database outage answers 503 with a message, and logs only the reference and the cause", async () => {
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
    const context = contextFor(database);
    context.set(databaseContext, () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")));
    const outcome = await pay(orderFields({ cardNumber: "4000 0566 5566 5556" }), context);
    expect(outcome.status).toBe(503);
    expect(outcome.body).toContain("Our order system is not answering right now. Nothing was charged.");
    expect(logged.join("\n")).toContain("ECONNREFUSED");
    expect(logged.join("\n")).not.toContain("4000");
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
