import type { Locale } from "#app/modules/i18n/locales.ts";

/**
 * The destinations' names in the shop's languages, as CLDR spells them (`Intl.DisplayNames` for en-IE and de-DE;
 * country-names.test.ts holds the table to it). Written out rather than asked of Intl in the browser: the first use
 * of any Intl formatter on a page loads the browser's ICU data, about 30 ms of main thread on a laptop and 120–250 ms
 * on a slow phone, in the middle of hydration (bench:lighthouse, D242). A new destination in shipping.ts fails the
 * test until its names are here.
 */
export const COUNTRY_NAMES: Readonly<Record<string, Readonly<Record<Locale, string>>>> = {
  AT: { en: "Austria", de: "Österreich" },
  AU: { en: "Australia", de: "Australien" },
  BE: { en: "Belgium", de: "Belgien" },
  BG: { en: "Bulgaria", de: "Bulgarien" },
  CA: { en: "Canada", de: "Kanada" },
  CH: { en: "Switzerland", de: "Schweiz" },
  CY: { en: "Cyprus", de: "Zypern" },
  CZ: { en: "Czechia", de: "Tschechien" },
  DE: { en: "Germany", de: "Deutschland" },
  DK: { en: "Denmark", de: "Dänemark" },
  EE: { en: "Estonia", de: "Estland" },
  ES: { en: "Spain", de: "Spanien" },
  FI: { en: "Finland", de: "Finnland" },
  FR: { en: "France", de: "Frankreich" },
  GB: { en: "United Kingdom", de: "Vereinigtes Königreich" },
  GR: { en: "Greece", de: "Griechenland" },
  HR: { en: "Croatia", de: "Kroatien" },
  HU: { en: "Hungary", de: "Ungarn" },
  IE: { en: "Ireland", de: "Irland" },
  IT: { en: "Italy", de: "Italien" },
  JP: { en: "Japan", de: "Japan" },
  LT: { en: "Lithuania", de: "Litauen" },
  LU: { en: "Luxembourg", de: "Luxemburg" },
  LV: { en: "Latvia", de: "Lettland" },
  MT: { en: "Malta", de: "Malta" },
  NL: { en: "Netherlands", de: "Niederlande" },
  NO: { en: "Norway", de: "Norwegen" },
  PL: { en: "Poland", de: "Polen" },
  PT: { en: "Portugal", de: "Portugal" },
  RO: { en: "Romania", de: "Rumänien" },
  SE: { en: "Sweden", de: "Schweden" },
  SI: { en: "Slovenia", de: "Slowenien" },
  SK: { en: "Slovakia", de: "Slowakei" },
  US: { en: "United States", de: "Vereinigte Staaten" },
};

/**
 * A key that puts names in the order a collator of the language does, for names like these (letters, spaces and
 * hyphens, accents on a few): the letters without their accents first, the accents only between names that are
 * otherwise equal. country-names.test.ts holds it to `Intl.Collator` for both languages.
 */
export function nameSortKey(name: string): string {
  return `${name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}\u0000${name}`;
}
