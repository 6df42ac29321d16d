// CSRF defence for every state-changing request, in front of React Router. Browsers send Origin on every
// cross-site POST (and on same-origin ones); a request with neither Origin nor Referer is refused too.
// It runs here rather than in route middleware because React Router's own, narrower origin check runs before
// any middleware and answers a bare 400; this gives one rule, a 403 and a page that says what happened.
// Where it runs: server.mjs (production) and Vite's development server (vite.config.ts), both in front of React
// Router. Route tests call loaders and actions directly and never pass it; its own tests cover it, and the
// end-to-end security spec posts from another origin to the production server.

import { refusalPage } from "./refusal-pages.mjs";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * @param {{ method: string, origin?: string | null, referer?: string | null, ownOrigin: string }} request
 * @returns {boolean} whether the request may go on
 */
export function isAllowedRequest({ method, origin, referer, ownOrigin }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const source = origin ?? originOf(referer);
  return source === ownOrigin;
}

function originOf(url) {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Connect-style middleware (Express and Vite's dev server alike): 403 for a state-changing request that did not
 * come from one of our pages. The scheme is Express's `req.protocol` where there is one (it honours
 * `trust proxy`), else the socket's.
 * @returns {(req: import("node:http").IncomingMessage & { protocol?: string }, res: import("node:http").ServerResponse, next: () => void) => void}
 */
export function sameOriginGuard() {
  return (req, res, next) => {
    const protocol = req.protocol ?? ("encrypted" in req.socket && req.socket.encrypted ? "https" : "http");
    const ownOrigin = `${protocol}://${req.headers.host}`;
    const { origin, referer } = req.headers;
    if (isAllowedRequest({ method: req.method ?? "GET", origin, referer, ownOrigin })) {
      next();
      return;
    }
    const page = refusalPage("refused", req);
    res.statusCode = 403;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Language", page.locale);
    res.end(page.html);
  };
}
