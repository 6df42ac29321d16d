import { LEGAL_PAGES, legalPath, WITHDRAWAL_PATH } from "#app/modules/legal/legal-pages.ts";
import { getSiteUrl } from "#app/request-context.server.ts";
import type { Route } from "./+types/sitemap";

/** The public pages worth finding: the product, its editor and options, and the legal pages. Not the checkout's steps. */
export const SITEMAP_PATHS = ["/", "/editor", "/GripSize", ...LEGAL_PAGES.map(legalPath), WITHDRAWAL_PATH];

/** /sitemap.xml (sitemaps.org), its addresses on the shop's configured origin (SHOP_URL), as robots.txt says why. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = getSiteUrl(context);
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`);
  const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""];
  return new Response(xml.join("\n"), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
