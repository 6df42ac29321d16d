import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, inlineScriptHashes, nonceSource } from "./content-security.mjs";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("contentSecurityPolicy", () => {
  it("allows scripts from the origin and the named inline scripts only", () => {
    const policy = contentSecurityPolicy([nonceSource("abc")]);
    expect(policy).toContain("script-src 'self' 'nonce-abc';");
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|unsafe-hashes/);
    expect(policy).toContain("style-src 'self';");
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"])
      expect(policy).toContain(directive);
  });

  it("nonces are long, random and header-safe", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script's exact text, once, and skips scripts with a src and JSON data blocks", () => {
    const html = [
      '<script type="module" src="/assets/entry.js"></script>',
      "<script>window.a = 1;</script>",
      '<script nonce="x" type="module">import("/assets/b.js");\n</script>',
      "<SCRIPT>window.a = 1;</SCRIPT>",
      "<script></script>",
      '<script type="application/json" id="page-messages">{"common":{}}</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256("window.a = 1;"), sha256('import("/assets/b.js");\n'), sha256("")]);
  });

  it("a document without scripts has no hashes", () => {
    expect(inlineScriptHashes("<p>No scripts</p>")).toEqual([]);
  });
});
