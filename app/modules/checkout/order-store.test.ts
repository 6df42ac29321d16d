import { describe, expect, it } from "vitest";
import { initialDesign } from "#app/modules/design/design.ts";
import { initialOrderState, restoreOrderDraft } from "./order-state.ts";
import { createOrderStore, ORDER_STORAGE_KEY } from "./order-store.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe("order store", () => {
  it("starts with the spec's initial values", () => {
    const store = createOrderStore(() => memoryStorage());
    expect(store.getSnapshot()).toEqual({
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
    });
  });

  it("has one setter per field, each changing only its field", () => {
    const store = createOrderStore(() => memoryStorage());
    store.setGrip(true);
    store.setSize(8.25);
    store.setContact("ada@example.com");
    store.setName("Ada Lovelace");
    store.setAddress("Main Street 1");
    store.setAddressextend("Flat 2");
    store.setPostalcode("10115");
    store.setCity("Berlin");
    store.setCountry("DE");
    expect(store.getSnapshot()).toMatchObject({
      grip: true,
      size: 8.25,
      contact: "ada@example.com",
      name: "Ada Lovelace",
      address: "Main Street 1",
      addressextend: "Flat 2",
      postalcode: "10115",
      city: "Berlin",
      country: "DE",
    });
  });

  it("moves the design with the deck's width, so that a graphic centred before the width was chosen stays centred", () => {
    const store = createOrderStore(() => memoryStorage());
    const narrowCentre = (7.75 * 25.4) / 2;
    const text = { id: "layer-1", kind: "text" as const, text: "HI", font: "bebas-neue" as const, fontSize: 60, color: "#000000", align: "center" as const, x: narrowCentre, y: 400, rotation: -90 };
    const sticker = { id: "layer-2", kind: "emoji" as const, unified: "1f525", name: "fire", size: 40, x: narrowCentre - 30, y: 600, rotation: 0 };
    store.setDesign({ background: "#ffffff", layers: [text, sticker] });

    store.setSize(8.5);
    const wide = store.getSnapshot().design.layers;
    expect(wide[0]!.x).toBeCloseTo((8.5 * 25.4) / 2, 2);
    expect(wide[1]!.x).toBeCloseTo((8.5 * 25.4) / 2 - 30, 2);
    expect(wide.map((layer) => layer.y)).toEqual([400, 600]);

    store.setSize(8);
    expect(store.getSnapshot().design.layers[0]!.x).toBeCloseTo((8 * 25.4) / 2, 2);
    // The same width again changes nothing, not even the design's identity.
    const before = store.getSnapshot().design;
    store.setSize(8);
    expect(store.getSnapshot().design).toBe(before);
  });

  it("survives a reload: a new store on the same storage restores the draft", () => {
    const storage = memoryStorage();
    const before = createOrderStore(() => storage);
    before.setSize(8.5);
    before.setName("Grace Hopper");
    const after = createOrderStore(() => storage);
    expect(after.getSnapshot()).toMatchObject({ size: 8.5, name: "Grace Hopper", grip: false });
  });

  it("notifies subscribers and stops after unsubscribe", () => {
    const store = createOrderStore(() => memoryStorage());
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.setCity("Paris");
    unsubscribe();
    store.setCity("Lyon");
    expect(calls).toBe(1);
  });

  it("keeps snapshots stable between changes (for useSyncExternalStore)", () => {
    const store = createOrderStore(() => memoryStorage());
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    const first = store.getSnapshot();
    store.setGrip(true);
    expect(store.getSnapshot()).not.toBe(first);
  });

  it("works without storage (denied or full)", () => {
    const failing = { ...memoryStorage(), setItem: () => { throw new Error("QuotaExceededError"); } } as Storage;
    const store = createOrderStore(() => failing);
    store.setName("Still works");
    expect(store.getSnapshot().name).toBe("Still works");
    expect(createOrderStore(() => undefined).getSnapshot()).toEqual(initialOrderState);
  });

  it("refuses writes when created read-only (the server's store)", () => {
    const store = createOrderStore(() => undefined, { writable: false });
    expect(() => store.setName("leak")).toThrow(/only in the browser/);
    expect(store.getSnapshot()).toEqual(initialOrderState);
  });

  it("starts afresh from unreadable JSON", () => {
    const storage = memoryStorage();
    storage.setItem(ORDER_STORAGE_KEY, "{not json");
    expect(createOrderStore(() => storage).getSnapshot()).toEqual(initialOrderState);
  });
});

describe("restoreOrderDraft", () => {
  it("keeps valid fields and resets each invalid one to its initial value", () => {
    const restored = restoreOrderDraft({
      grip: "yes",
      size: 9.5,
      contact: "a@b.co",
      name: 42,
      city: "x".repeat(10_000),
      country: "XX",
      design: { background: "red" },
      extra: "ignored",
    });
    expect(restored).toEqual({ ...initialOrderState, contact: "a@b.co" });
  });

  it.each([null, undefined, 1, "string", []])("returns the initial order for %j", (saved) => {
    expect(restoreOrderDraft(saved)).toEqual(initialOrderState);
  });
});

describe("checkout id", () => {
  it("is created once and kept across a reload", () => {
    const storage = memoryStorage();
    const store = createOrderStore(() => storage);
    const id = store.ensureCheckoutId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.ensureCheckoutId()).toBe(id);
    expect(createOrderStore(() => storage).getSnapshot().checkoutId).toBe(id);
  });

  it("completing that checkout starts a new, empty order; another id leaves the order alone", () => {
    const store = createOrderStore(() => memoryStorage());
    store.setSize(8.5);
    const id = store.ensureCheckoutId();
    store.completeCheckout("someone-elses-checkout-id");
    expect(store.getSnapshot().size).toBe(8.5);
    store.completeCheckout(id);
    expect(store.getSnapshot()).toEqual(initialOrderState);
  });
});
