import fs from "node:fs";
import os from "node:os";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/lib/chromium.mjs";
import { SERVER_NODE_FLAGS } from "./server/node-flags.mjs";
import { E2E_OPERATOR } from "./tests/support/operator.ts";

/**
 * End-to-end tests against the production build (`npm run build` first), served by server.mjs on a fresh,
 * throwaway PGlite directory. The browser is the system's Chromium: Playwright never downloads one here.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

// Playwright loads this file in the runner and again in every worker, but only the runner starts the web
// server. The directory is therefore made lazily, when the server's environment is read, and removed when
// the runner exits (after the server has been stopped). E2E_KEEP_DATA=1 keeps it for a post-mortem.
let dataDir: string | undefined;
function freshDataDir(): string {
  if (!dataDir) {
    const dir = fs.mkdtempSync(`${os.tmpdir()}/deck-e2e-`);
    dataDir = dir;
    // The workers start after the server and inherit this: specs read the mail it writes to DATA_DIR/mail.
    process.env.E2E_DATA_DIR = dir;
    if (!process.env.E2E_KEEP_DATA) process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return dataDir;
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: chromiumLaunchOptions(),
      },
    },
  ],
  webServer: {
    // The back office needs an operator. create-operator.mjs opens the same PGlite directory, which allows one
    // process, so it runs (and exits) first; `exec` makes the server the process Playwright sends SIGTERM to.
    command: `printf '%s\\n' "$E2E_OPERATOR_PASSWORD" | node scripts/create-operator.mjs --email "$E2E_OPERATOR_EMAIL" && exec node ${SERVER_NODE_FLAGS.join(" ")} server.mjs`,
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      get DATA_DIR() {
        return freshDataDir();
      },
      NODE_ENV: "production",
      SHOP_URL: baseURL,
      // One access line per request would bury the test output: warnings and errors only, unless asked for.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      E2E_OPERATOR_EMAIL: E2E_OPERATOR.email,
      E2E_OPERATOR_PASSWORD: E2E_OPERATOR.password,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    // server.mjs closes PGlite on SIGTERM; without this Playwright would SIGKILL it.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
