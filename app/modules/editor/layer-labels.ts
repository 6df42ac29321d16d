import type { Layer } from "#app/modules/design/design.ts";

/** How the editor names layers to the buyer and to screen readers. */

const NAME_MAX_CHARS = 24;

/** "Text “Skate or die”", "Sticker: skateboard". */
export function layerName(layer: Layer): string {
  if (layer.kind === "emoji") return `Sticker: ${layer.name}`;
  const firstLine = layer.text.split("\n")[0]?.trim() ?? "";
  if (!firstLine) return "Empty text";
  const shown = firstLine.length > NAME_MAX_CHARS ? `${firstLine.slice(0, NAME_MAX_CHARS - 1)}…` : firstLine;
  return `Text “${shown}”`;
}

export const OUTSIDE_SAFE_ZONE = "outside the safe zone";

/** The name with its place in the stack and its safe-zone flag: "Text “Hi”, layer 2 of 3, outside the safe zone". */
export function layerDescription(layer: Layer, index: number, count: number, outside: boolean): string {
  return `${layerName(layer)}, layer ${index + 1} of ${count}${outside ? `, ${OUTSIDE_SAFE_ZONE}` : ""}`;
}

/** Where the layer's centre is, for a screen reader after a nudge. */
export function positionDescription(layer: Layer): string {
  return `${Math.round(layer.x)} mm across, ${Math.round(layer.y)} mm down`;
}
