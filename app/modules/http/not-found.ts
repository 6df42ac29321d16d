import { data } from "react-router";

/**
 * Throws the 404 page, worded as for any unknown path: the one answer for a page that does not exist and for one
 * this visitor may not see (an order without its token, the back office to anyone but an operator), so that
 * neither can be probed.
 */
export function pageNotFound(request: Request): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}
