import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { projectPath } from "#app/project-root.server.ts";

/**
 * The operator's own facts (seller identity for the imprint and the invoices, the legal pages' texts), read from
 * a file: config/operator.json by default, SHOP_OPERATOR_FILE to use another. Never hard-coded in pages, so that
 * an operator changes them without touching code. Read once per process; a missing or wrong file stops the
 * server at start with the field that is wrong.
 */
export const sellerSchema = z.object({
  name: z.string().min(1),
  street: z.string().min(1),
  postalCode: z.string().min(1),
  city: z.string().min(1),
  /** ISO 3166-1 alpha-2. */
  country: z.string().length(2),
  email: z.string().email(),
  phone: z.string().min(1).optional(),
  /** The seller's VAT identification number (USt-IdNr.), printed on every invoice. */
  vatId: z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, "vatId must look like DE123456789"),
  register: z.string().optional(),
  representedBy: z.string().optional(),
});

const operatorSchema = z
  .object({
    seller: sellerSchema,
    /**
     * The folder of the legal pages' texts, relative to this file (or absolute): `<folder>/<locale>/<page>.md` for
     * each language and page (legal-texts.server.ts). Default: `legal`, next to the file.
     */
    legalTexts: z.string().min(1).default("legal"),
  })
  .passthrough();

export type Seller = z.infer<typeof sellerSchema>;
export type OperatorConfig = z.infer<typeof operatorSchema>;

let cached: OperatorConfig | undefined;

export function operatorConfigPath(): string {
  const file = process.env.SHOP_OPERATOR_FILE;
  return file ? path.resolve(file) : projectPath("config/operator.json");
}

export function operatorConfig(): OperatorConfig {
  if (cached) return cached;
  const file = operatorConfigPath();
  const parsed = operatorSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`Invalid operator configuration in ${file}: ${z.prettifyError(parsed.error)}`);
  cached = parsed.data;
  return cached;
}

/** The folder of the legal pages' texts (operator.json's `legalTexts`, relative to that file). */
export function legalTextsDir(): string {
  return path.resolve(path.dirname(operatorConfigPath()), operatorConfig().legalTexts);
}

/** Tests that write their own file call this to read it again. */
export function forgetOperatorConfig(): void {
  cached = undefined;
}
