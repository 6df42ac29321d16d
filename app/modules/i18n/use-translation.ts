import { useContext, useMemo } from "react";
import { getI18n, I18nContext } from "react-i18next";
import type { DefaultNamespace, i18n as I18n, Namespace, TFunction } from "i18next";
import { translatorOf } from "./quick-translate.ts";

/**
 * The page's `t` for a namespace, and its i18next. react-i18next's hook of the same name copies the whole i18next
 * instance's property descriptors each time a component mounts, and on the server every render mounts every
 * component: 4 % of a checkout page's CPU under load (bench:ssr's profile). The page's instance never changes
 * language (one per language, pageI18n), so a `t` per namespace can be kept; a language switch brings another
 * instance through the provider, which re-renders its readers.
 */
export function useTranslation<const Ns extends Namespace = DefaultNamespace>(namespace?: Ns): { t: TFunction<Ns>; i18n: I18n } {
  // Without a provider (component tests), the instance given to react-i18next's setI18n, as its own hook does.
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const language = i18n.language;
  // Looked up once per component and language: a card keystroke re-renders the preview, and the look-up's key
  // string and two maps were a tenth of its script time (bench:card).
  const t = useMemo(() => translatorOf(i18n, namespace as string | undefined), [i18n, language, namespace]);
  return { t: t as TFunction<Ns>, i18n };
}
