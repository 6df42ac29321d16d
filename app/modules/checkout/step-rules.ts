import { isDeckSize } from "#app/modules/catalog/catalog.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";
import { contactSchema, shippingAddressSchema } from "./order-schema.ts";
import { initialOrderState, type OrderState } from "./order-state.ts";

export type CheckoutStep = "/Shipping" | "/Payment";

export interface MissingStep {
  path: "/GripSize" | "/Login" | "/Shipping" | "/account";
  /** Shown on the page the buyer is sent to: a message key (formMessage), translated there. */
  reason: string;
}

/**
 * The checkout's order: /Shipping needs a chosen width and a contact (signed in, or a guest e-mail);
 * /Payment needs a complete shipping address too. Returns the first step still to do, or null.
 * The pages use it to send a buyer who skipped ahead back; the server checks the whole order again.
 * A signed-in buyer whose tab holds no order at all (nothing designed, no width: typically a tab opened from a mailed
 * link, since the draft lives in each tab's session storage) goes to their account, told where the design is.
 */
export function firstIncompleteStep(
  order: OrderState,
  target: CheckoutStep,
  { signedIn }: { signedIn: boolean },
): MissingStep | null {
  if (signedIn && isUntouched(order)) return { path: "/account", reason: formMessage("common:steps.notice.noOrder") };
  if (!isDeckSize(order.size)) return { path: "/GripSize", reason: formMessage("common:steps.notice.width") };
  if (!signedIn && !contactSchema.safeParse(order.contact).success) {
    return { path: "/Login", reason: formMessage("common:steps.notice.contact") };
  }
  if (target === "/Payment" && !shippingAddressSchema.safeParse(order).success) {
    return { path: "/Shipping", reason: formMessage("common:steps.notice.address") };
  }
  return null;
}

/** Nothing chosen yet in this tab: the design as the editor starts it, no width, no grip. */
function isUntouched(order: OrderState): boolean {
  return (
    !isDeckSize(order.size) &&
    order.grip === initialOrderState.grip &&
    JSON.stringify(order.design) === JSON.stringify(initialOrderState.design)
  );
}
