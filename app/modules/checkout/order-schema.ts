import * as z from "zod/mini";
import { validateCard, type CardValues } from "#app/modules/card/card-validation.ts";
import { countries, countryCodes, isDeckSize, type CountryCode } from "#app/modules/catalog/catalog.ts";
import { designJsonSchema } from "#app/modules/design/design-schema.ts";
import { CHECKOUT_ID_PATTERN } from "./order-state.ts";

/**
 * The one order schema: each checkout step's form validates with its part, on the page and again in the
 * step's action; the order submission validates the whole with the same pieces. zod/mini keeps the
 * checkout pages light (about 6 KB gz against 30 KB for classic zod) with the same rules on both sides.
 */

// Control characters (including newlines) have no place in a single-line field.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const noControlCharacters = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), "Remove the special characters");

function requiredLine(label: string, max: number) {
  return z
    .string({ error: `Enter your ${label}` })
    .check(
      z.trim(),
      z.minLength(1, `Enter your ${label}`),
      z.maxLength(max, `Use at most ${max} characters`),
      noControlCharacters,
    );
}

export const contactSchema = z
  .string({ error: "Enter your e-mail address" })
  .check(
    z.trim(),
    z.minLength(1, "Enter your e-mail address"),
    z.maxLength(254, "Use at most 254 characters"),
    z.refine((value) => z.safeParse(z.email(), value).success, "Enter an e-mail address like name@example.com"),
  );

export const optionsSchema = z.object({
  grip: z._default(z.boolean(), false),
  size: z.number({ error: "Choose a deck width" }).check(z.refine(isDeckSize, "Choose a deck width")),
});

export const addressFields = {
  name: requiredLine("full name", 100),
  address: requiredLine("street and house number", 200),
  addressextend: z._default(
    z.string().check(z.trim(), z.maxLength(200, "Use at most 200 characters"), noControlCharacters),
    "",
  ),
  postalcode: requiredLine("postal code", 12).check(z.toUpperCase()),
  city: requiredLine("town or city", 100),
  country: z.enum(countryCodes, { error: "Choose a country we ship to" }),
};

/**
 * Checks the postal code against the chosen country's format. It runs even when other fields are still
 * wrong, so the buyer sees every error at once, but only when country and postal code themselves parsed.
 */
const postalCodeMatchesCountry = z.superRefine<{ country: CountryCode; postalcode: string }>(
  (value, ctx) => {
    const country = countries[value.country];
    if (!country.postalCode.test(value.postalcode)) {
      ctx.addIssue({
        code: "custom",
        path: ["postalcode"],
        message: `Enter ${country.postalCodeName}, like ${country.postalCodeExample}`,
      });
    }
  },
  { when: (payload) => !payload.issues.some((issue) => ["country", "postalcode"].includes(String(issue.path?.[0]))) },
);

/** The shared card rules, run even when other fields are wrong (so every card error shows at once). */
const cardIsValid = z.superRefine<CardValues>(
  (card, ctx) => {
    for (const [field, message] of Object.entries(validateCard(card))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  },
  { when: (payload) => !payload.issues.some((issue) => String(issue.path?.[0]).startsWith("card")) },
);

/** A shipping address, postal code checked against the country. */
export const shippingAddressSchema = z.object(addressFields).check(postalCodeMatchesCountry);

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The /Shipping form: the address plus the contact e-mail (a hidden field once the Login step knows it). */
export const shippingStepSchema = z.object({ contact: contactSchema, ...addressFields }).check(postalCodeMatchesCountry);

/** The /Login guest form. */
export const guestContactSchema = z.object({ contact: contactSchema });

const cardField = (max: number) => z._default(z.string().check(z.maxLength(max, "This is too long")), "");

/**
 * A whole order as the Payment page submits it: the options, contact and address from the earlier steps (the
 * same schemas), the design, the checkout's idempotency key and the card. The card is checked with the shared
 * card rules (Luhn, expiry, security-code length); it is passed to the processor and never stored.
 */
export const orderSubmissionSchema = z
  .object({
    ...optionsSchema.shape,
    contact: contactSchema,
    ...addressFields,
    design: designJsonSchema,
    checkoutId: z.string({ error: "Reload the page and try again" }).check(
      z.regex(CHECKOUT_ID_PATTERN, "Reload the page and try again"),
    ),
    cardNumber: cardField(30),
    cardName: cardField(100),
    cardMonth: cardField(2),
    cardYear: cardField(4),
    cardCvv: cardField(4),
  })
  .check(postalCodeMatchesCountry, cardIsValid);

export type OrderSubmission = z.output<typeof orderSubmissionSchema>;
