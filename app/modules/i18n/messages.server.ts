import type { i18n as I18n, TFunction } from "i18next";
import { pageI18n, type SerializedMessages } from "./i18n-instance.ts";
import { LOCALES, type Locale } from "./locales.ts";
import { NAMESPACES, type Namespace } from "./page-namespaces.ts";
import { translatorOf } from "./quick-translate.ts";

/** Every message of every language: the server has them all; a browser gets one language's, page by page. */
type Messages = Record<string, unknown>;

const files = import.meta.glob<Messages>("../../locales/*/*.json", { eager: true, import: "default" });

export const resources: Record<Locale, Partial<Record<Namespace, Messages>>> = { en: {}, de: {} };
for (const [path, messages] of Object.entries(files)) {
  const [, locale, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if ((LOCALES as readonly string[]).includes(locale ?? "") && (NAMESPACES as readonly string[]).includes(namespace ?? "")) {
    resources[locale as Locale][namespace as Namespace] = messages;
  }
}

/** One language's messages of some namespaces, as the root loader sends them to the browser. */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): Partial<Record<Namespace, Messages>> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, resources[locale][namespace] ?? {}]));
}

const serialized = new Map<string, SerializedMessages>();

/**
 * messagesFor as JSON text, made once per language and namespaces: a page's messages script and a navigation's
 * root data carry it. Every `<` is written `\u003c` (the same JSON), so the text can stand inside a script element.
 */
export function serializedMessagesFor(locale: Locale, namespaces: readonly Namespace[]): SerializedMessages {
  const key = `${locale}|${namespaces.join(",")}`;
  let text = serialized.get(key);
  if (text === undefined) {
    text = JSON.stringify(messagesFor(locale, namespaces)).replaceAll("<", "\\u003c");
    serialized.set(key, text);
  }
  return text;
}

const filled = new Set<Locale>();

/**
 * The server's i18next for a language: the page's instance (i18n-instance.ts) holding every namespace, mails' and
 * invoices' too. Shared by requests: bundles are only ever added, never switched.
 */
export function serverI18n(locale: Locale): I18n {
  const instance = pageI18n(locale, filled.has(locale) ? undefined : resources[locale]);
  filled.add(locale);
  return instance;
}

/** Words for server-made text (mails, invoices, action errors) in a language: `t("key")` of one namespace. */
export function translatorFor<N extends Namespace>(locale: Locale, namespace: N): TFunction<N> {
  return translatorOf(serverI18n(locale), namespace) as TFunction<N>;
}
