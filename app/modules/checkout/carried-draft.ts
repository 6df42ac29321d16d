import { isDeckSize } from "#app/modules/catalog/catalog.ts";
import { isCountryCode } from "#app/modules/catalog/countries.ts";
import { recentreDesign } from "#app/modules/design/recentre.ts";
import { MAX_DRAFT_STRING, STRING_FIELDS, type FORM_FIELDS, type OrderState } from "./order-state.ts";

/**
 * A checkout step sent before its page's scripts ran (a fast buyer on a slow phone, or a browser without scripts)
 * is posted by the browser itself, and nothing put its fields into the order draft, which lives in the tab (D11).
 * The server carries what was sent to the page it answers with: the same page when it refuses the form (its
 * fields come back filled), the next step when it accepts it. That page renders with those fields and puts them
 * into the draft as its scripts start (order-store.ts, D226). Never a password or card field: none is carried.
 */
export type CarriedDraft = Partial<Pick<OrderState, (typeof FORM_FIELDS)[number]>>;

/**
 * The order fields among a form's values (as posted, or as its schema parsed them), or null when there are none.
 * Anything of the wrong shape is left out: this also reads a cookie, which a browser may send altered.
 */
export function carriedDraftOf(values: Record<string, unknown>): CarriedDraft | null {
  const carried: CarriedDraft = {};
  for (const field of STRING_FIELDS) {
    const value = values[field];
    if (typeof value === "string" && value.length <= MAX_DRAFT_STRING) carried[field] = value;
  }
  const size = typeof values.size === "string" && values.size !== "" ? Number(values.size) : values.size;
  if (typeof size === "number" && isDeckSize(size)) carried.size = size;
  // The grip box is on the same form as the width: sent without it means unticked.
  if (values.grip === true || values.grip === "on") carried.grip = true;
  else if (values.grip === false || "size" in values) carried.grip = false;
  if (typeof values.country === "string" && isCountryCode(values.country)) carried.country = values.country;
  return Object.keys(carried).length > 0 ? carried : null;
}

/** The draft with the carried fields in it; a new width moves the design with it, as the width picker does. */
export function withCarriedDraft(order: OrderState, carried: CarriedDraft): OrderState {
  const next = { ...order, ...carried };
  if (carried.size !== undefined && carried.size !== order.size) {
    next.design = recentreDesign(order.design, order.size, carried.size);
  }
  return next;
}
