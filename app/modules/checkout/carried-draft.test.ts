import { describe, expect, it, vi } from "vitest";
import { initialOrderState } from "./order-state.ts";
import { carriedDraftOf, withCarriedDraft } from "./carried-draft.ts";
import { createOrderStore, ORDER_STORAGE_KEY } from "./order-store.ts";

describe("carriedDraftOf", () => {
  it("takes the order fields of a posted form and leaves the rest", () => {
    expect(
      carriedDraftOf({ intent: "guest", contact: "a@example.com", password: "secret", cardNumber: "4242", design: "{}" }),
    ).toEqual({ contact: "a@example.com" });
  });

  it("reads the width and grip as posted (strings) and as parsed", () => {
    expect(carriedDraftOf({ size: "8.5", grip: "on" })).toEqual({ size: 8.5, grip: true });
    expect(carriedDraftOf({ size: "8" })).toEqual({ size: 8, grip: false }); // the box unticked is not sent
    expect(carriedDraftOf({ size: 8.25, grip: false })).toEqual({ size: 8.25, grip: false });
  });

  it("drops what is out of shape: an unknown width or country, an oversized or non-text value", () => {
    expect(carriedDraftOf({ country: "XX", name: "x".repeat(255), city: 42 })).toBeNull();
    expect(carriedDraftOf({ size: "9.75" })).toEqual({ grip: false });
    expect(carriedDraftOf({})).toBeNull();
  });

  it("keeps an address as typed, country and region included", () => {
    const address = { name: "Erika", address: "Heidestraße 17", postalcode: "5114", city: "Köln", country: "US", region: "CA" };
    expect(carriedDraftOf(address)).toEqual(address);
  });

  it("carries nothing for an empty field: a guest's e-mail the server's page left empty must not wipe the tab's", () => {
    expect(carriedDraftOf({ contact: "", name: "Erika", addressextend: "", region: "" })).toEqual({ name: "Erika" });
    expect(carriedDraftOf({ contact: "" })).toBeNull();
  });
});

describe("withCarriedDraft", () => {
  it("moves the design with a new width, as the width picker does", () => {
    const order = { ...initialOrderState, size: 8 };
    const next = withCarriedDraft(order, { size: 8.5 });
    expect(next.size).toBe(8.5);
    expect(withCarriedDraft(order, { name: "Erika" })).toEqual({ ...order, name: "Erika" });
  });
});

describe("order store: absorb", () => {
  function storage() {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) } as Storage;
  }

  it("puts carried fields into the draft and its storage once per carried draft, telling no listener", () => {
    const saved = storage();
    const store = createOrderStore(() => saved);
    store.setContact("a@example.com");
    const listener = vi.fn();
    store.subscribe(listener);
    const carried = { name: "Erika", city: "Köln" };
    store.absorb(carried);
    expect(store.getSnapshot()).toMatchObject({ contact: "a@example.com", name: "Erika", city: "Köln" });
    expect(JSON.parse(saved.getItem(ORDER_STORAGE_KEY) ?? "{}")).toMatchObject({ name: "Erika" });
    expect(listener).not.toHaveBeenCalled();
    store.setCity("Köln-Porz");
    store.absorb(carried); // the same page renders again: what was typed since stays
    expect(store.getSnapshot().city).toBe("Köln-Porz");
  });

  it("is inert on the server", () => {
    const store = createOrderStore(() => undefined, { writable: false });
    store.absorb({ name: "Erika" });
    expect(store.getSnapshot().name).toBe("");
  });
});
