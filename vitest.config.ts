import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const app = fileURLToPath(new URL("./app", import.meta.url));

// Two projects: fast unit/component tests, and integration tests that open a real database
// (PGlite in memory by default, PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  resolve: { alias: { "~": app } },
  test: {
    reporters: ["default", "json"],
    outputFile: { json: process.env.VITEST_JSON_REPORT ?? "reports/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["**/*.integration.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.integration.test.{ts,tsx}", "server/**/*.integration.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          env: { SESSION_SECRET: "integration-test-secret-that-is-long-enough" },
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
