import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig, type Config } from "#app/config.server.ts";

/**
 * The secret that signs session cookies. SESSION_SECRET wins. Without it, a single embedded-database server
 * generates one and keeps it in DATA_DIR, so sessions survive restarts. Several servers sharing PostgreSQL
 * must share one secret, so production with DATABASE_URL refuses to start without it.
 */
export function loadSessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.NODE_ENV === "production" && config.DATABASE_URL) {
    throw new Error("SESSION_SECRET is required in production when DATABASE_URL is set (servers must share it)");
  }
  const file = path.join(config.dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

let secret: string | undefined;

/** The server's secret (loadSessionSecret of its config), read once: cookies and order links use the same one. */
export function sessionSecret(): string {
  secret ??= loadSessionSecret(getConfig());
  return secret;
}
