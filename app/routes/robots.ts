import type { Route } from "./+types/robots";

/**
 * /robots.txt: every public page may be crawled, and the sitemap says which they are. Pages with a buyer's data
 * are not listed here on purpose: a crawler must be able to fetch them to read their `noindex` (a Disallow would
 * keep the page out of reach and its address could still be indexed), and they answer nothing without a session
 * or the order's token anyway.
 */
export function loader({ request }: Route.LoaderArgs) {
  const sitemap = new URL("/sitemap.xml", request.url).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
