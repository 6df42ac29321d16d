import * as z from "zod/mini";
import {
  DESIGN_LIMITS,
  EMOJI_NAME,
  EMOJI_UNIFIED,
  LAYER_ID,
  TEXT_ALIGNS,
  hasUniqueIds,
  isEmojiUnified,
  isLayerText,
  type Range,
} from "./design.ts";
import { FONT_IDS } from "./fonts.ts";

/**
 * The design as the server accepts it with an order: the editor's model (design.ts), validated to the same
 * limits as `isDesign`. Every rule has a message; nothing here throws on hostile input.
 */

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function numberIn(range: Range, what: string, unit = "") {
  return z
    .number({ error: `${what} must be a number` })
    .check(
      z.gte(range.min, `${what} must be at least ${range.min}${unit}`),
      z.lte(range.max, `${what} must be at most ${range.max}${unit}`),
    );
}

/** A string capped before any pattern runs on it, so a huge value costs one length check. */
function shortString(maxChars: number, tooLong: string) {
  return z.string({ error: tooLong }).check(z.maxLength(maxChars, { error: tooLong, abort: true }));
}

const placement = {
  id: shortString(DESIGN_LIMITS.idMaxChars, "A layer's id is invalid").check(
    z.regex(LAYER_ID, "A layer's id is invalid"),
  ),
  x: numberIn(DESIGN_LIMITS.xMm, "A layer's position across the deck", " mm"),
  y: numberIn(DESIGN_LIMITS.yMm, "A layer's position along the deck", " mm"),
  rotation: numberIn(DESIGN_LIMITS.rotation, "A layer's rotation", "°"),
};

const textLayerSchema = z.object({
  kind: z.literal("text"),
  ...placement,
  text: shortString(
    DESIGN_LIMITS.textMaxChars,
    `A text can have at most ${DESIGN_LIMITS.textMaxChars} characters`,
  ).check(
    z.refine(
      isLayerText,
      `A text can use letters, digits and common punctuation, on at most ${DESIGN_LIMITS.textMaxLines} lines`,
    ),
  ),
  font: z.enum(FONT_IDS, "Choose one of the shop's fonts"),
  fontSize: numberIn(DESIGN_LIMITS.fontSizeMm, "A text's size", " mm"),
  color: z
    .string({ error: "A text's colour must be a colour like #1b1b1b" })
    .check(z.regex(HEX_COLOUR, "A text's colour must be a colour like #1b1b1b")),
  align: z.enum(TEXT_ALIGNS, "A text is aligned left, center or right"),
});

const emojiLayerSchema = z.object({
  kind: z.literal("emoji"),
  ...placement,
  unified: shortString(DESIGN_LIMITS.unifiedMaxChars, "A sticker's emoji is unknown").check(
    z.regex(EMOJI_UNIFIED, { error: "A sticker's emoji is unknown", abort: true }),
    z.refine(isEmojiUnified, "A sticker's emoji is unknown"),
  ),
  name: shortString(DESIGN_LIMITS.emojiNameMaxChars, "A sticker's name is too long").check(
    z.regex(EMOJI_NAME, "A sticker's name can only hold plain words"),
  ),
  size: numberIn(DESIGN_LIMITS.emojiSizeMm, "A sticker's size", " mm"),
});

const layerSchema = z.discriminatedUnion("kind", [textLayerSchema, emojiLayerSchema], {
  error: "A layer is a text or a sticker",
});

const tooManyLayers = `A design can have at most ${DESIGN_LIMITS.maxLayers} layers`;

// The count is checked on the bare list first, so 10,000 layers are refused without looking at each.
const layersSchema = z.pipe(
  z
    .array(z.unknown(), { error: "The design's layers are missing" })
    .check(z.maxLength(DESIGN_LIMITS.maxLayers, tooManyLayers)),
  z.array(layerSchema).check(z.refine(hasUniqueIds, "Each layer needs its own id")),
);

/** The design as the server accepts it with an order (the editor's model, validated). */
export const designSchema = z.object({
  background: z
    .string({ error: "Choose a background colour from the list" })
    .check(z.regex(HEX_COLOUR, "Choose a background colour from the list")),
  // Designs from before the editor had layers are a background alone.
  layers: z._default(layersSchema, []),
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
