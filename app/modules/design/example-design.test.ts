import { describe, expect, it } from "vitest";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { deckOutline } from "./deck-geometry.ts";
import { layerBounds, layersOutsideSafeZone } from "./design-model.ts";
import { designSchema } from "./design-schema.ts";
import { exampleDesign, exampleDesignIn } from "./example-design.ts";

describe("the start page's example graphic", () => {
  it("is a design the shop would accept with an order", () => {
    expect(designSchema.safeParse(exampleDesign).success).toBe(true);
  });

  it.each(catalog.sizes)("lies inside the safe zone of the %s″ deck", (size) => {
    expect([...layersOutsideSafeZone(exampleDesign, deckOutline(size))]).toEqual([]);
  });

  it("has no layer covering another", () => {
    const boxes = exampleDesign.layers.map(layerBounds);
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const apart = a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
        expect(apart, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(true);
      }
    }
  });
});

describe("exampleDesignIn", () => {
  it("names the stickers in the page's words and leaves the rest as it is", () => {
    const german = exampleDesignIn((id) => ({ board: "Skateboard", fire: "Feuer" })[id]);
    expect(german.layers.flatMap((layer) => (layer.kind === "emoji" ? [layer.name] : []))).toEqual(["Skateboard", "Feuer"]);
    expect(german.layers.map((layer) => layer.id)).toEqual(exampleDesign.layers.map((layer) => layer.id));
    expect(german.background).toBe(exampleDesign.background);
  });
});
