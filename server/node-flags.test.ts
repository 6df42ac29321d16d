import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";

describe("the server's node flags", () => {
  it("are the ones `npm start` and the end-to-end tests' server use", () => {
    const start = JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string;
    expect(start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} server.mjs`);
    const playwrightConfig = readFileSync("playwright.config.ts", "utf8");
    expect(playwrightConfig).toContain("exec node ${SERVER_NODE_FLAGS.join(\" \")} server.mjs");
  });
});
