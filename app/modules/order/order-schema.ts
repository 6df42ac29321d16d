import { z } from "zod";
import { countries, countryCodes, isDeckSize, type CountryCode } from "~/modules/catalog/catalog";

/**
 * The one order schema: each checkout step's form validates with its part, on the page and again in the
 * step's action; the order submission (issue 5) validates the whole with the same pieces.
 */

// Control characters (including newlines) have no place in a single-line field.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

function line(label: string, max: number) {
  return z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), "Remove the special characters");
}

export const contactSchema = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .min(1, "Enter your e-mail address")
  .max(254, "Use at most 254 characters")
  .pipe(z.email("Enter an e-mail address like name@example.com"));

export const optionsSchema = z.object({
  grip: z.boolean().default(false),
  size: z.number({ error: "Choose a deck width" }).refine(isDeckSize, "Choose a deck width"),
});

const addressFields = {
  name: line("full name", 100),
  address: line("street and house number", 200),
  addressextend: z
    .string()
    .trim()
    .max(200, "Use at most 200 characters")
    .refine((value) => !CONTROL_CHARACTERS.test(value), "Remove the special characters")
    .default(""),
  postalcode: line("postal code", 12).transform((value) => value.toUpperCase()),
  city: line("town or city", 100),
  country: z.enum(countryCodes, { error: "Choose a country we ship to" }),
};

/**
 * Checks the postal code against the chosen country's format. It runs even when other fields are still
 * wrong, so the buyer sees every error at once, but only when country and postal code themselves parsed.
 */
function postalCodeMatchesCountry<S extends z.ZodType<{ country: CountryCode; postalcode: string }>>(schema: S): S {
  return schema.superRefine(
    (value, ctx) => {
      const country = countries[value.country];
      if (!country.postalCode.test(value.postalcode)) {
        ctx.addIssue({
          code: "custom",
          path: ["postalcode"],
          message: `Enter a ${country.name} postal code, like ${country.postalCodeExample}`,
        });
      }
    },
    { when: (payload) => !payload.issues.some((issue) => ["country", "postalcode"].includes(String(issue.path?.[0]))) },
  );
}

/** A shipping address, postal code checked against the country. */
export const shippingAddressSchema = postalCodeMatchesCountry(z.object(addressFields));

/** The /Shipping form: the address plus the contact e-mail (a hidden field once the Login step knows it). */
export const shippingStepSchema = postalCodeMatchesCountry(z.object({ contact: contactSchema, ...addressFields }));

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;


