// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialDesign } from "./design.ts";
import { designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";
import { DeckPair, DeckPreview } from "./deck-preview.tsx";
import { deckOutline } from "./deck-geometry.ts";
import { deckShapePath } from "./deck-shape.ts";

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

  it("shows the bottom by default: the background and the graphic cut to the deck's popsicle outline", () => {
    const design = designWith(textLayer(), emojiLayer());
    const { container } = render(<DeckPreview design={design} size={8} grip={false} />);
    const svg = container.querySelector("svg")!;
    expect(svg.dataset.side).toBe("bottom");
    const clip = container.querySelector("clipPath")!;
    expect(clip.querySelector("path")?.getAttribute("d")).toBe(deckShapePath(deckOutline(8)));
    const graphic = container.querySelector(`g[clip-path="url(#${clip.id})"]`)!;
    expect(graphic.querySelector("text")?.textContent).toBe("Skate");
    expect(graphic.querySelector("image")).not.toBeNull();
    expect(graphic.querySelector(`rect[fill="${design.background}"]`)).not.toBeNull();
  });

  it("shows the top with black grip tape and its grit when grip is chosen, and no graphic", () => {
    const { container } = render(<DeckPreview design={designWith(textLayer(), emojiLayer())} size={8} grip side="top" />);
    const svg = container.querySelector("svg")!;
    expect(svg.dataset.surface).toBe("grip");
    expect(screen.getByRole("img", { name: "Custom skateboard deck, 8.0″ wide, top side: black grip tape" })).toBe(svg);
    const grit = container.querySelector("pattern")!;
    expect(grit.id).toMatch(/-grit$/);
    expect(container.querySelector(`path[fill="url(#${grit.id})"]`)).not.toBeNull();
    expect(container.querySelector("text, image")).toBeNull();
    expect(container.querySelectorAll("circle")).toHaveLength(8);
  });

  it("shows the bare maple with its grain on top without grip", () => {
    const { container } = render(<DeckPreview design={designWith(textLayer())} size={8} grip={false} side="top" />);
    expect(container.querySelector("svg")?.dataset.surface).toBe("maple");
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
      "Custom skateboard deck, 8.0″ wide, top side: bare maple, no grip tape",
    );
    const grain = container.querySelector("pattern")!;
    expect(grain.id).toMatch(/-grain$/);
    expect(container.querySelector(`path[fill="url(#${grain.id})"]`)).not.toBeNull();
    expect(container.querySelector("text, image")).toBeNull();
  });

  it("draws the seven plies of the rail under the face", () => {
    const { container } = render(<DeckPreview design={initialDesign} size={8} grip={false} />);
    const plies = [...container.querySelectorAll("path[transform^='translate']")];
    expect(plies).toHaveLength(7);
    expect(new Set(plies.map((ply) => ply.getAttribute("transform"))).size).toBe(7);
  });

  it("gives two decks on one page their own ids, and each refers only to its own", () => {
    const { container } = render(
      <>
        <DeckPreview design={designWith(textLayer())} size={8} grip side="top" />
        <DeckPair design={designWith(textLayer())} size={8.5} grip />
      </>,
    );
    const svgs = [...container.querySelectorAll("svg")];
    expect(svgs).toHaveLength(3);
    const ids = [...container.querySelectorAll("[id]")].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const svg of svgs) {
      const own = new Set([...svg.querySelectorAll("[id]")].map((element) => element.id));
      const references = [...svg.outerHTML.matchAll(/url\(#([^)]+)\)/g)].map(([, id]) => id);
      expect(references.length).toBeGreaterThan(2);
      expect(references.every((id) => own.has(id!))).toBe(true);
    }
  });

  it("pairs the bottom with the top when grip is chosen, the bottom alone without", () => {
    const { container, rerender } = render(<DeckPair design={initialDesign} size={8} grip />);
    expect([...container.querySelectorAll("svg")].map((svg) => svg.dataset.surface)).toEqual(["graphic", "grip"]);
    rerender(<DeckPair design={initialDesign} size={8} grip={false} />);
    expect([...container.querySelectorAll("svg")].map((svg) => svg.dataset.surface)).toEqual(["graphic"]);
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
    // The deck's 203.2 × 809.625 mm, a 3 mm frame and 6 mm on the far sides for the rail.
    expect(container.querySelector("svg")?.getAttribute("viewBox")).toBe("-3 -3 212.2 818.625");
  });

  it("lies nose to the left when horizontal", () => {
    const { container } = render(<DeckPreview design={initialDesign} size={8} grip side="top" horizontal />);
    expect(container.querySelector("svg")?.getAttribute("viewBox")).toBe("-3 -6 818.625 212.2");
    expect(container.querySelector("svg > g")?.getAttribute("transform")).toBe("matrix(0 -1 1 0 0 203.2)");
  });
});
