import { createContext, type RouterContextProvider } from "react-router";

/**
 * Whether an error means the database is away (not running, refusing, unreachable, restarting, overloaded), as
 * opposed to a bug or bad data: these pass by themselves, so the buyer gets "briefly unavailable, try again" (503)
 * instead of the generic 500 page. Looks through wrapped errors (Drizzle wraps the driver's in `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ""))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  // The network: nothing listens, the connection was cut or never came.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: shutting down, starting up, too many connections, a statement cancelled by the timeout.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
]);

const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /database did not answer within/i,
  /Connection refused/i,
];

/** Set on a request by handleError when one of its errors was the database being away (the root middleware reads it). */
export const databaseUnavailableContext = createContext<boolean>(false);

/**
 * Set by the session middleware when the visitor's session could not be read because the database is away: the
 * visitor is then treated as signed out, which pages that do not need the account (the checkout steps, whose draft
 * is in the browser) can live with; pages that are about the account call `requireReadableSession` and answer 503.
 */
export const sessionUnreadableContext = createContext<unknown>(null);

/** Throws the outage that kept the session from being read, if one did (the request is then answered 503). */
export function requireReadableSession(context: Readonly<RouterContextProvider>): void {
  const error = context.get(sessionUnreadableContext);
  if (error) throw error;
}

/** Seconds a client is told to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 10;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The shop is briefly unavailable. What you typed is kept in this browser: try again in a moment.";
