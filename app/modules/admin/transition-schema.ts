import * as z from "zod/mini";
import { CARRIERS, isCarrierCode, normaliseTrackingNumber } from "#app/modules/orders/carriers.ts";
import { ORDER_STATUSES, refundsCharge } from "#app/modules/orders/order-status.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";

/**
 * An operator's move of an order: the status they saw (for the compare-and-set), where it goes, and what shipping
 * and refunding (cancelling, returning) need: the carrier and a tracking number of that carrier's form; the refund confirmed. Messages
 * are keys of the admin namespace (form-message.ts).
 */
export const transitionSchema = z
  .object({
    expected: z.enum(ORDER_STATUSES, { error: formMessage("admin:errors.reloadOrder") }),
    to: z.enum(ORDER_STATUSES, { error: formMessage("admin:errors.chooseTransition") }),
    carrier: z.optional(z.string().check(z.maxLength(20))),
    trackingNumber: z.optional(z.string().check(z.maxLength(60, formMessage("admin:errors.trackingTooLong")))),
    confirm: z.optional(z.boolean()),
    /** Offered after the processor refused the refund: the money went back by a chargeback, so none is asked for. */
    refundedElsewhere: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((value, context) => {
      if (refundsCharge(value.to) && !value.confirm) {
        const key = value.to === "returned" ? "admin:errors.confirmRefundReturn" : "admin:errors.confirmRefund";
        context.issues.push({ code: "custom", path: ["confirm"], message: formMessage(key), input: value.confirm });
      }
      if (value.to === "shipped") shipmentIssues(value, context);
    }),
  );

/**
 * What is wrong with a shipment's carrier and tracking number, as the ship form and the tracking correction check it:
 * a known carrier, and a number (spaces and dashes dropped, upper-cased) of that carrier's form.
 */
export function shipmentIssues(
  value: { carrier?: string | undefined; trackingNumber?: string | undefined },
  context: { issues: { push(issue: { code: "custom"; path: PropertyKey[]; message: string; input: unknown }): unknown } },
): void {
  const number = normaliseTrackingNumber(value.trackingNumber ?? "");
  if (!isCarrierCode(value.carrier)) {
    context.issues.push({ code: "custom", path: ["carrier"], message: formMessage("admin:errors.chooseCarrier"), input: value.carrier });
  }
  if (!number) {
    context.issues.push({ code: "custom", path: ["trackingNumber"], message: formMessage("admin:errors.enterTracking"), input: value.trackingNumber });
  } else if (isCarrierCode(value.carrier) && !CARRIERS[value.carrier].pattern.test(number)) {
    const carrier = CARRIERS[value.carrier];
    const message = formMessage("admin:errors.trackingPattern", { carrier: carrier.name, example: carrier.example });
    context.issues.push({ code: "custom", path: ["trackingNumber"], message, input: value.trackingNumber });
  }
}
