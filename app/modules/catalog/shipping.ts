import { catalog } from "./catalog.ts";

/**
 * Where we ship, what it costs and how long it takes once the deck has left the workshop: one table.
 * Rates are catalog amounts (German VAT included), taxed by destination like the deck (tax.ts): an EU buyer pays
 * them as they stand, an export pays them net.
 */

export interface ShippingZone {
  /** Shipping in cents, German VAT included. */
  rateCents: number;
  /** Working days in transit, from the day the deck ships. */
  transitDays: readonly [min: number, max: number];
  countries: readonly string[];
}

export const SHIPPING_ZONES = {
  domestic: { rateCents: 490, transitDays: [1, 2], countries: ["DE"] },
  euNear: { rateCents: 990, transitDays: [2, 4], countries: ["AT", "BE", "CZ", "DK", "FR", "LU", "NL", "PL"] },
  euFar: {
    rateCents: 1290,
    transitDays: [3, 6],
    countries: ["BG", "CY", "EE", "ES", "FI", "GR", "HR", "HU", "IE", "IT", "LT", "LV", "MT", "PT", "RO", "SE", "SI", "SK"],
  },
  europe: { rateCents: 1490, transitDays: [3, 7], countries: ["CH", "GB", "NO"] },
  world: { rateCents: 2490, transitDays: [6, 12], countries: ["AU", "CA", "JP", "US"] },
} as const satisfies Record<string, ShippingZone>;

export type ShippingZoneId = keyof typeof SHIPPING_ZONES;

const zoneOfCountry = new Map<string, ShippingZoneId>(
  Object.entries(SHIPPING_ZONES).flatMap(([zone, { countries }]) => countries.map((code) => [code, zone as ShippingZoneId])),
);

/** Every destination we ship to. */
export const SHIPPING_COUNTRIES: readonly string[] = [...zoneOfCountry.keys()].sort();

export function shippingZoneOf(country: string): ShippingZoneId | undefined {
  return zoneOfCountry.get(country);
}

/** Shipping in cents for a destination (German VAT included, as the catalog's amounts); undefined where we do not ship. */
export function shippingRateOf(country: string): number | undefined {
  const zone = shippingZoneOf(country);
  return zone ? SHIPPING_ZONES[zone].rateCents : undefined;
}

/**
 * Working days from the order to the door: the deck is made to order (catalog's working days), then travels the
 * zone's transit days. Undefined where we do not ship.
 */
export function deliveryEstimate(country: string): { minWorkingDays: number; maxWorkingDays: number } | undefined {
  const zone = shippingZoneOf(country);
  if (!zone) return undefined;
  const [min, max] = SHIPPING_ZONES[zone].transitDays;
  const made = catalog.product.madeToOrderWorkingDays;
  return { minWorkingDays: made + min, maxWorkingDays: made + max };
}
