import type { TFunction } from "i18next";
import type { Layer } from "#app/modules/design/design.ts";

/** How the editor names layers to the buyer and to screen readers, in the page's language. */

export type EditorT = TFunction<"editor">;

const NAME_MAX_CHARS = 24;

/** "Text “Skate or die”", "Sticker: skateboard" (German: „Skate or die“). */
export function layerName(layer: Layer, t: EditorT): string {
  if (layer.kind === "emoji") return t("layer.sticker", { name: layer.name });
  const firstLine = layer.text.split("\n")[0]?.trim() ?? "";
  if (!firstLine) return t("layer.emptyText");
  const shown = firstLine.length > NAME_MAX_CHARS ? `${firstLine.slice(0, NAME_MAX_CHARS - 1)}…` : firstLine;
  return t("layer.text", { text: shown });
}

/** The name with its place in the stack and its safe-zone flag: "Text “Hi”, layer 2 of 3, outside the safe zone". */
export function layerDescription(layer: Layer, index: number, count: number, outside: boolean, t: EditorT): string {
  const place = t("layer.place", { name: layerName(layer, t), position: index + 1, total: count });
  return outside ? `${place}, ${t("safeZone.outsideInline")}` : place;
}

/** Where the layer's centre is, for a screen reader after a nudge. */
export function positionDescription(layer: Layer, t: EditorT): string {
  return t("layer.position", { x: Math.round(layer.x), y: Math.round(layer.y) });
}
