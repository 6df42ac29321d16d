import { randomUUID } from "node:crypto";
import { data, type MiddlewareFunction } from "react-router";
import { databaseContext, requestIdContext, sessionContext } from "~/request-context.server";
import { readSession } from "~/modules/session/session.server";

/** Gives every request an id (X-Request-Id, and the reference shown on error pages). */
export const requestIdMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const requestId = randomUUID().slice(0, 8);
  context.set(requestIdContext, requestId);
  const response = await next();
  response.headers.set("X-Request-Id", requestId);
  return response;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: a state-changing request must come from one of our own pages. Browsers send Origin on
 * every cross-site POST (and on same-origin ones); a request with neither Origin nor Referer is refused too.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const source = request.headers.get("Origin") ?? originOf(request.headers.get("Referer"));
  if (source !== new URL(request.url).origin) {
    throw data("This form was sent from another site, so it was refused. Reload the page and try again.", {
      status: 403,
    });
  }
  return next();
};

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Reads the visitor's session. A database outage must not take down pages that do not need it, so a failed
 * read is logged and the visitor is treated as having no session; pages that need the database fail on their own.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.headers.get("Cookie")?.includes("__session=")) {
    try {
      const { db } = await context.get(databaseContext)();
      context.set(sessionContext, await readSession(db, request));
    } catch (error) {
      console.error(`[${context.get(requestIdContext)}] session lookup failed:`, (error as Error).message);
    }
  }
  return next();
};

export const rootMiddleware = [requestIdMiddleware, sameOriginMiddleware, sessionMiddleware];
