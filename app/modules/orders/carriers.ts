import type { Locale } from "#app/modules/i18n/locales.ts";

/**
 * The parcel carriers an operator ships with, how their tracking numbers look and where a buyer follows a parcel.
 * Shared by the back office (which validates what is typed) and the buyer's order page and mail (the link).
 */
export interface Carrier {
  name: string;
  /** The tracking number, spaces removed and upper-cased, must match. */
  pattern: RegExp;
  /** An example for the field's message. */
  example: string;
  /** The carrier's tracking page, in the reader's language where the carrier has one. */
  trackingUrl: (trackingNumber: string, locale: Locale) => string;
}

export const CARRIERS = {
  dhl: {
    name: "DHL",
    // Parcel numbers (12 or 20 digits), JJD… labels and international S10 numbers (e.g. RR123456785DE).
    pattern: /^(\d{12}|\d{20}|JJD\d{16,18}|[A-Z]{2}\d{9}[A-Z]{2}|\d{10})$/,
    example: "00340434161234567890",
    trackingUrl: (n, locale) => `https://www.dhl.de/${locale}/privatkunden/pakete-empfangen/verfolgen.html?piececode=${encodeURIComponent(n)}`,
  },
  dpd: {
    name: "DPD",
    pattern: /^\d{14}$/,
    example: "01234567890123",
    trackingUrl: (n, locale) => `https://tracking.dpd.de/status/${locale === "de" ? "de_DE" : "en_US"}/parcel/${encodeURIComponent(n)}`,
  },
  gls: {
    name: "GLS",
    pattern: /^(\d{11,12}|[A-Z0-9]{8})$/,
    example: "12345678901",
    trackingUrl: (n, locale) => `https://gls-group.com/DE/${locale === "de" ? "de/paketverfolgung" : "en/parcel-tracking"}?match=${encodeURIComponent(n)}`,
  },
  hermes: {
    name: "Hermes",
    pattern: /^(\d{14}|H\d{19})$/,
    example: "12345678901234",
    trackingUrl: (n) => `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#${encodeURIComponent(n)}`,
  },
  ups: {
    name: "UPS",
    pattern: /^1Z[A-Z0-9]{16}$/,
    example: "1Z999AA10123456784",
    trackingUrl: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
  },
  fedex: {
    name: "FedEx",
    pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/,
    example: "123456789012",
    trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
  },
} as const satisfies Record<string, Carrier>;

export type CarrierCode = keyof typeof CARRIERS;

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === "string" && Object.hasOwn(CARRIERS, value);
}

/** A tracking number as carriers print it with spaces, in the one spelling we store. */
export function normaliseTrackingNumber(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** A stored carrier as people name it ("DHL"); an unknown code is shown as it is. */
export function carrierName(carrier: string | null): string {
  if (!carrier) return "";
  return isCarrierCode(carrier) ? CARRIERS[carrier].name : carrier;
}

/** The link a buyer follows for a stored carrier and tracking number, or null for anything unknown. */
export function trackingLink(carrier: string | null, trackingNumber: string | null, locale: Locale = "en"): string | null {
  if (!carrier || !trackingNumber || !isCarrierCode(carrier)) return null;
  return CARRIERS[carrier].trackingUrl(trackingNumber, locale);
}
