import { catalog } from "#app/modules/catalog/catalog.ts";

/**
 * The withdrawal period (§ 355 Abs. 2, § 356 Abs. 2 Nr. 1 BGB): 14 days from the day the deck is delivered, on the
 * seller's calendar (catalog.timeZone). Delivered on day D, a declaration is in time until the end of day D + 14.
 * The delivery is the moment the order moved to `delivered` in its history; an order not yet marked delivered has
 * a period that has not started, so nothing declared for it is late.
 */
export const WITHDRAWAL_PERIOD_DAYS = 14;

const sellerDays = new Intl.DateTimeFormat("en-CA", { timeZone: catalog.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day of a moment on the seller's clock, as days since 1970-01-01. */
function sellerDayNumber(moment: Date | string): number {
  const [year, month, day] = sellerDays.format(new Date(moment)).split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** Calendar days on the seller's clock from the delivery to a later moment: delivered and declared the same day is 0. */
export function daysAfterDelivery(deliveredAt: Date | string, moment: Date | string): number {
  return sellerDayNumber(moment) - sellerDayNumber(deliveredAt);
}

/** Whether a moment is after the withdrawal period of a deck delivered at `deliveredAt` (never, while undelivered). */
export function isAfterWithdrawalPeriod(deliveredAt: Date | string | null | undefined, moment: Date | string): boolean {
  return deliveredAt != null && daysAfterDelivery(deliveredAt, moment) > WITHDRAWAL_PERIOD_DAYS;
}

/**
 * The last day of the period, as a moment inside it (noon UTC of that calendar day, the same day in Berlin) for the
 * date formatters, which show it on the seller's clock.
 */
export function withdrawalPeriodLastDay(deliveredAt: Date | string): Date {
  return new Date((sellerDayNumber(deliveredAt) + WITHDRAWAL_PERIOD_DAYS) * 86_400_000 + 12 * 3_600_000);
}

/** A withdrawal declared after the period: how late (days after delivery) and when the deck was delivered. */
export interface LateWithdrawal {
  daysAfterDelivery: number;
  deliveredAt: string;
}

/** The facts of a late declaration, or null for one in time (or for an order not yet marked delivered). */
export function lateWithdrawal(deliveredAt: Date | string | null | undefined, declaredAt: Date | string | null | undefined): LateWithdrawal | null {
  if (!deliveredAt || !declaredAt || !isAfterWithdrawalPeriod(deliveredAt, declaredAt)) return null;
  return { daysAfterDelivery: daysAfterDelivery(deliveredAt, declaredAt), deliveredAt: new Date(deliveredAt).toISOString() };
}
