import * as z from "zod/mini";

/** The design as the server accepts it with an order (the editor's model, validated). */
export const designSchema = z.object({
  background: z.string().check(z.regex(/^#[0-9a-f]{6}$/i, "Choose a background colour from the list")),
});

/** A design arrives as JSON text in a form field; this caps its size before it is parsed. */
export const DESIGN_MAX_CHARS = 200_000;

export const designJsonSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(DESIGN_MAX_CHARS, "The design is too large")),
    // The parsed value is checked by designSchema right after, so the cast only names what comes next.
    z.transform((text: string, ctx) => {
      try {
        return JSON.parse(text) as z.input<typeof designSchema>;
      } catch {
        ctx.issues.push({ code: "custom", message: "The design could not be read", input: text });
        return z.NEVER;
      }
    }),
  ),
  designSchema,
);
