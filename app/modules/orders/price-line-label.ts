import { catalog } from "#app/modules/catalog/catalog.ts";

export type PriceLineKey = "deck" | "wideDeck" | "grip";

/** The catalog's line labels (stored in English on every order) and their message keys. */
const LINE_KEYS = new Map<string, PriceLineKey>([
  [catalog.product.name, "deck"],
  [catalog.wideDeck.label, "wideDeck"],
  [catalog.grip.label, "grip"],
]);

/**
 * Which of the catalog's lines a placed order's price line is, to name it in a language (`priceLines.<key>`).
 * An order stores its lines as charged, labels in English; a label that is not the catalog's (null here) is
 * shown as it was stored.
 */
export function priceLineKey(label: string): PriceLineKey | null {
  return LINE_KEYS.get(label) ?? null;
}
