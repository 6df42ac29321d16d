import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "~/modules/session/session-secret.server";

/**
 * A guest sees their order only through an unguessable link: /orders/{id}?token={HMAC(secret, id)}.
 * Nothing is stored, so a replayed submission can hand out the same link again.
 */
export function orderAccessToken(orderId: string): string {
  return createHmac("sha256", sessionSecret()).update(`order-link:${orderId}`).digest("base64url");
}

export function isValidOrderAccessToken(orderId: string, token: string | null): boolean {
  if (!token || token.length > 100) return false;
  const expected = Buffer.from(orderAccessToken(orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function orderPath(orderId: string, { guest }: { guest: boolean }): string {
  return guest ? `/orders/${orderId}?token=${orderAccessToken(orderId)}` : `/orders/${orderId}`;
}
