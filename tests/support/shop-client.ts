import { randomUUID } from "node:crypto";
import { validAddress } from "./fixtures.ts";

/**
 * A buyer talking to a running production server over HTTP, as a browser without scripts would: form posts from
 * the shop's own origin, a cookie jar of one session cookie, redirects not followed (their Location is checked).
 */
export function shopClient(base: string) {
  let cookie: string | null = null;
  const keepCookie = (response: Response) => {
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
  };
  return {
    /** The session cookie as sent (`name=value`), or null before one was set. */
    cookie: () => cookie,
    async get(pathname: string) {
      const response = await fetch(`${base}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      keepCookie(response);
      return response;
    },
    async post(pathname: string, fields: Record<string, string>) {
      const response = await fetch(`${base}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(fields),
      });
      keepCookie(response);
      return response;
    },
  };
}

/** The card and the rest of a Payment form post: an 8.5″ deck with grip, the empty design, to Germany (75.90). */
export function paymentFields(card: { number: string; cvv: string }, overrides: Record<string, string> = {}) {
  return {
    grip: "on",
    size: "8.5",
    ...validAddress,
    design: JSON.stringify({ background: "#f4d35e", layers: [] }),
    checkoutId: randomUUID(),
    expectedTotalCents: "7590",
    cardNumber: card.number,
    cardName: "Ada Lovelace",
    cardMonth: "12",
    cardYear: String((new Date().getFullYear() + 3) % 100),
    cardCvv: card.cvv,
    ...overrides,
  };
}
