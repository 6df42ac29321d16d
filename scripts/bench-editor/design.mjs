// The design the editor benchmark drags in: layers in two columns down an 8" deck, texts in every bundled font
// and Twemoji stickers, none overlapping, so that a press on a layer's centre takes that layer.

export const ORDER_STORAGE_KEY = "deck-studio:order:v1";

const FONTS = ["inter", "bebas-neue", "permanent-marker", "roboto-slab"];
const STICKERS = [
  { unified: "1f525", name: "fire" },
  { unified: "1f6f9", name: "skateboard" },
  { unified: "2b50", name: "star" },
  { unified: "1f480", name: "skull" },
];
const COLUMNS = [58, 145];
const FIRST_ROW_MM = 110;
const ROW_MM = 40;

export function benchDesign(count) {
  const layers = Array.from({ length: count }, (_, index) => {
    const placement = {
      id: `layer-${index + 1}`,
      x: COLUMNS[index % 2],
      y: FIRST_ROW_MM + Math.floor(index / 2) * ROW_MM,
      rotation: ((index * 7) % 30) - 15,
    };
    if (index % 3 === 2) return { ...placement, kind: "emoji", ...STICKERS[index % STICKERS.length], size: 28 };
    return {
      ...placement,
      kind: "text",
      text: `Deck ${index + 1}`,
      font: FONTS[index % FONTS.length],
      fontSize: 12,
      color: "#1b1b1b",
      align: "center",
    };
  });
  return { background: "#f4d35e", layers };
}
