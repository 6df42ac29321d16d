import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "#app/request-context.server.ts";
import type { Services } from "#app/services.server.ts";
import { loader as robots } from "./robots.ts";
import { loader as sitemap, SITEMAP_PATHS } from "./sitemap.ts";

/** A request that came in with a forged Host (evil.example), to a shop configured as https://shop.example. */
function args(path: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { siteUrl: () => "https://shop.example" } as Services);
  return { request: new Request(`https://evil.example${path}`), params: {}, context } as never;
}

describe("/robots.txt and /sitemap.xml", () => {
  it("robots.txt lets every page be crawled and names the sitemap on the shop's configured origin, not the Host", async () => {
    const response = robots(args("/robots.txt"));
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("User-agent: *\nAllow: /\n");
    expect(text).toContain("Sitemap: https://shop.example/sitemap.xml\n");
    // No Disallow: a crawler has to fetch a private page to read its noindex.
    expect(text).not.toMatch(/Disallow/i);
  });

  it("the sitemap lists the public pages, not the checkout's steps or a buyer's pages", async () => {
    const response = sitemap(args("/sitemap.xml"));
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(SITEMAP_PATHS.map((path) => `https://shop.example${path}`));
    expect(locs).toContain("https://shop.example/legal/withdrawal");
    expect(xml).not.toContain("evil.example");
    for (const hidden of ["/Login", "/Shipping", "/Payment", "/account", "/admin", "/orders"]) {
      expect(locs.some((loc) => loc!.includes(hidden))).toBe(false);
    }
  });
});
