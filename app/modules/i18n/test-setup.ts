import { createInstance } from "i18next";
import { setI18n } from "react-i18next";
import { messagesFor } from "./messages.server.ts";
import { NAMESPACES } from "./page-namespaces.ts";

// Component tests render without the root's I18nextProvider: they get the English words of every namespace, as
// a page in English would (withI18n(ui, "de") renders one in German). An instance of their own, so that tests
// that build a page's instance (pageI18n) start from an empty one.
const english = createInstance();
void english.init({
  lng: "en",
  fallbackLng: false,
  ns: [...NAMESPACES],
  defaultNS: "common",
  resources: { en: messagesFor("en", NAMESPACES) },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});
setI18n(english);
