// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ORDER_STORAGE_KEY, orderStore, useOrder } from "./order-store.ts";

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
