import { describe, expect, it } from "vitest";
import { isAllowedRequest } from "./same-origin.mjs";

const ownOrigin = "https://shop.test";

describe("isAllowedRequest (CSRF)", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get"])("lets every %s through, whatever its origin", (method) => {
    expect(isAllowedRequest({ method, origin: "https://evil.test", ownOrigin })).toBe(true);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("lets a %s from our own page through", (method) => {
    expect(isAllowedRequest({ method, origin: ownOrigin, ownOrigin })).toBe(true);
    expect(isAllowedRequest({ method, referer: `${ownOrigin}/Login?x=1`, ownOrigin })).toBe(true);
  });

  it.each([
    ["another site's origin", { origin: "https://evil.test" }],
    ["another site's referer", { referer: "https://evil.test/form" }],
    ["our host over another scheme", { origin: "http://shop.test" }],
    ["an opaque origin", { origin: "null" }],
    ["neither origin nor referer", {}],
    ["a malformed referer", { referer: "::not a url::" }],
    ["a good referer but a bad origin", { origin: "https://evil.test", referer: `${ownOrigin}/` }],
  ])("refuses a POST with %s", (_, headers) => {
    expect(isAllowedRequest({ method: "POST", ownOrigin, ...headers })).toBe(false);
  });
});
