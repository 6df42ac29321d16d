import { describe, expect, it } from "vitest";
import { fillPlaceholders, legalTextAsPlainText, parseInline, parseLegalText, plainText } from "./legal-text.ts";

describe("the legal texts' small Markdown", () => {
  it("makes headings, paragraphs with their line breaks, and both kinds of list", () => {
    const blocks = parseLegalText(
      "# Title\n\n## One\n\nFirst line\nsecond line\n\n- a\n- b\n  continued\n\n1. x\n2. y\n\n### Two\ntext under it",
    );
    expect(blocks.map((block) => block.kind)).toEqual(["heading", "heading", "paragraph", "list", "list", "heading", "paragraph"]);
    // A `#` heading is a level-2 one: the page's title is its only h1.
    expect(blocks[0]).toMatchObject({ kind: "heading", level: 2 });
    expect(blocks[2]).toMatchObject({ kind: "paragraph", lines: [[{ text: "First line" }], [{ text: "second line" }]] });
    expect(blocks[3]).toMatchObject({ kind: "list", ordered: false });
    if (blocks[3]?.kind === "list") expect(blocks[3].items.map(plainText)).toEqual(["a", "b continued"]);
    expect(blocks[4]).toMatchObject({ kind: "list", ordered: true });
    expect(blocks[5]).toMatchObject({ kind: "heading", level: 3 });
  });

  it("keeps a date at the start of a paragraph's later line as text", () => {
    const [block] = parseLegalText("Bestellt am\n14. Mai 2026");
    expect(block).toMatchObject({ kind: "paragraph" });
  });

  it("links only to safe targets; anything else, HTML included, stays text", () => {
    expect(parseInline("see [terms](/legal/terms) and **this**")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "terms", href: "/legal/terms" },
      { kind: "text", text: " and " },
      { kind: "strong", text: "this" },
    ]);
    expect(parseInline("[mail](mailto:a@b.example) [web](https://example.com/x)").filter((piece) => piece.kind === "link")).toHaveLength(2);
    for (const href of ["javascript:alert(1)", "//evil.example/", "data:text/html,x", "vbscript:x"]) {
      const line = parseInline(`[x](${href})`);
      expect(line.every((piece) => piece.kind === "text")).toBe(true);
      expect(plainText(line)).toBe(`[x](${href})`);
    }
    expect(parseInline("<script>alert(1)</script> `__session`")).toEqual([
      { kind: "text", text: "<script>alert(1)</script> " },
      { kind: "code", text: "__session" },
    ]);
  });

  it("fills the seller's placeholders and refuses one it has no value for", () => {
    expect(fillPlaceholders("{{seller.name}}, {{ seller.city }}", { "seller.name": "A GmbH", "seller.city": "Berlin" }, "f")).toBe(
      "A GmbH, Berlin",
    );
    expect(() => fillPlaceholders("{{seller.fax}}", {}, "imprint.md")).toThrow("imprint.md: the placeholder {{seller.fax}}");
  });
});

describe("a legal text as plain text", () => {
  it("underlines the title and the headings, numbers and bullets lists, and writes each link's target out", () => {
    const blocks = parseLegalText(
      "## Right of withdrawal\n\nUse [our form](/withdraw) or write to [a@b.example](mailto:a@b.example).\nSee https://x.example.\n\n### Steps\n\n1. one\n2. [two](https://example.com/two)\n\n- **bold** item",
    );
    expect(legalTextAsPlainText("Withdrawal information", blocks, "https://shop.example")).toBe(
      [
        "Withdrawal information",
        "======================",
        "",
        "Right of withdrawal",
        "-------------------",
        "",
        "Use our form (https://shop.example/withdraw) or write to a@b.example.",
        "See https://x.example.",
        "",
        "Steps",
        "",
        "1. one",
        "2. two (https://example.com/two)",
        "",
        "- bold item",
        "",
      ].join("\n"),
    );
  });

  it("keeps a link that is not safe as the words it was written as", () => {
    const blocks = parseLegalText("[x](javascript:alert(1))");
    expect(legalTextAsPlainText("T", blocks, "https://shop.example")).toBe("T\n=\n\n[x](javascript:alert(1))\n");
  });
});
