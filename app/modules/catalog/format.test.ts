import { describe, expect, it } from "vitest";
import { pageMeta } from "./format.ts";

describe("pageMeta", () => {
  it("titles the page before the shop's name", () => {
    expect(pageMeta({ title: "Payment", description: "Pay." })).toEqual([
      { title: "Payment · Deck Studio" },
      { name: "description", content: "Pay." },
      { property: "og:title", content: "Payment" },
      { property: "og:description", content: "Pay." },
      { property: "og:site_name", content: "Deck Studio" },
      { property: "og:type", content: "website" },
    ]);
  });

  it("adds noindex, and no sharing preview, to a page with a buyer's data", () => {
    expect(pageMeta({ title: "Order 1", description: "Your order.", noindex: true })).toEqual([
      { title: "Order 1 · Deck Studio" },
      { name: "description", content: "Your order." },
      { name: "robots", content: "noindex" },
    ]);
  });
});
