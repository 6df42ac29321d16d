import { createInstance, type i18n as I18n } from "i18next";
import { LOCALES, type Locale } from "./locales.ts";
import type { Namespace } from "./page-namespaces.ts";

export type PageMessages = Partial<Record<Namespace, Record<string, unknown>>>;

/**
 * PageMessages as JSON text, made once per language and namespaces on the server: a page's messages script holds
 * it (page-messages.tsx), and a navigation's root data carries it as one string, which React Router's turbo-stream
 * encodes in one step instead of walking ~300 words.
 */
export type SerializedMessages = string;

const parsed = new Map<SerializedMessages, PageMessages>();

/** The messages of some JSON text, parsed once per text (a page's and a navigation's are few distinct texts). */
export function parseMessages(text: SerializedMessages): PageMessages {
  let messages = parsed.get(text);
  if (!messages) {
    messages = JSON.parse(text) as PageMessages;
    if (parsed.size >= 32) parsed.clear();
    parsed.set(text, messages);
  }
  return messages;
}

const instances = new Map<Locale, I18n>();

/**
 * The i18next the page renders with, for a language, holding the messages the root loader sent. One instance per
 * language, kept: a navigation adds the next page's namespaces to it. Adding is idempotent (the same words each
 * time), so the server can share these instances between requests.
 */
export function pageI18n(locale: Locale, given: PageMessages | SerializedMessages | undefined): I18n {
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
  const messages = typeof given === "string" ? parseMessages(given) : given;
  for (const [namespace, bundle] of Object.entries(messages ?? {})) {
    if (bundle && !instance.hasResourceBundle(locale, namespace)) {
      instance.addResourceBundle(locale, namespace, bundle, true, true);
    }
  }
  return instance;
}
