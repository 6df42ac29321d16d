// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, expect, it } from "vitest";
import { useCloseOnOutside } from "./use-close-on-outside.ts";

afterEach(cleanup);

function Popup() {
  const [open, setOpen] = useState(true);
  const wrapper = useRef<HTMLDivElement>(null);
  useCloseOnOutside(open, wrapper, setOpen);
  return (
    <>
      <div ref={wrapper}>
        <button type="button" onClick={() => setOpen(true)}>
          Toggle
        </button>
        {open ? <input aria-label="Search" /> : null}
      </div>
      <button type="button">Under the popup</button>
    </>
  );
}

it("closes when keyboard focus moves outside, not when it moves within or goes nowhere", () => {
  render(<Popup />);
  const search = screen.getByRole("textbox", { name: "Search" });
  const toggle = screen.getByRole("button", { name: "Toggle" });
  act(() => search.focus());
  act(() => toggle.focus()); // Shift+Tab back to the button that opened it
  expect(screen.queryByRole("textbox", { name: "Search" })).not.toBeNull();
  act(() => {
    search.focus();
    fireEvent.focusOut(search, { relatedTarget: null }); // the window lost focus
  });
  expect(screen.queryByRole("textbox", { name: "Search" })).not.toBeNull();
  act(() => screen.getByRole("button", { name: "Under the popup" }).focus()); // Tab out of the popup
  expect(screen.queryByRole("textbox", { name: "Search" })).toBeNull();
});

it("closes on a pointer going down outside, not inside", () => {
  render(<Popup />);
  fireEvent.pointerDown(screen.getByRole("textbox", { name: "Search" }));
  expect(screen.queryByRole("textbox", { name: "Search" })).not.toBeNull();
  fireEvent.pointerDown(screen.getByRole("button", { name: "Under the popup" }));
  expect(screen.queryByRole("textbox", { name: "Search" })).toBeNull();
});
