import type { Design, EmojiLayer, TextLayer } from "#app/modules/design/design.ts";

/** Layers and designs for the editor's tests. */

export function textLayer(overrides: Partial<TextLayer> = {}): TextLayer {
  return {
    id: "layer-1",
    kind: "text",
    x: 100,
    y: 300,
    rotation: 0,
    text: "Skate",
    font: "inter",
    fontSize: 20,
    color: "#1b1b1b",
    align: "center",
    ...overrides,
  };
}

export function emojiLayer(overrides: Partial<EmojiLayer> = {}): EmojiLayer {
  return {
    id: "layer-2",
    kind: "emoji",
    x: 100,
    y: 500,
    rotation: 0,
    unified: "1f6f9",
    name: "skateboard",
    size: 50,
    ...overrides,
  };
}

export function designWith(...layers: Design["layers"]): Design {
  return { background: "#f4d35e", layers };
}

/** A design with `count` layers, alternating text and stickers, down the middle of the deck. */
export function designOf(count: number): Design {
  const layers = Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? textLayer({ id: `layer-${index + 1}`, y: 60 + index * 22, text: `Layer ${index + 1}` })
      : emojiLayer({ id: `layer-${index + 1}`, y: 60 + index * 22, size: 30 }),
  );
  return designWith(...layers);
}
