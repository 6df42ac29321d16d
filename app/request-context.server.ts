import { createContext, type RouterContextProvider } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "#app/modules/i18n/locales.ts";
import type { Session } from "#app/modules/session/session.server.ts";
import { productionServices, type Services } from "#app/services.server.ts";

/** Values the root middleware puts on every request; loaders, actions and middleware read them. */

/** The database and the payment provider. Tests set their own; the default is the process-wide one. */
export const servicesContext = createContext<Services>(productionServices);

/** A short id for this request, sent as X-Request-Id and shown on error pages as the reference. */
export const requestIdContext = createContext<string>("unknown");

/** The language this request is answered in (the switcher's cookie, then Accept-Language). */
export const localeContext = createContext<Locale>(DEFAULT_LOCALE);

/** The visitor's session, or null for a visitor without one. */
export const sessionContext = createContext<Session | null>(null);

type Context = Readonly<RouterContextProvider>;

export function getServices(context: Context): Services {
  return context.get(servicesContext);
}

export async function getDb(context: Context) {
  return (await getServices(context).database()).db;
}

/** The shop's public origin, for links in mail: configured, never taken from the request's Host header. */
export function getSiteUrl(context: Context): string {
  return getServices(context).siteUrl();
}

export function getLocale(context: Context): Locale {
  return context.get(localeContext);
}
