import type { TFunction } from "i18next";
import { catalog } from "#app/modules/catalog/catalog.ts";

/** The catalog's line labels (stored in English on every order) and their message keys. */
const LINE_KEYS = new Map<string, "priceLines.deck" | "priceLines.wideDeck" | "priceLines.grip">([
  [catalog.product.name, "priceLines.deck"],
  [catalog.wideDeck.label, "priceLines.wideDeck"],
  [catalog.grip.label, "priceLines.grip"],
]);

/**
 * A placed order's price line in a language. An order stores its lines as charged, labels in English; the
 * catalog's own labels are translated, any other label is shown as it was stored.
 */
export function priceLineLabel(label: string, t: TFunction<"orders">): string {
  const key = LINE_KEYS.get(label);
  return key ? t(key) : label;
}
