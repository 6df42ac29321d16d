import { setI18n } from "react-i18next";
import { pageI18n } from "./i18n-instance.ts";
import { messagesFor } from "./messages.server.ts";
import { NAMESPACES } from "./page-namespaces.ts";

// Component tests render without the root's I18nextProvider: they get the English words of every namespace, as
// a page in English would (withI18n(ui, "de") renders one in German).
setI18n(pageI18n("en", messagesFor("en", NAMESPACES)));
