import path from "node:path";
import { z } from "zod";
import { projectPath } from "#app/project-root.server.ts";

/** Environment configuration, read once. Every variable has a safe default for a local run (README). */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /** PostgreSQL: the longest a statement may run before it is cancelled (a request then answers 503, not hangs). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  PAYMENT_PROVIDER: z.enum(["test"]).default("test"),
  /** e.g. smtps://user:password@smtp.example.com:465; unset: mail is written as .eml files to DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A checkout attempt `processing` longer than this is taken to have lost its server and is resolved. */
  CHECKOUT_RECOVERY_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
  /** How often each server looks for checkout attempts to resolve (and once at start). */
  CHECKOUT_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
  /** Print PNGs rendered at once, one worker thread each; default: one fewer than the cores, at least 1. */
  PRINT_RENDER_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Print PNG renders that may wait for a thread; one more is answered 503 with Retry-After. */
  PRINT_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  /**
   * The shop's public address, e.g. https://deckstudio.example: every link in a mail starts with it. Never the Host
   * a request names, which anyone can set (a reset link pointing at someone else's site). Unset: http://localhost:PORT.
   */
  SHOP_URL: z
    .string()
    .regex(/^https?:\/\//, "SHOP_URL must start with http:// or https://")
    .pipe(z.url())
    .transform((url) => new URL(url).origin)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender of the shop's mail: the shop's name and an address its mail server may send from. */
  MAIL_FROM: z.string().min(3).default("Deck Studio <orders@localhost>"),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  // A DATA_DIR given is read from the working directory, as any path on a command line; the default is the
  // project's own data/ folder, so a server started from elsewhere finds its orders.
  const dataDir = parsed.data.DATA_DIR ? path.resolve(parsed.data.DATA_DIR) : projectPath("data");
  cached = { ...parsed.data, dataDir };
  return cached;
}
