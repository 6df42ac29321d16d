import type { TFunction } from "i18next";
import { pageI18n, type PageMessages } from "./i18n-instance.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales.ts";
import type { Namespace } from "./page-namespaces.ts";

/** What a route's `meta` gets as `matches` (only what is read here). */
type MetaMatches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The page's language as the root loader chose it, read from a route's meta `matches`. */
export function metaLocale(matches: MetaMatches): Locale {
  const root = matches.find((match) => match?.id === "root")?.data as { locale?: unknown } | undefined;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}

/**
 * Words for a route's `meta` (title, description) in the page's language: the root loader's `locale` and the
 * messages it sent, from `matches`. The same on the server and in the browser.
 *
 *     export const meta = ({ matches }: Route.MetaArgs) => {
 *       const t = metaTranslator(matches, "account");
 *       return pageMeta({ title: t("meta.title"), description: t("meta.description") });
 *     };
 */
export function metaTranslator<N extends Namespace>(matches: MetaMatches, namespace: N): TFunction<N> {
  const locale = metaLocale(matches);
  const root = matches.find((match) => match?.id === "root")?.data as { messages?: PageMessages } | undefined;
  return pageI18n(locale, root?.messages).getFixedT(locale, namespace) as TFunction<N>;
}
