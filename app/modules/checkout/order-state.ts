import { isDeckSize } from "#app/modules/catalog/catalog.ts";
import { isCountryCode, type CountryCode } from "#app/modules/catalog/countries.ts";
import { initialDesign, isDesign, type Design } from "#app/modules/design/design.ts";

/**
 * The order as spec §3 lists it (grip, size and the six strings), plus the shipping country and the design.
 * This module stays free of zod so that the start page, which only reads the order, ships no schema library.
 */
export interface OrderState {
  grip: boolean;
  size: number;
  contact: string;
  name: string;
  address: string;
  addressextend: string;
  postalcode: string;
  city: string;
  country: CountryCode | "";
  /** State, province or territory for the US, Canada and Australia (countries.ts); "" elsewhere. */
  region: string;
  design: Design;
  /**
   * This checkout's idempotency key: created on the Payment page, sent with the order, so that a double
   * click, a retry or a duplicated tab (which copies session storage) places one order.
   */
  checkoutId: string;
}

/** The order's fields that the checkout's forms fill in (everything but the design and the checkout id). */
export const FORM_FIELDS = [
  "grip",
  "size",
  "contact",
  "name",
  "address",
  "addressextend",
  "postalcode",
  "city",
  "country",
  "region",
] as const satisfies readonly (keyof OrderState)[];

/** A checkout id as the browser makes it (the key of one purchase): the order schema checks the same. */
export const CHECKOUT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const initialOrderState: OrderState = {
  grip: false,
  size: 0,
  contact: "",
  name: "",
  address: "",
  addressextend: "",
  postalcode: "",
  city: "",
  country: "",
  region: "",
  design: initialDesign,
  checkoutId: "",
};

const STRING_FIELDS = ["contact", "name", "address", "addressextend", "postalcode", "city", "region"] as const;
const MAX_DRAFT_STRING = 254;

/**
 * The fields of a saved or sent draft that have the right shape; the rest are left out. One check for every way a
 * draft arrives: the tab's storage, and the fields the server carries to a page (carried-draft.ts).
 */
export function validDraftFields(draft: Record<string, unknown>): Partial<OrderState> {
  const fields: Partial<OrderState> = {};
  if (typeof draft.grip === "boolean") fields.grip = draft.grip;
  if (typeof draft.size === "number" && isDeckSize(draft.size)) fields.size = draft.size;
  for (const field of STRING_FIELDS) {
    const value = draft[field];
    if (typeof value === "string" && value.length <= MAX_DRAFT_STRING) fields[field] = value;
  }
  if (typeof draft.country === "string" && isCountryCode(draft.country)) fields.country = draft.country;
  if (isDesign(draft.design)) fields.design = draft.design;
  if (typeof draft.checkoutId === "string" && CHECKOUT_ID_PATTERN.test(draft.checkoutId)) {
    fields.checkoutId = draft.checkoutId;
  }
  return fields;
}

/**
 * Restores a saved draft leniently: each field that is missing or of the wrong shape falls back to its initial
 * value, so a tampered or outdated draft never breaks the page. The forms validate properly before use.
 */
export function restoreOrderDraft(saved: unknown): OrderState {
  if (typeof saved !== "object" || saved === null) return initialOrderState;
  return { ...initialOrderState, ...validDraftFields(saved as Record<string, unknown>) };
}

/** The address fields a buyer types on the Shipping step (the country has a default, so it does not count). */
const TYPED_ADDRESS_FIELDS = ["name", "address", "addressextend", "postalcode", "city"] as const;

/**
 * Whether the draft has any of a shipping address yet: a saved address is offered only to a draft without one,
 * so that it never replaces what the buyer typed.
 */
export function hasShippingAddress(order: OrderState): boolean {
  return TYPED_ADDRESS_FIELDS.some((field) => order[field].trim() !== "");
}
