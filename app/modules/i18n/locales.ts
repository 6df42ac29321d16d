/**
 * The shop's languages. Shared by server and browser: which languages exist, how a request picks one (in
 * request-locale.mjs, which server.mjs uses too), and the Intl locale each formats money, dates and numbers with.
 */
import { LOCALES } from "./request-locale.mjs";

export {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  localeFromAcceptLanguage,
  localeOfRequest,
} from "./request-locale.mjs";

export type Locale = (typeof LOCALES)[number];

/** The tag Intl formats with: euro amounts as Irish English writes them (€59.00), or as German does (59,00 €). */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-IE", de: "de-DE" };

/** Each language's own name, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", de: "Deutsch" };
