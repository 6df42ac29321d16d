// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from "react-router";
import { afterEach, expect, it } from "vitest";
import { useFocusOnNavigation } from "./use-focus-on-navigation.ts";

afterEach(cleanup);

/** The layout stays across navigations, as the site's does in the root route. */
function Layout() {
  useFocusOnNavigation();
  return (
    <>
      <nav>
        <Link to="/b">To B</Link>
        <input aria-label="Search" />
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A step whose button is gone once the next page shows: focus falls to the body, as in the checkout. */
function StepA() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Step A</h1>
      <button type="button" onClick={() => navigate("/b")}>
        Continue
      </button>
      <button type="button" onClick={() => navigate("/c")}>
        To a page that focuses its own field
      </button>
    </>
  );
}

function PageC() {
  useEffect(() => document.getElementById("c-field")?.focus(), []);
  return (
    <>
      <h1>Page C</h1>
      <input id="c-field" aria-label="C field" />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: "/a", element: <StepA /> },
          { path: "/b", element: <h1>Step B</h1> },
          { path: "/c", element: <PageC /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

it("leaves focus alone on the first render (a full page load)", () => {
  renderAt("/a");
  expect(document.activeElement).toBe(document.body);
});

it("moves focus to the new page's heading when the button that navigated is gone", async () => {
  renderAt("/a");
  const button = screen.getByRole("button", { name: "Continue" });
  button.focus();
  await act(async () => button.click());
  const heading = screen.getByRole("heading", { name: "Step B" });
  expect(document.activeElement).toBe(heading);
  expect(heading.getAttribute("tabindex")).toBe("-1");
});

it("moves focus from a followed link that stays on the page (the header's) to the heading", async () => {
  renderAt("/a");
  const link = screen.getByRole("link", { name: "To B" });
  link.focus();
  await act(async () => link.click());
  expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Step B" }));
});

it("keeps a field the new page focused itself, and never moves focus within one page", async () => {
  const router = renderAt("/a");
  const button = screen.getByRole("button", { name: "To a page that focuses its own field" });
  button.focus();
  await act(async () => button.click());
  const field = screen.getByRole("textbox", { name: "C field" });
  expect(document.activeElement).toBe(field);
  await act(async () => router.navigate("/c?view=other"));
  expect(document.activeElement).toBe(field);
});

it("does not take focus from a field the buyer is typing into", async () => {
  const router = renderAt("/a");
  const field = screen.getByRole("textbox", { name: "Search" });
  field.focus();
  await act(async () => router.navigate("/b"));
  expect(document.activeElement).toBe(field);
});
