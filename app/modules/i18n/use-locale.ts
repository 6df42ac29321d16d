import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales.ts";

/** The language the page is rendered in (the root loader's choice for this request). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
