// The pages the server answers itself, before React Router and so before the app's words are loaded: a form from
// another site (403) and a body too large (413). In the visitor's language (the switcher's cookie, then
// Accept-Language), made once per language at start.
import { plainPage } from "#app/modules/http/plain-page.mjs";
import { LOCALES, localeOfRequest } from "#app/modules/i18n/request-locale.mjs";

/** @type {Record<string, Record<"refused" | "tooLarge", { title: string, paragraphs: string[] }>>} */
const WORDS = {
  en: {
    refused: {
      title: "Form refused",
      paragraphs: ["This form was sent from another site, so it was refused. Nothing was changed.", '<a href="/">Go to the start page</a> and try again from there.'],
    },
    tooLarge: {
      title: "Form too large",
      paragraphs: ["What was sent is larger than any form of this shop, so nothing was saved.", '<a href="/">Go to the start page</a>.'],
    },
  },
  de: {
    refused: {
      title: "Formular abgelehnt",
      paragraphs: [
        "Dieses Formular wurde von einer anderen Website gesendet und deshalb abgelehnt. Es wurde nichts geändert.",
        '<a href="/">Zur Startseite</a> und von dort aus noch einmal versuchen.',
      ],
    },
    tooLarge: {
      title: "Formular zu groß",
      paragraphs: ["Das Gesendete ist größer als jedes Formular dieses Shops, deshalb wurde nichts gespeichert.", '<a href="/">Zur Startseite</a>.'],
    },
  },
};

const STATUS = { refused: 403, tooLarge: 413 };

const pages = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.fromEntries(Object.entries(STATUS).map(([kind, status]) => [kind, plainPage({ status, lang: locale, ...WORDS[locale][kind] })])),
  ]),
);

/**
 * The page of `kind` in the language of the request `req` (Node's IncomingMessage).
 * @param {"refused" | "tooLarge"} kind
 * @param {import("node:http").IncomingMessage} req
 * @returns {{ html: string, locale: string }}
 */
export function refusalPage(kind, req) {
  const locale = localeOfRequest({ get: (name) => req.headers[name.toLowerCase()]?.toString() });
  return { html: pages[locale][kind], locale };
}
