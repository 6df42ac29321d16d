import { parse } from "@conform-to/react";
import * as z from "zod/mini";

/**
 * Turns a submitted form into a conform submission, validated by a zod schema. Forms carry only strings,
 * so before validation a field's text becomes what the schema expects: a number where it wants a number,
 * true/false for a checkbox, and an empty text field counts as not filled in.
 * (This replaces @conform-to/zod, whose automatic coercion pulls in all of classic zod: 23 KB gz.)
 */
export function parseForm<Schema extends z.ZodMiniObject | z.ZodMiniType>(
  formData: FormData,
  schema: Schema,
  options: {
    /**
     * A field the buyer has not changed: while the page checks fields one by one (leaving one, typing), the
     * errors of untouched fields are held back, so that tabbing through them marks none. A submit still reports
     * every field.
     */
    isUntouched?: (name: string) => boolean;
    /**
     * On the server: the text of a message key in the request's language (form-message.server.ts), so that a
     * reply carries words. In the browser the fields translate the keys themselves.
     */
    translate?: (message: string) => string;
  } = {},
) {
  return parse(formData, {
    resolve(payload, intent) {
      const result = z.safeParse(schema, coerce(payload, schema));
      if (result.success) return { value: result.data as z.output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = issue.path.join(".");
        (error[name] ??= []).push(options.translate ? options.translate(issue.message) : issue.message);
      }
      if (intent?.type === "validate" && intent.payload.name && options.isUntouched) {
        for (const name of Object.keys(error)) if (options.isUntouched(name)) delete error[name];
      }
      return { error };
    },
  });
}

function coerce(payload: Record<string, unknown>, schema: z.ZodMiniType): Record<string, unknown> {
  const shape = objectShape(schema);
  const coerced: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(payload)) {
    coerced[name] = coerceField(value, shape?.[name]);
  }
  // An unchecked checkbox is simply absent from the form: absent means false for a boolean field.
  for (const [name, field] of Object.entries(shape ?? {})) {
    if (!(name in payload) && baseType(field) === "boolean") coerced[name] = false;
  }
  return coerced;
}

function coerceField(value: unknown, field: z.ZodMiniType | undefined): unknown {
  if (typeof value !== "string") return value; // repeated fields arrive as arrays: leave them to fail validation
  if (value === "") return undefined;
  switch (field && baseType(field)) {
    case "number":
      return value.trim() === "" ? undefined : Number(value);
    case "boolean":
      return value === "on" || value === "true";
    default:
      return value;
  }
}

/** The object shape behind a schema, looking through checks (which keep the def) and pipes. */
function objectShape(schema: z.ZodMiniType): Record<string, z.ZodMiniType> | undefined {
  const def = schema._zod.def as { type: string; shape?: Record<string, z.ZodMiniType> };
  return def.type === "object" ? def.shape : undefined;
}

/** A field's underlying type, looking through defaults and optionals. */
function baseType(field: z.ZodMiniType): string {
  let def = field._zod.def as { type: string; innerType?: z.ZodMiniType };
  while ((def.type === "default" || def.type === "optional") && def.innerType) {
    def = def.innerType._zod.def as typeof def;
  }
  return def.type;
}
