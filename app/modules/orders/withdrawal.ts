import * as z from "zod/mini";
import { buyerNameSchema, contactSchema } from "#app/modules/checkout/order-schema.ts";
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
  // The checkout's rule for a buyer's name (required, at most 100 characters, no control characters), but not the
  // shipping address's Latin letters (address-text.ts): a withdrawal prints no label or invoice, and a buyer's own
  // script must not stop it.
  name: buyerNameSchema,
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
 *
 * Asked of a design only when the order is placed: the answer is stored with the order (`orders.own_design`), and
 * everything after (invoice, credit note, mails, withdrawal, back office) reads the order's `ownDesign`. The layers
 * themselves go when the buyer deletes their account (D162), and an issued invoice must not change with them.
 */
export function hasOwnDesign(design: unknown): boolean {
  const layers = (design as Partial<Design> | null)?.layers;
  return Array.isArray(layers) && layers.length > 0;
}

/** Whether an order's page offers the withdrawal function: it has the right, is not refunded (cancelled or returned), not withdrawn yet. */
export function offersWithdrawal(order: { ownDesign: boolean; status: OrderStatus; withdrawalDeclaredAt: Date | string | null }): boolean {
  return !order.ownDesign && !refundsCharge(order.status) && !order.withdrawalDeclaredAt;
}

/** A name as compared for a match: no accents, no case (ß is ss), one space between words. */
function comparableName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Whether a withdrawal was declared in the order's own name. The withdrawal function asks for no more than a name, the
 * order's number and its e-mail address (§ 356a BGB), so a declaration in another name is taken all the same; the
 * back office points it out, for the operator to ask the buyer before refunding. Case, accents and spacing do not
 * count ("Jose  Muller" is "José Müller").
 */
export function declaredInOrderName(order: { name: string; withdrawalName: string | null }): boolean {
  return order.withdrawalName === null || comparableName(order.withdrawalName) === comparableName(order.name);
}
