import { redirect, type MiddlewareFunction } from "react-router";
import { sessionContext } from "#app/request-context.server.ts";
import { isSignedIn } from "#app/modules/session/session.server.ts";

/** Guest-only pages: a signed-in visitor is sent to the start page. */
const guest: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (isSignedIn(context.get(sessionContext))) throw redirect("/");
  return next();
};

const registry: Record<string, MiddlewareFunction<Response>> = { guest };

/**
 * Route middleware by name, as route modules declare it: `export const middleware = routeMiddleware("guest")`.
 * An unknown name throws while the route module is imported, which is when the server build loads,
 * so a typo stops the server from starting rather than failing a buyer's request.
 */
export function routeMiddleware(...names: string[]): MiddlewareFunction<Response>[] {
  return names.map((name) => {
    const middleware = registry[name];
    if (!middleware) throw new Error(`Unknown route middleware "${name}"`);
    return middleware;
  });
}
