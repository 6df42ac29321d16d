// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialDesign } from "./design.ts";
import { DeckThumb } from "./deck-thumb.tsx";

afterEach(cleanup);

describe("DeckThumb", () => {
  it("holds the drawing's box with a placeholder while the drawing loads, then shows the bottom and the grip top", async () => {
    render(<DeckThumb design={initialDesign} size={8} grip />);
    const box = screen.getByTestId("deck-thumb");
    expect(box.querySelector(".deck-thumb__placeholder")).not.toBeNull();
    expect(await screen.findAllByRole("img")).toHaveLength(2);
    expect(box.querySelector(".deck-thumb__placeholder")).toBeNull();
    expect(screen.getAllByRole("img").map((svg) => svg.dataset.surface)).toEqual(["graphic", "grip"]);
  });
});
