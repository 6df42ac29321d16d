import { isDeckSize } from "#app/modules/catalog/catalog.ts";
import { isCountryCode } from "#app/modules/catalog/countries.ts";
import { recentreDesign } from "#app/modules/design/recentre.ts";
import { FORM_FIELDS, validDraftFields, type OrderState } from "./order-state.ts";

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
 * A posted form's width and grip box are text: read as the draft holds them, then checked as a stored draft is,
 * since this also reads a cookie, which a browser may send altered.
 */
export function carriedDraftOf(values: Record<string, unknown>): CarriedDraft | null {
  const { size, grip } = values;
  const asDraft = {
    ...values,
    size: typeof size === "string" && size !== "" ? Number(size) : size,
    // The grip box is on the same form as the width: sent without it means unticked.
    grip: grip === true || grip === "on" ? true : grip === false || "size" in values ? false : undefined,
  };
  const valid = validDraftFields(asDraft);
  // An empty field carries nothing: the server's page leaves a guest's e-mail empty (it lives in the tab), and
  // sending that emptiness on would wipe the address the tab already has.
  const carried = Object.fromEntries(
    FORM_FIELDS.filter((field) => field in valid && valid[field] !== "").map((field) => [field, valid[field]]),
  );
  return Object.keys(carried).length > 0 ? (carried as CarriedDraft) : null;
}

/** The draft with the carried fields in it; a new width moves the design with it, as the width picker does. */
export function withCarriedDraft(order: OrderState, carried: CarriedDraft): OrderState {
  const next = { ...order, ...carried };
  if (carried.size !== undefined && carried.size !== order.size) {
    next.design = recentreDesign(order.design, order.size, carried.size);
  }
  return next;
}
