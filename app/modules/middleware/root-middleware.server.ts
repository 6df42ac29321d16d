import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getServices, requestIdContext, sessionContext } from "#app/request-context.server.ts";
import { readSession, SESSION_COOKIE_NAME } from "#app/modules/session/session.server.ts";

/** Gives every request an id (X-Request-Id, and the reference shown on error pages). */
export const requestIdMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const requestId = randomUUID().slice(0, 8);
  context.set(requestIdContext, requestId);
  const response = await next();
  response.headers.set("X-Request-Id", requestId);
  return response;
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
      console.error(`[${context.get(requestIdContext)}] session lookup failed:`, (error as Error).message);
    }
  }
  return next();
};

// The same-origin (CSRF) check runs before React Router, in server/same-origin.mjs.
export const rootMiddleware = [requestIdMiddleware, sessionMiddleware];
