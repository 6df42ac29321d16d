// Sets the client-address header (app/modules/http/client-address.mjs) on every request, replacing any a client
// sent. Express's `req.ip` honours TRUST_PROXY (the proxy's X-Forwarded-For); elsewhere the socket's address.
import { CLIENT_ADDRESS_HEADER } from "#app/modules/http/client-address.mjs";

/**
 * Connect-style middleware (Express and Vite's dev server).
 * @returns {(req: import("node:http").IncomingMessage & { ip?: string }, res: unknown, next: () => void) => void}
 */
export function clientAddressHeader() {
  return (req, _res, next) => {
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  };
}
