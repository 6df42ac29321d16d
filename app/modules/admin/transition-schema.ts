import * as z from "zod/mini";
import { CARRIERS, isCarrierCode, normaliseTrackingNumber } from "#app/modules/orders/carriers.ts";
import { ORDER_STATUSES } from "#app/modules/orders/order-status.ts";

/**
 * An operator's move of an order: the status they saw (for the compare-and-set), where it goes, and what shipping
 * and cancelling need: the carrier and a tracking number of that carrier's form; the refund confirmed.
 */
export const transitionSchema = z
  .object({
    expected: z.enum(ORDER_STATUSES, { error: "Reload the order: its status is missing" }),
    to: z.enum(ORDER_STATUSES, { error: "Choose what happens to the order" }),
    carrier: z.optional(z.string().check(z.maxLength(20))),
    trackingNumber: z.optional(z.string().check(z.maxLength(60, "Use at most 60 characters"))),
    confirm: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((value, context) => {
      if (value.to === "cancelled" && !value.confirm) {
        context.issues.push({ code: "custom", path: ["confirm"], message: "Confirm the refund to cancel", input: value.confirm });
      }
      if (value.to !== "shipped") return;
      const number = normaliseTrackingNumber(value.trackingNumber ?? "");
      if (!isCarrierCode(value.carrier)) {
        context.issues.push({ code: "custom", path: ["carrier"], message: "Choose the carrier", input: value.carrier });
      }
      if (!number) {
        context.issues.push({ code: "custom", path: ["trackingNumber"], message: "Enter the tracking number", input: value.trackingNumber });
      } else if (isCarrierCode(value.carrier) && !CARRIERS[value.carrier].pattern.test(number)) {
        const carrier = CARRIERS[value.carrier];
        const message = `Enter a ${carrier.name} tracking number like ${carrier.example}`;
        context.issues.push({ code: "custom", path: ["trackingNumber"], message, input: value.trackingNumber });
      }
    }),
  );
