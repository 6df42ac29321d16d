import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "#app/modules/session/session-secret.server.ts";

/**
 * A guest reaches their order only through unguessable capabilities, HMAC(secret, purpose + order id): nothing
 * is stored, and a replayed submission can hand out the same link again. Two purposes, two capabilities:
 * - `order-link`: the order page, /orders/{id}?token=…
 * - `order-print`: the print files, /orders/{id}/print/{svg|png}?print=…, so that a print file's URL, passed on
 *   to a print shop or kept in a log, opens nothing else.
 * Neither can move an order into an account: that takes a link sent to the order's e-mail (order-claims).
 */
type Purpose = "order-link" | "order-print";

function capability(purpose: Purpose, orderId: string): string {
  return createHmac("sha256", sessionSecret()).update(`${purpose}:${orderId}`).digest("base64url");
}

function isCapability(purpose: Purpose, orderId: string, token: string | null): boolean {
  if (!token || token.length > 100) return false;
  const expected = Buffer.from(capability(purpose, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const orderAccessToken = (orderId: string) => capability("order-link", orderId);
export const isValidOrderAccessToken = (orderId: string, token: string | null) => isCapability("order-link", orderId, token);
export const printAccessToken = (orderId: string) => capability("order-print", orderId);
export const isValidPrintAccessToken = (orderId: string, token: string | null) => isCapability("order-print", orderId, token);

/**
 * The order page's path: a guest's carries the link's token. `placed` marks the redirect right after the purchase,
 * the one visit that thanks the buyer; the mail's link and the history lead to the plain order page.
 */
export function orderPath(orderId: string, { guest, placed = false }: { guest: boolean; placed?: boolean }): string {
  const params = new URLSearchParams();
  if (guest) params.set("token", orderAccessToken(orderId));
  if (placed) params.set("placed", "1");
  const query = params.toString();
  return query ? `/orders/${orderId}?${query}` : `/orders/${orderId}`;
}
