import { getSiteUrl } from "#app/request-context.server.ts";
import type { Route } from "./+types/robots";

/**
 * /robots.txt: every public page may be crawled, and the sitemap says which they are. Pages with a buyer's data
 * are not listed here on purpose: a crawler must be able to fetch them to read their `noindex` (a Disallow would
 * keep the page out of reach and its address could still be indexed), and they answer nothing without a session
 * or the order's token anyway. The sitemap's address is the shop's configured one (SHOP_URL), never the request's
 * Host header: the answer is cached publicly, and a forged Host must not end up in a cache for everyone.
 */
export function loader({ context }: Route.LoaderArgs) {
  const sitemap = new URL("/sitemap.xml", getSiteUrl(context)).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
