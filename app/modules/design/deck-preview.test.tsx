// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialDesign } from "./design.ts";
import { designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";
import { DeckPreview } from "./deck-preview.tsx";

afterEach(cleanup);

describe("DeckPreview", () => {
  it("names the deck, its width and grip", () => {
    render(<DeckPreview design={initialDesign} size={8.5} grip />);
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
      "Custom skateboard deck, 8.5″ wide, with grip tape",
    );
  });

  it("draws the layers: text in its bundled font, stickers from the self-hosted Twemoji artwork", () => {
    const design = designWith(
      textLayer({ text: "Skate\nor die", font: "permanent-marker", color: "#ff0000" }),
      emojiLayer({ unified: "1f525", name: "fire" }),
    );
    const { container } = render(<DeckPreview design={design} size={8} grip={false} />);
    const text = container.querySelector("text");
    expect(text?.getAttribute("font-family")).toBe('"Permanent Marker"');
    expect(text?.getAttribute("fill")).toBe("#ff0000");
    expect([...container.querySelectorAll("tspan")].map((line) => line.textContent)).toEqual(["Skate", "or die"]);
    expect(container.querySelector("image")?.getAttribute("href")).toBe("/emoji/svg/1f525.svg");
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
      "Custom skateboard deck, 8.0″ wide, with the text “Skate\nor die” and the sticker: fire",
    );
  });

  it("cuts the graphic to the deck's outline", () => {
    const { container } = render(<DeckPreview design={designWith(textLayer())} size={8} grip={false} />);
    const clipId = container.querySelector("clipPath")?.id;
    expect(container.querySelector(`g[clip-path="url(#${clipId})"] text`)).not.toBeNull();
  });

  it("shows the native emoji when the artwork is missing", () => {
    const { container } = render(
      <DeckPreview design={designWith(emojiLayer({ unified: "1fae9" }))} size={8} grip={false} />,
    );
    fireEvent.error(container.querySelector("image")!);
    expect(container.querySelector("image")).toBeNull();
    expect(container.querySelector("text")?.textContent).toBe("\u{1fae9}");
  });

  it("keeps its viewBox in millimetres of the deck, in true proportions", () => {
    const { container } = render(<DeckPreview design={initialDesign} size={8} grip={false} />);
    expect(container.querySelector("svg")?.getAttribute("viewBox")).toBe("-3 -3 209.2 815.625");
  });
});
