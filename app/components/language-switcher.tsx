import { Form, useLocation } from "react-router";
import { CarriedFields } from "#app/modules/checkout/carried-fields.tsx";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { LANGUAGE_NAMES, LOCALES } from "#app/modules/i18n/locales.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";

/**
 * English | Deutsch in the header. Each language is a button of one small form that stores the choice in a
 * cookie (routes/language.ts) and comes back to the same page; the current language is marked, not a button.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLocale();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/language" className="language-switcher" aria-label={t("language.label")}>
      <input type="hidden" name="returnTo" value={pathname + search} />
      {/* Without scripts, what the checkout carried to this page goes with the switch, or the page would come back empty. */}
      <CarriedFields except={[]} />
      {LOCALES.map((locale) =>
        locale === current ? (
          <span key={locale} lang={locale} aria-current="true" className="language-switcher__current">
            {LANGUAGE_NAMES[locale]}
          </span>
        ) : (
          <button key={locale} type="submit" name="locale" value={locale} lang={locale} className="language-switcher__option">
            {LANGUAGE_NAMES[locale]}
          </button>
        ),
      )}
    </Form>
  );
}
