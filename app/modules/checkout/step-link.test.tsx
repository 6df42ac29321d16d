// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CarriedDraft } from "./carried-draft.ts";
import { CarriedDraftContext } from "./order-store.ts";
import { StepLink } from "./step-link.tsx";

afterEach(cleanup);

function renderWith(carried: CarriedDraft | null, element: ReactElement) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <CarriedDraftContext.Provider value={carried}>{element}</CarriedDraftContext.Provider> }]);
  return render(<Stub />);
}

describe("a link back to an earlier checkout step", () => {
  it("is a plain link when nothing was carried to the page (the tab's draft keeps the order)", () => {
    const { container } = renderWith(null, <StepLink to="/Shipping">Change shipping address</StepLink>);
    expect(screen.getByRole("link", { name: "Change shipping address" }).getAttribute("href")).toBe("/Shipping");
    expect(container.querySelector("form")).toBeNull();
  });

  it("without scripts, is a form that carries the page's fields back to the step; with them, the link (D240)", () => {
    const carried: CarriedDraft = { size: 8.5, grip: true, name: "Erika Mustermann", city: "Köln" };
    const { container } = renderWith(carried, <StepLink to="/Shipping">Change shipping address</StepLink>);
    const link = screen.getByRole("link", { name: "Change shipping address" });
    expect(link.className).toBe("needs-scripts");
    const form = container.querySelector("form")!;
    expect(form.className).toBe("without-scripts");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/checkout/revisit");
    const posted = Object.fromEntries(new FormData(form));
    expect(posted).toEqual({ to: "/Shipping", size: "8.5", grip: "on", name: "Erika Mustermann", city: "Köln" });
    expect(screen.getByRole("button", { name: "Change shipping address" }).getAttribute("type")).toBe("submit");
  });
});
