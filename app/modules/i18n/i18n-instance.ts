import { createInstance, type i18n as I18n } from "i18next";
import { LOCALES, type Locale } from "./locales.ts";
import type { Namespace } from "./page-namespaces.ts";

export type PageMessages = Partial<Record<Namespace, Record<string, unknown>>>;

const instances = new Map<Locale, I18n>();

/**
 * The i18next the page renders with, for a language, holding the messages the root loader sent. One instance per
 * language, kept: a navigation adds the next page's namespaces to it. Adding is idempotent (the same words each
 * time), so the server can share these instances between requests.
 */
export function pageI18n(locale: Locale, messages: PageMessages | undefined): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      ns: ["common"],
      defaultNS: "common",
      resources: {},
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    instances.set(locale, instance);
  }
  for (const [namespace, bundle] of Object.entries(messages ?? {})) {
    if (bundle && !instance.hasResourceBundle(locale, namespace)) {
      instance.addResourceBundle(locale, namespace, bundle, true, true);
    }
  }
  return instance;
}
