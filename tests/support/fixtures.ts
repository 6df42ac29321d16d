import { randomUUID } from "node:crypto";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { initialDesign } from "#app/modules/design/design.ts";
import { TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
/** A buyer's contact and shipping address that every checkout rule accepts (Germany, home zone). */
export const validAddress = {
  contact: "ada@example.com",
  name: "Ada Lovelace",
  address: "Main Street 1",
  addressextend: "",
  postalcode: "10115",
  city: "Berlin",
  country: "DE",
  region: "",
} as const;

/** A complete, valid checkout submission (an 8.5″ deck with grip to Germany, paid with the test card that succeeds). */
export function orderSubmission(overrides: Partial<OrderSubmission> = {}): OrderSubmission {
  return {
    grip: true,
    size: 8.5,
    ...validAddress,
    design: initialDesign,
    checkoutId: randomUUID(),
    cardNumber: TEST_CARDS.success,
    cardName: "Ada Lovelace",
    cardMonth: "12",
    cardYear: "35",
    cardCvv: "123",
    ...overrides,
  };
}
