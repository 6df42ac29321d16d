import { describe, expect, it } from "vitest";
import { routeLabel } from "./route-label.mjs";

describe("the route label of a request", () => {
  it("is React Router's pattern, never the path with its ids or query", () => {
    expect(routeLabel({ pattern: "orders/:orderId", pathname: "/orders/0b7c4e0e-1f4c-4b3e-9d51-6a8f6f0c2e11" })).toBe("/orders/:orderId");
    expect(routeLabel({ pattern: "/", pathname: "/?utm=x" })).toBe("/");
    expect(routeLabel({ pattern: "*", pathname: "/wp-admin/setup.php" })).toBe("/*");
  });

  it("names what server.mjs answers itself with a fixed label, and anything else 'other'", () => {
    expect(routeLabel({ pathname: "/assets/entry.client-Z6LLxzAo.js" })).toBe("/assets/*");
    expect(routeLabel({ pathname: "/emoji/svg/1f600.svg" })).toBe("/emoji/*");
    expect(routeLabel({ pathname: "/builds/meta/20b052ed.json" })).toBe("/builds/*");
    expect(routeLabel({ pathname: "/livez" })).toBe("/livez");
    expect(routeLabel({ pathname: "/__manifest" })).toBe("/__manifest"); // React Router's route discovery
    expect(routeLabel({ pathname: "/editor/" })).toBe("/editor");
    expect(routeLabel({ pathname: "/" })).toBe("/");
    // A probe refused before React Router (403, 413): one label however many paths are tried.
    const probes = new Set(Array.from({ length: 50 }, (_, i) => routeLabel({ pathname: `/probe-${i}/x?token=${i}` })));
    expect([...probes]).toEqual(["other"]);
  });
});
