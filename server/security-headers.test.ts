import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { DEFAULT_HSTS_MAX_AGE, hstsMaxAge, securityHeaders } from "./security-headers.mjs";

async function headersFor(options: { trustProxy: boolean; hstsMaxAge: number }, requestHeaders: Record<string, string> = {}) {
  const app = express();
  app.set("trust proxy", options.trustProxy);
  app.use(securityHeaders({ hstsMaxAge: options.hstsMaxAge }));
  app.get("/", (_, res) => void res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: requestHeaders });
    return response.headers;
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  it("send HSTS when a trusted proxy says the request came over HTTPS", async () => {
    const headers = await headersFor({ trustProxy: true, hstsMaxAge: DEFAULT_HSTS_MAX_AGE }, { "X-Forwarded-Proto": "https" });
    expect(headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("send no HSTS over plain HTTP, nor when an untrusted client claims HTTPS, nor when turned off", async () => {
    expect((await headersFor({ trustProxy: true, hstsMaxAge: DEFAULT_HSTS_MAX_AGE })).get("strict-transport-security")).toBeNull();
    const untrusted = await headersFor({ trustProxy: false, hstsMaxAge: DEFAULT_HSTS_MAX_AGE }, { "X-Forwarded-Proto": "https" });
    expect(untrusted.get("strict-transport-security")).toBeNull();
    const off = await headersFor({ trustProxy: true, hstsMaxAge: 0 }, { "X-Forwarded-Proto": "https" });
    expect(off.get("strict-transport-security")).toBeNull();
  });

  it("read HSTS_MAX_AGE: a year by default, 0 turns it off, nonsense stops the server", () => {
    expect(hstsMaxAge(undefined)).toBe(31_536_000);
    expect(hstsMaxAge("")).toBe(31_536_000);
    expect(hstsMaxAge("0")).toBe(0);
    expect(hstsMaxAge("600")).toBe(600);
    expect(() => hstsMaxAge("a year")).toThrow("HSTS_MAX_AGE must be a whole number of seconds");
    expect(() => hstsMaxAge("-1")).toThrow();
  });
});
