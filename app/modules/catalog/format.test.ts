import { describe, expect, it } from "vitest";
import { pageMeta } from "./format.ts";

describe("pageMeta", () => {
  it("titles the page before the shop's name", () => {
    expect(pageMeta({ title: "Payment", description: "Pay." })).toEqual([
      { title: "Payment · Deck Studio" },
      { name: "description", content: "Pay." },
    ]);
  });

  it("adds a description and noindex when asked", () => {
    expect(pageMeta({ title: "Order 1", description: "Your order.", noindex: true })).toEqual([
      { title: "Order 1 · Deck Studio" },
      { name: "description", content: "Your order." },
      { name: "robots", content: "noindex" },
    ]);
  });
});
