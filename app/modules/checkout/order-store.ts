import { createContext, useContext, useSyncExternalStore } from "react";
import { HydratedContext } from "#app/components/use-hydrated.ts";
import { FORM_FIELDS, initialOrderState, restoreOrderDraft, type OrderState } from "./order-state.ts";
import { withCarriedDraft, type CarriedDraft } from "./carried-draft.ts";

/**
 * The order as the buyer builds it, held in the browser (spec §3: "held in client state").
 * It is kept in session storage so that a reload (a new build, a failed chunk) never loses input.
 * On the server every render sees the initial state; the store is never written there, so no buyer's
 * order can leak into another's render. Card data never goes in here.
 */

export const ORDER_STORAGE_KEY = "deck-studio:order:v1";

/** The fields the buyer sets one at a time: one setter each (spec §3), `setGrip` … `setDesign`. */
const SETTABLE_FIELDS = [...FORM_FIELDS, "design"] as const satisfies readonly (keyof OrderState)[];

type SettableField = (typeof SETTABLE_FIELDS)[number];

type FieldSetters = { [Field in SettableField as `set${Capitalize<Field>}`]: (value: OrderState[Field]) => void };

function setterName<Field extends SettableField>(field: Field) {
  return `set${field[0]!.toUpperCase()}${field.slice(1)}` as `set${Capitalize<Field>}`;
}

export interface OrderSetters extends FieldSetters {
  /** Gives this checkout an idempotency key unless it has one. */
  ensureCheckoutId(): string;
  /** After the order with this key was placed: start a new, empty order (other keys are left alone). */
  completeCheckout(checkoutId: string): void;
}

export interface OrderStore extends OrderSetters {
  getSnapshot(): OrderState;
  subscribe(listener: () => void): () => void;
  /**
   * Puts fields the server carried to this page (a form the browser posted itself) into the draft, once per
   * carried object. Called while the page renders, before anything reads the draft, so it tells no listener.
   */
  absorb(carried: CarriedDraft): void;
  /** Whether a setter has written the draft since the page loaded (the buyer typed, or the page gave back typed values). */
  writtenSinceLoad(): boolean;
}

export function createOrderStore(storage: () => Storage | undefined, { writable = true } = {}): OrderStore {
  let state: OrderState | undefined;
  let written = false;
  const listeners = new Set<() => void>();
  const absorbed = new WeakSet<CarriedDraft>();

  function restore(): OrderState {
    try {
      const raw = storage()?.getItem(ORDER_STORAGE_KEY);
      return raw ? restoreOrderDraft(JSON.parse(raw)) : initialOrderState;
    } catch {
      return initialOrderState; // unreadable or tampered draft: start afresh rather than break the page
    }
  }

  function getSnapshot(): OrderState {
    state ??= restore();
    return state;
  }

  function save(next: OrderState) {
    state = next;
    try {
      storage()?.setItem(ORDER_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or denied (private mode): the order still works for this page's life.
    }
  }

  function update(patch: Partial<OrderState>) {
    if (!writable) throw new Error("The order store is written only in the browser, from event handlers");
    save({ ...getSnapshot(), ...patch });
    written = true;
    for (const listener of listeners) listener();
  }

  const fieldSetters = Object.fromEntries(
    SETTABLE_FIELDS.map((field) => [setterName(field), (value: unknown) => update({ [field]: value })]),
  ) as FieldSetters;

  return {
    getSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    absorb(carried) {
      if (!writable || absorbed.has(carried)) return;
      absorbed.add(carried);
      save(withCarriedDraft(getSnapshot(), carried));
    },
    writtenSinceLoad: () => written,
    ...fieldSetters,
    // The design follows the deck's width: a layer keeps its place relative to the centre line.
    setSize(size) {
      update(withCarriedDraft(getSnapshot(), { size }));
    },
    ensureCheckoutId() {
      const current = getSnapshot().checkoutId;
      if (current) return current;
      const checkoutId = crypto.randomUUID();
      update({ checkoutId });
      return checkoutId;
    },
    completeCheckout(checkoutId) {
      if (checkoutId && getSnapshot().checkoutId === checkoutId) {
        state = undefined;
        update(initialOrderState);
      }
    },
  };
}

const isBrowser = typeof window !== "undefined";

function browserSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // access denied by the browser's settings
  }
}

/** The page's order store: backed by session storage in the browser, inert and initial on the server. */
export const orderStore: OrderStore = isBrowser
  ? createOrderStore(browserSessionStorage)
  : createOrderStore(() => undefined, { writable: false });

/** The fields the server carried to this page (the root loader's `carried`), provided by the root layout. */
export const CarriedDraftContext = createContext<CarriedDraft | null>(null);

const serverSnapshots = new WeakMap<CarriedDraft, OrderState>();

/** What the server renders: the initial order, with the carried fields in it (one object per carried draft). */
function serverSnapshotFor(carried: CarriedDraft | null): OrderState {
  if (!carried) return initialOrderState;
  let snapshot = serverSnapshots.get(carried);
  if (!snapshot) serverSnapshots.set(carried, (snapshot = withCarriedDraft(initialOrderState, carried)));
  return snapshot;
}

// The store's methods are closures over it (no `this`), so the hook hands them out as they are.
const { getSnapshot: _getSnapshot, subscribe: _subscribe, absorb: _absorb, writtenSinceLoad: _writtenSinceLoad, ...orderSetters } = orderStore;

/** The order and its setters. Hydration renders what the server rendered first, then the restored draft. */
export function useOrder(): OrderState & OrderSetters {
  const carried = useContext(CarriedDraftContext);
  const live = useContext(HydratedContext) ?? true;
  if (carried && isBrowser) orderStore.absorb(carried);
  const serverSnapshot = () => serverSnapshotFor(carried);
  // Until the page is live the server's order stays on screen, so that hydration sees no difference and the draft
  // arrives with the root's transition (use-hydrated.ts), unless the draft is written first: then it shows at once.
  const clientSnapshot = live ? orderStore.getSnapshot : () => (orderStore.writtenSinceLoad() ? orderStore.getSnapshot() : serverSnapshot());
  const order = useSyncExternalStore(orderStore.subscribe, clientSnapshot, serverSnapshot);
  return { ...order, ...orderSetters };
}
