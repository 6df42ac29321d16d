import { randomUUID } from "node:crypto";
import { data, type MiddlewareFunction } from "react-router";
import { getServices, localeContext, requestIdContext, sessionContext } from "#app/request-context.server.ts";
import { localeOfRequest } from "#app/modules/i18n/locales.ts";
import { messagesFor, translatorFor } from "#app/modules/i18n/messages.server.ts";
import { readSession, SESSION_COOKIE_NAME } from "#app/modules/session/session.server.ts";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailableContext,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  sessionUnreadableContext,
} from "#app/modules/observability/database-outage.server.ts";
import { currentRequest, logger, runWithRequest } from "#app/modules/observability/logger.mjs";
import { carriedDraftMiddleware } from "#app/modules/checkout/carried-draft.server.ts";

/**
 * Gives every request an id (X-Request-Id, the reference shown on error pages, and the `requestId` of every log
 * line). Behind server.mjs the id is the one its access log uses (the request store); the route pattern React
 * Router matched goes back into that store for the access log and the metrics. Elsewhere (the development server,
 * tests) the id is made here.
 */
export const requestIdMiddleware: MiddlewareFunction<Response> = async ({ context, pattern }, next) => {
  const request = currentRequest();
  const requestId = request?.requestId ?? randomUUID().slice(0, 8);
  if (request) request.route = pattern;
  context.set(requestIdContext, requestId);
  const response = request ? await next() : await runWithRequest(requestId, next);
  // server.mjs has sent the header already, for every answer (static files too).
  if (!request) response.headers.set("X-Request-Id", requestId);
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
  return response;
};

/**
 * A request that failed because the database is away (handleError marks it) is answered 503 with the page that
 * says so, instead of the generic 500: the outage passes, the buyer's input is kept in the browser, and trying
 * again in a moment works. The page is rendered anew by the root error boundary from what is thrown here.
 */
export const databaseOutageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!context.get(databaseUnavailableContext)) return response;
  await response.body?.cancel().catch(() => undefined);
  // The root loader's data is dropped with the page, so the outage page carries its language and words itself.
  const locale = context.get(localeContext);
  throw data(
    {
      message: translatorFor(locale, "common")("error.databaseUnavailable"),
      reference: context.get(requestIdContext),
      locale,
      messages: messagesFor(locale, ["common"]),
    },
    { status: 503, statusText: "Service Unavailable" },
  );
};

/**
 * Reads the visitor's session. A database outage must not take down pages that do not need it, so a failed
 * read is logged and the visitor is treated as having no session; pages that need the database fail on their own.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`)) {
    try {
      const { db } = await getServices(context).database();
      context.set(sessionContext, await readSession(db, request));
    } catch (error) {
      if (isDatabaseUnavailable(error)) context.set(sessionUnreadableContext, error);
      logger.warn({ err: error }, "session lookup failed: the visitor is treated as signed out for this request");
    }
  }
  return next();
};

/** Picks the request's language before anything renders or writes a message. */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = localeOfRequest(request.headers);
  context.set(localeContext, locale);
  const response = await next();
  if (!response.headers.has("Content-Language")) response.headers.set("Content-Language", locale);
  // The same address answers in the visitor's language: a shared cache must keep the variants apart.
  response.headers.append("Vary", "Accept-Language, Cookie");
  return response;
};

// The same-origin (CSRF) check runs before React Router, in server/same-origin.mjs.
export const rootMiddleware = [
  requestIdMiddleware,
  localeMiddleware,
  databaseOutageMiddleware,
  sessionMiddleware,
  carriedDraftMiddleware,
];
