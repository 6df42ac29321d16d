import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { pageI18n } from "./i18n-instance.ts";
import type { Locale } from "./locales.ts";
import { messagesFor } from "./messages.server.ts";
import { NAMESPACES } from "./page-namespaces.ts";

/** For component tests: the UI rendered with every namespace of a language, as a page would have its own. */
export function withI18n(ui: ReactNode, locale: Locale = "en") {
  return <I18nextProvider i18n={pageI18n(locale, messagesFor(locale, NAMESPACES))}>{ui}</I18nextProvider>;
}
