import { describe, expect, it } from "vitest";
import { initialOrderState, type OrderState } from "./order-state.ts";
import { validAddress } from "#tests/support/fixtures.ts";
import { firstIncompleteStep } from "./step-rules.ts";

const complete: OrderState = { ...initialOrderState, size: 8.25, ...validAddress };

describe("firstIncompleteStep", () => {
  it("lets a complete order through to both steps", () => {
    expect(firstIncompleteStep(complete, "/Shipping", { signedIn: false })).toBeNull();
    expect(firstIncompleteStep(complete, "/Payment", { signedIn: false })).toBeNull();
  });

  it("sends a buyer without a width to /GripSize first, whatever else is missing", () => {
    expect(firstIncompleteStep(initialOrderState, "/Payment", { signedIn: false })?.path).toBe("/GripSize");
  });

  it("sends a signed-in buyer whose tab holds no order to the account, and one with a design to /GripSize", () => {
    expect(firstIncompleteStep(initialOrderState, "/Shipping", { signedIn: true })).toEqual({
      path: "/account",
      reason: "common:steps.notice.noOrder",
    });
    const designed = {
      ...initialOrderState,
      design: { ...initialOrderState.design, background: "#112233" },
    };
    expect(firstIncompleteStep(designed, "/Shipping", { signedIn: true })?.path).toBe("/GripSize");
    expect(firstIncompleteStep({ ...initialOrderState, grip: true }, "/Payment", { signedIn: true })?.path).toBe(
      "/GripSize",
    );
    expect(firstIncompleteStep(initialOrderState, "/Shipping", { signedIn: false })?.path).toBe("/GripSize");
  });

  it("needs a contact for /Shipping unless signed in", () => {
    const noContact = { ...complete, contact: "" };
    expect(firstIncompleteStep(noContact, "/Shipping", { signedIn: false })).toEqual({
      path: "/Login",
      reason: "common:steps.notice.contact",
    });
    expect(firstIncompleteStep(noContact, "/Shipping", { signedIn: true })).toBeNull();
    expect(firstIncompleteStep({ ...complete, contact: "not-an-email" }, "/Shipping", { signedIn: false })?.path).toBe(
      "/Login",
    );
  });

  it("needs a valid shipping address for /Payment but not for /Shipping", () => {
    const badPostalCode = { ...complete, postalcode: "ABC" };
    expect(firstIncompleteStep(badPostalCode, "/Shipping", { signedIn: false })).toBeNull();
    expect(firstIncompleteStep(badPostalCode, "/Payment", { signedIn: false })?.path).toBe("/Shipping");
    expect(firstIncompleteStep({ ...complete, country: "" }, "/Payment", { signedIn: false })?.path).toBe("/Shipping");
  });
});
