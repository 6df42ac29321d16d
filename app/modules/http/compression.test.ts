import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compress } from "./compression.mjs";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, as browsers ask", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("GZIP")).toBe("gzip");
  });

  it("honours q=0 and *, and sends plain bytes when nothing fits", () => {
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("deflate")).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
    expect(chooseEncoding("br;q=abc, gzip")).toBe("gzip");
  });
});

describe("compress", () => {
  const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Größe 8,25″ – deck</p>".repeat(200)}</body></html>`);

  it("gives back the same bytes once decoded, smaller", async () => {
    const [br, gzip] = await Promise.all([compress(page, "br"), compress(page, "gzip")]);
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 5);
  });
});
