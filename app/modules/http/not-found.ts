import { data } from "react-router";
import { localeOfRequest } from "#app/modules/i18n/request-locale.mjs";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { escapeHtml } from "#app/modules/mail/mail-html.ts";
import { plainPage } from "./plain-page.mjs";

/**
 * Throws the 404 page, worded as for any unknown path: the one answer for a page that does not exist and for one
 * this visitor may not see (an order without its token, the back office to anyone but an operator), so that
 * neither can be probed.
 */
export function pageNotFound(request: Request): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

/**
 * A resource route's loader (a PDF, a CSV), answering pageNotFound with the 404 page in the visitor's language. A
 * resource route has no error boundary: React Router would send the thrown 404's text as a JSON string, which is what
 * a buyer opening an old invoice link got.
 */
export function withNotFoundPage<Args extends { request: Request }>(loader: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await loader(args);
    } catch (error) {
      if (isNotFound(error)) throw notFoundPage(args.request);
      throw error;
    }
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof Response) return error.status === 404;
  // What `data(…, { status })` throws.
  return typeof error === "object" && error !== null && (error as { init?: { status?: number } }).init?.status === 404;
}

function notFoundPage(request: Request): Response {
  const locale = localeOfRequest(request.headers);
  const t = translatorFor(locale, "common");
  const path = new URL(request.url).pathname;
  const next = escapeHtml(t("notFound.next"))
    .replace(/&#60;home&#62;(.*?)&#60;\/home&#62;/, '<a href="/">$1</a>')
    .replace(/&#60;gripSize&#62;(.*?)&#60;\/gripSize&#62;/, '<a href="/GripSize">$1</a>');
  const html = plainPage({
    status: 404,
    lang: locale,
    title: escapeHtml(t("notFound.title")),
    paragraphs: [escapeHtml(t("notFound.description", { path })), next],
  });
  return new Response(html, {
    status: 404,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": locale,
      "Cache-Control": "no-store",
      // Nothing but its own inline style: no script, no image, no frame.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
