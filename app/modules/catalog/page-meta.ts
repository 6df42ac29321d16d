import { catalog } from "./catalog";

interface PageMeta {
  /** The page's own title; the shop's name follows it. */
  title: string;
  /** What search results show under the title. */
  description?: string;
  /** Pages with a buyer's own data (orders, account) stay out of search engines. */
  noindex?: boolean;
}

/** A route's `meta`: one spelling of "Page · Shop" titles, plus a description or noindex. */
export function pageMeta({ title, description, noindex }: PageMeta) {
  return [
    { title: `${title} · ${catalog.shopName}` },
    ...(description ? [{ name: "description", content: description }] : []),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
