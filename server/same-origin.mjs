// CSRF defence for every state-changing request, in front of React Router. Browsers send Origin on every
// cross-site POST (and on same-origin ones); a request with neither Origin nor Referer is refused too.
// It runs here rather than in route middleware because React Router's own, narrower origin check runs before
// any middleware and answers a bare 400; this gives one rule, a 403 and a page that says what happened.

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

const refusalPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>403 · Deck Studio</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<p style="font-size:3rem;font-weight:800;margin:0">403</p>
<h1>Form refused</h1>
<p>This form was sent from another site, so it was refused. Nothing was changed.</p>
<p><a href="/">Go to the start page</a> and try again from there.</p>
</body></html>`;

/** Express middleware: 403 for a state-changing request that did not come from one of our pages. */
export function sameOriginGuard() {
  return (req, res, next) => {
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (isAllowedRequest({ method: req.method, origin: req.get("origin"), referer: req.get("referer"), ownOrigin })) {
      next();
      return;
    }
    res.status(403).type("html").send(refusalPage);
  };
}
