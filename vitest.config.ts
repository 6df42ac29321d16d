import { defineConfig } from "vitest/config";

// Two projects: fast unit/component tests, and integration tests that open a real database
// (PGlite in memory by default, PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    reporters: ["default", "json"],
    outputFile: { json: process.env.VITEST_JSON_REPORT ?? "reports/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,server,scripts,tests}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.integration.test.{ts,tsx}"],
          environment: "node",
          // English words for components rendered without the root's provider (withI18n picks a language).
          setupFiles: ["app/modules/i18n/test-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["{app,server,scripts,tests}/**/*.integration.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 30_000,
          env: { SESSION_SECRET: "integration-test-secret-that-is-long-enough" },
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
