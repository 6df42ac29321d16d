// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { designWith, textLayer } from "#tests/support/design-fixtures.ts";
import { DeckViewer } from "./deck-viewer.tsx";

afterEach(cleanup);

const design = designWith(textLayer({ text: "Ollie" }));
const shown = () => screen.getByRole("img").dataset.surface;
const pressed = () =>
  screen.getAllByRole("button").map((button) => `${button.textContent}: ${button.getAttribute("aria-pressed")}`);

describe("DeckViewer", () => {
  it("shows the bottom with the graphic first, and turns the deck over with two toggle buttons", () => {
    render(<DeckViewer design={design} size={8} grip />);
    expect(screen.getByRole("group", { name: "Deck side shown" })).toBeTruthy();
    expect(shown()).toBe("graphic");
    expect(pressed()).toEqual(["Bottom (your graphic): true", "Top (grip side): false"]);

    fireEvent.click(screen.getByRole("button", { name: "Top (grip side)" }));
    expect(shown()).toBe("grip");
    expect(screen.queryByText("Ollie")).toBeNull();
    expect(pressed()).toEqual(["Bottom (your graphic): false", "Top (grip side): true"]);

    fireEvent.click(screen.getByRole("button", { name: "Bottom (your graphic)" }));
    expect(shown()).toBe("graphic");
  });

  it("follows the side it is given and reports the buyer's choice", () => {
    const onSideChange = vi.fn();
    const { rerender } = render(<DeckViewer design={design} size={8} grip={false} side="top" onSideChange={onSideChange} />);
    expect(shown()).toBe("maple");
    fireEvent.click(screen.getByRole("button", { name: "Bottom (your graphic)" }));
    expect(onSideChange).toHaveBeenCalledWith("bottom");
    rerender(<DeckViewer design={design} size={8} grip side="top" onSideChange={onSideChange} />);
    expect(shown()).toBe("grip");
  });

  it("is disabled in the server's HTML, where a tap would do nothing, and enabled once the scripts run", () => {
    const html = renderToString(<DeckViewer design={design} size={8} grip />);
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
    render(<DeckViewer design={design} size={8} grip />);
    expect(screen.getAllByRole("button").map((button) => (button as HTMLButtonElement).disabled)).toEqual([false, false]);
  });
});
