/**
 * The buyer's deck graphic. The editor (issue 6) grows this model with layers;
 * for now a design is its background colour. No zod here: the start page reads designs.
 */
export interface Design {
  background: string;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const initialDesign: Design = { background: "#f4d35e" };

export function isDesign(value: unknown): value is Design {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Design).background === "string" &&
    HEX_COLOUR.test((value as Design).background)
  );
}

export const backgroundSwatches = [
  { name: "Sunflower", value: "#f4d35e" },
  { name: "Tangerine", value: "#ee964b" },
  { name: "Tomato", value: "#f95738" },
  { name: "Ocean", value: "#0d3b66" },
  { name: "Mint", value: "#5fbb97" },
  { name: "Charcoal", value: "#2b2d42" },
  { name: "Natural maple", value: "#e9d8a6" },
] as const;
