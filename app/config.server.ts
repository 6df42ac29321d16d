import path from "node:path";
import { z } from "zod";

/** Environment configuration, read once. Every variable has a safe default for a local run (README). */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  PAYMENT_PROVIDER: z.enum(["test"]).default("test"),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}
