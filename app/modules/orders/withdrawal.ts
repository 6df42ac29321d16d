import * as z from "zod/mini";
import { addressFields, contactSchema } from "#app/modules/checkout/order-schema.ts";
import type { Design } from "#app/modules/design/design.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";
import { refundsCharge, type OrderStatus } from "./order-status.ts";

/**
 * The withdrawal function (§ 356a BGB, since 19 June 2026; D206): a buyer withdraws from a purchase online, with
 * their name, the order's number and its e-mail address, and gets a receipt by mail. Shared by the form (page and
 * action) and the pages that offer it.
 */

/** "DS-" and eight Crockford base32 characters (place-order.server.ts). */
const ORDER_NUMBER = /^DS-[0-9A-HJKMNP-TV-Z]{8}$/;

const message = {
  orderNumber: formMessage("legal:withdraw.errors.orderNumber"),
  orderNumberFormat: formMessage("legal:withdraw.errors.orderNumberFormat"),
};

/**
 * Spaces and a missing hyphen are forgiven ("ds 7k3f 9qab" is DS-7K3F9QAB), as are the letters people read for
 * digits in base32 (O for 0, I and L for 1).
 */
export function normaliseOrderNumber(value: string): string {
  const compact = value.toUpperCase().replace(/[\s-]/g, "");
  const code = compact.startsWith("DS") ? compact.slice(2) : compact;
  return `DS-${code.replace(/O/g, "0").replace(/[IL]/g, "1")}`;
}

export const withdrawalSchema = z.object({
  // The checkout's own rule for a buyer's name (required, at most 100 characters, no control characters).
  name: addressFields.name,
  orderNumber: z
    .string({ error: message.orderNumber })
    .check(
      z.trim(),
      z.minLength(1, message.orderNumber),
      z.maxLength(40, message.orderNumberFormat),
      z.overwrite(normaliseOrderNumber),
      z.refine((value) => ORDER_NUMBER.test(value), message.orderNumberFormat),
    ),
  email: contactSchema,
});

export type WithdrawalForm = z.infer<typeof withdrawalSchema>;

/**
 * A deck printed with the buyer's own texts or stickers is made to their specification: no right of withdrawal
 * (§ 312g Abs. 2 Nr. 1 BGB, D164). A deck with only a colour and a width from the range has one.
 */
export function hasOwnDesign(design: unknown): boolean {
  const layers = (design as Partial<Design> | null)?.layers;
  return Array.isArray(layers) && layers.length > 0;
}

/** Whether an order's page offers the withdrawal function: it has the right, is not refunded (cancelled or returned), not withdrawn yet. */
export function offersWithdrawal(order: { design: unknown; status: OrderStatus; withdrawalDeclaredAt: Date | string | null }): boolean {
  return !hasOwnDesign(order.design) && !refundsCharge(order.status) && !order.withdrawalDeclaredAt;
}
