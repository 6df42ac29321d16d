import type { TFunction } from "i18next";
import { pageI18n, type PageMessages, type SerializedMessages } from "./i18n-instance.ts";
import { translatorOf } from "./quick-translate.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales.ts";
import type { Namespace } from "./page-namespaces.ts";

/** What a route's `meta` receives: the matched routes, the root's among them with its loader's data. */
interface MetaMatches {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/**
 * The words of a route's `meta` (title and description), in the page's language: the root loader's `locale`
 * and `messages`, which every page and navigation carries. One way for every page (D171): the route's own
 * loader stays free of words, and the prerendered pages' titles come out in the language they are rendered in.
 */
export function metaTranslator<N extends Namespace>({ matches }: MetaMatches, namespace: N): { t: TFunction<N>; locale: Locale } {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { locale?: unknown; messages?: PageMessages | SerializedMessages }
    | undefined;
  const locale = isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
  const i18n = pageI18n(locale, root?.messages);
  return { t: translatorOf(i18n, namespace) as TFunction<N>, locale };
}
