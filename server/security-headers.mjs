// Headers every answer of the shop carries, set in front of everything else (static files included).

/** One year: what browsers' HSTS preload lists ask for. */
export const DEFAULT_HSTS_MAX_AGE = 31_536_000;

/**
 * The HSTS max-age from HSTS_MAX_AGE (seconds; 0 turns it off), or the default.
 * @param {string | undefined} setting
 * @returns {number}
 */
export function hstsMaxAge(setting) {
  if (setting === undefined || setting.trim() === "") return DEFAULT_HSTS_MAX_AGE;
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < 0) throw new Error(`HSTS_MAX_AGE must be a whole number of seconds, not "${setting}"`);
  return seconds;
}

/**
 * Express middleware. Strict-Transport-Security only on answers to HTTPS requests (Express's `req.secure`: the
 * socket's TLS, or X-Forwarded-Proto from a proxy trusted by TRUST_PROXY); over plain HTTP browsers ignore it,
 * and a local run must stay reachable over http://localhost.
 * @param {{ hstsMaxAge: number }} options
 * @returns {(req: import("express").Request, res: import("express").Response, next: () => void) => void}
 */
export function securityHeaders({ hstsMaxAge }) {
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (req.secure && hstsMaxAge > 0) res.setHeader("Strict-Transport-Security", `max-age=${hstsMaxAge}`);
    next();
  };
}
