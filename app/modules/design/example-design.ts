import type { Design } from "./design.ts";

/**
 * What the start page shows on the deck until the buyer has made a graphic of their own: a blank yellow deck
 * does not say "printed with your graphic". Placed for the narrowest deck (7.75″, about 197 × 810 mm), which
 * every width contains. Plain data, valid under design-schema.ts (a test holds it there). The stickers' names (the
 * picture's description) are in English: `exampleDesignIn` gives them in the page's language.
 */
export const exampleDesign: Design = {
  background: "#0d3b66",
  layers: [
    { id: "board", kind: "emoji", unified: "1f6f9", name: "skateboard", size: 72, x: 98, y: 135, rotation: -20 },
    {
      id: "text",
      kind: "text",
      text: "MADE BY YOU",
      font: "bebas-neue",
      fontSize: 100,
      color: "#f4d35e",
      align: "center",
      x: 98,
      y: 432,
      rotation: -90,
    },
    { id: "fire", kind: "emoji", unified: "1f525", name: "fire", size: 70, x: 98, y: 700, rotation: 0 },
  ],
};

export type ExampleStickerId = "board" | "fire";

/** The example with its stickers named by `nameOf` (the page's words for them). */
export function exampleDesignIn(nameOf: (id: ExampleStickerId) => string): Design {
  const layers = exampleDesign.layers.map((layer) =>
    layer.kind === "emoji" ? { ...layer, name: nameOf(layer.id as ExampleStickerId) } : layer,
  );
  return { ...exampleDesign, layers };
}
