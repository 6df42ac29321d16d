import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { I18nextProvider } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { NotFoundPage } from "#app/components/not-found-page.tsx";
import { HydratedContext, useHydrationPhase } from "#app/components/use-hydrated.ts";
import { startBuildUpdates } from "#app/modules/build-update/build-updates.client.ts";
import { useChunkErrorPage } from "#app/modules/build-update/use-chunk-error-page.ts";
import { restoreTypedValues } from "#app/modules/forms/typed-values.client.ts";
import { keepLastSubmission, restoreKeptSubmission, startNotingSubmissions } from "#app/modules/forms/kept-submission.client.ts";
import { isLostSubmission } from "#app/modules/forms/network-failure.ts";
import { ServerErrorPage } from "#app/components/server-error-page.tsx";
import { SiteLayout } from "#app/components/site-layout.tsx";
import { rootMiddleware } from "#app/modules/middleware/root-middleware.server.ts";
import { getLocale, requestIdContext } from "./request-context.server.ts";
import { pageI18n, type PageMessages, type SerializedMessages } from "#app/modules/i18n/i18n-instance.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#app/modules/i18n/locales.ts";
import { serializedMessagesFor } from "#app/modules/i18n/messages.server.ts";
import { namespacesFor } from "#app/modules/i18n/page-namespaces.ts";
import { isDataRequestPath, PageMessagesScript, usePageMessagesText } from "#app/modules/i18n/page-messages.tsx";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { carriedDraftContext } from "#app/modules/checkout/carried-draft.server.ts";
import { CarriedDraftContext } from "#app/modules/checkout/order-store.ts";

export const middleware = rootMiddleware;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const locale = getLocale(context);
  // The words of the page being loaded, in its language only: a navigation's come with its data; a page loaded
  // whole has them in a script of their own (page-messages.tsx).
  const { pathname } = new URL(request.url);
  const messages = isDataRequestPath(pathname) ? serializedMessagesFor(locale, namespacesFor(pathname)) : null;
  // A step the browser posted itself: its fields, for this page to render and put into the tab's draft (D226).
  const carried = context.get(carriedDraftContext);
  return { requestId: context.get(requestIdContext), locale, messages, carried };
}

// The root loader is cheap (it reads what the middleware already put on the request), and running it on
// every navigation keeps `requestId` equal to the id of the request whose error a page may show, and brings
// the next page's words. Not after a submission the network lost: that reload would fail too (network-failure.ts).
export const shouldRevalidate = ({ actionResult }: ShouldRevalidateFunctionArgs) => !isLostSubmission(actionResult);

/** The page's language and words: the root loader's, or, on the outage page, the ones its error carries. */
function usePageLanguage(): { locale: Locale; messages: PageMessages | SerializedMessages | undefined } {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  const loadedWith = usePageMessagesText();
  if (rootData) return { locale: rootData.locale, messages: rootData.messages ?? loadedWith };
  const carried = isRouteErrorResponse(error) ? (error.data as { locale?: unknown; messages?: PageMessages } | null) : null;
  if (carried && isLocale(carried.locale)) return { locale: carried.locale, messages: carried.messages };
  return { locale: DEFAULT_LOCALE, messages: undefined };
}

export function Layout({ children }: { children: ReactNode }) {
  const { locale, messages } = usePageLanguage();
  const i18n = pageI18n(locale, messages);
  const carried = useRouteLoaderData<typeof loader>("root")?.carried ?? null;
  const hydrated = useHydrationPhase();
  // Marks the document once the whole page is React's and live (the tab's draft shown, script-only buttons enabled):
  // before that a click on a link is the browser's own. End-to-end tests wait for it; React's internal keys appear
  // before the commit.
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#171614" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <HydratedContext.Provider value={hydrated}>
            <CarriedDraftContext.Provider value={carried}>
              <SiteLayout>{children}</SiteLayout>
            </CarriedDraftContext.Provider>
          </HydratedContext.Provider>
        </I18nextProvider>
        <PageMessagesScript />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Once the app is ready: fetch this build's meta after 1 s, check for a newer build every 60 minutes.
  useEffect(() => startBuildUpdates(), []);
  // Hydration has made every form control React's: what was typed before it goes to the fields' onChange now.
  useEffect(() => void restoreTypedValues(), []);
  // A form sent while the shop was briefly unavailable is given back when its page is opened again.
  useEffect(() => {
    restoreKeptSubmission();
    return startNotingSubmissions();
  }, []);
  useChunkErrorPage();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage path={readablePath(pathname)} />;
  }
  const reference = rootData?.requestId;
  if (isRouteErrorResponse(error) && error.status === 503 && isOutageData(error.data)) {
    return (
      <ServerErrorPage status={503} description={error.data.message} reference={error.data.reference ?? reference}>
        <KeepSubmission />
        <p>
          <a className="button button--primary" href={pathname + search}>
            {t("error.tryAgain")}
          </a>
        </p>
      </ServerErrorPage>
    );
  }
  if (isRouteErrorResponse(error)) {
    const description = typeof error.data === "string" ? error.data : error.statusText || t("error.requestFailed");
    return <ServerErrorPage status={error.status} description={description} reference={reference} />;
  }
  // In production the server replaces an unexpected error's message with "Unexpected Server Error" and drops
  // its stack, so no SQL or file path reaches the page; the reference finds the full error in the server log.
  // That fixed English phrase is shown in the page's language; a development error keeps its own message.
  const description =
    error instanceof Error && error.message !== "Unexpected Server Error" ? error.message : t("error.somethingWrong");
  return (
    <>
      <ServerErrorPage description={description} reference={reference} />
      {import.meta.env.DEV && error instanceof Error ? <pre className="error-page__stack">{error.stack}</pre> : null}
    </>
  );
}

/** On the "briefly unavailable" page: the form just sent (if that is what failed) is kept for "Try again". */
function KeepSubmission() {
  useEffect(() => keepLastSubmission(), []);
  return null;
}

/** What the root middleware throws when the database is away: the page's words and the request's reference. */
function isOutageData(value: unknown): value is { message: string; reference?: string } {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}

function readablePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

// Pages without a meta of their own (the 404 and error pages) get the shop's title and a description; a missing
// page says so in the tab too.
export function meta(args: Route.MetaArgs) {
  const { t } = metaTranslator(args, "common");
  if (isRouteErrorResponse(args.error) && args.error.status === 404) {
    return pageMeta({ title: t("notFound.title"), description: t("meta.description") });
  }
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
}
