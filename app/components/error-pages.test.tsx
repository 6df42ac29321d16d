// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { NotFoundPage } from "./not-found-page.tsx";
import { ServerErrorPage } from "./server-error-page.tsx";
import { StepIndicator } from "./step-indicator.tsx";

afterEach(cleanup);

function renderAt(path: string, element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("error pages", () => {
  it("404 shows the status, 'Page Not Found' and the path", () => {
    renderAt("/x", <NotFoundPage path="/missing" />);
    expect(screen.getByText("404")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page Not Found");
    expect(screen.getByText("Page not found: /missing")).toBeTruthy();
  });

  it("the generic page defaults to 500 'Internal Server Error' with the description and reference", () => {
    renderAt("/x", <ServerErrorPage description="Database unavailable" reference="ab12cd34" />);
    expect(screen.getByText("500")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Internal Server Error");
    expect(screen.getByText("Database unavailable")).toBeTruthy();
    expect(screen.getByText("ab12cd34")).toBeTruthy();
  });

  it("the generic page shows a thrown status", () => {
    renderAt("/x", <ServerErrorPage status={503} description="Try again" />);
    expect(screen.getByText("503")).toBeTruthy();
  });
});

describe("StepIndicator", () => {
  it("marks the current step, links the done ones, matching the path case-insensitively", () => {
    renderAt("/shipping", <StepIndicator />);
    const current = screen.getByText("Shipping").closest("li");
    expect(current?.getAttribute("aria-current")).toBe("step");
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/Login");
    expect(screen.queryByRole("link", { name: "Payment" })).toBeNull();
  });

  it("is absent outside the checkout", () => {
    renderAt("/editor", <StepIndicator />);
    expect(screen.queryByRole("navigation", { name: "Checkout steps" })).toBeNull();
  });
});
