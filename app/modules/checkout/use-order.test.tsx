// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HydratedContext } from "#app/components/use-hydrated.ts";
import { createOrderStore, ORDER_STORAGE_KEY, orderStore, useOrder } from "./order-store.ts";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

let setters: ReturnType<typeof useOrder> | undefined;

function OrderProbe() {
  const order = useOrder();
  setters = order;
  return <output>{`${order.name}|${order.city}|${order.size}|${order.grip}|${order.country}`}</output>;
}

describe("useOrder", () => {
  it("hands out the store's own setters: each writes its field, re-renders the page and is kept in session storage", () => {
    render(<OrderProbe />);
    act(() => {
      setters!.setName("Ada Lovelace");
      setters!.setCity("Berlin");
      setters!.setSize(8.25);
      setters!.setGrip(true);
      setters!.setCountry("DE");
    });
    expect(screen.getByRole("status").textContent).toBe("Ada Lovelace|Berlin|8.25|true|DE");
    expect(JSON.parse(sessionStorage.getItem(ORDER_STORAGE_KEY)!)).toMatchObject({ name: "Ada Lovelace", city: "Berlin" });
    expect(orderStore.getSnapshot().size).toBe(8.25);
  });

  it("offers exactly one setter per field of the order, plus the checkout's key handling", () => {
    render(<OrderProbe />);
    const setterNames = Object.entries(setters!).flatMap(([key, value]) => (typeof value === "function" ? [key] : []));
    expect(setterNames.sort()).toEqual(
      [
        "completeCheckout",
        "ensureCheckoutId",
        "setAddress",
        "setAddressextend",
        "setCity",
        "setContact",
        "setCountry",
        "setDesign",
        "setGrip",
        "setName",
        "setPostalcode",
        "setRegion",
        "setSize",
      ].sort(),
    );
  });
});

describe("useOrder while the page hydrates (the root's HydratedContext)", () => {
  function renderIn(hydrated: boolean) {
    return render(
      <HydratedContext.Provider value={hydrated}>
        <OrderProbe />
      </HydratedContext.Provider>,
    );
  }

  it("shows the server's order until the page is live, then the tab's draft", async () => {
    sessionStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ ...orderStore.getSnapshot(), city: "Köln" }));
    // A page loaded afresh: its own store, which has read the draft but written nothing yet.
    vi.resetModules();
    const fresh = await import("./order-store.ts");
    const { HydratedContext: FreshContext } = await import("#app/components/use-hydrated.ts");
    function FreshProbe() {
      return <output>{fresh.useOrder().city}</output>;
    }
    const view = render(
      <FreshContext.Provider value={false}>
        <FreshProbe />
      </FreshContext.Provider>,
    );
    expect(fresh.orderStore.writtenSinceLoad()).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("");
    view.rerender(
      <FreshContext.Provider value={true}>
        <FreshProbe />
      </FreshContext.Provider>,
    );
    expect(screen.getByRole("status").textContent).toBe("Köln");
  });

  it("the draft written before the page is live (typed, or typed values given back) shows at once", () => {
    const view = renderIn(false);
    act(() => setters!.setCity("Berlin"));
    expect(screen.getByRole("status").textContent).toContain("|Berlin|");
    view.rerender(
      <HydratedContext.Provider value={true}>
        <OrderProbe />
      </HydratedContext.Provider>,
    );
    expect(screen.getByRole("status").textContent).toContain("|Berlin|");
  });
});
