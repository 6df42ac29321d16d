import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { NotFoundPage } from "#app/components/not-found-page.tsx";
import { startBuildUpdates } from "#app/modules/build-update/build-updates.client.ts";
import { useChunkErrorPage } from "#app/modules/build-update/use-chunk-error-page.ts";
import { restoreTypedValues } from "#app/modules/forms/typed-values.client.ts";
import { keepLastSubmission, restoreKeptSubmission, startNotingSubmissions } from "#app/modules/forms/kept-submission.client.ts";
import { ServerErrorPage } from "#app/components/server-error-page.tsx";
import { SiteLayout } from "#app/components/site-layout.tsx";
import { rootMiddleware } from "#app/modules/middleware/root-middleware.server.ts";
import { requestIdContext } from "./request-context.server.ts";

export const middleware = rootMiddleware;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { requestId: context.get(requestIdContext) };
}

// The root loader is cheap (it reads what the middleware already put on the request), and running it on
// every navigation keeps `requestId` equal to the id of the request whose error a page may show.
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#171614" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteLayout>{children}</SiteLayout>
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
            Try again
          </a>
        </p>
      </ServerErrorPage>
    );
  }
  if (isRouteErrorResponse(error)) {
    const description = typeof error.data === "string" ? error.data : error.statusText || "The request failed.";
    return <ServerErrorPage status={error.status} description={description} reference={reference} />;
  }
  // In production the server replaces an unexpected error's message with "Unexpected Server Error" and drops
  // its stack, so no SQL or file path reaches the page; the reference finds the full error in the server log.
  const description = error instanceof Error ? error.message : "Something went wrong.";
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

// Pages without a meta of their own (the 404 and error pages) get the shop's title and a description.
export function meta() {
  return [
    { title: "Deck Studio: design your own skateboard deck" },
    { name: "description", content: "Design your own skateboard deck with text and emoji stickers; printed to order and shipped." },
  ];
}
