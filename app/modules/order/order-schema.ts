import * as z from "zod/mini";
import { countries, countryCodes, isDeckSize, type CountryCode } from "~/modules/catalog/catalog";

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
        message: `Enter a ${country.name} postal code, like ${country.postalCodeExample}`,
      });
    }
  },
  { when: (payload) => !payload.issues.some((issue) => ["country", "postalcode"].includes(String(issue.path?.[0]))) },
);

/** A shipping address, postal code checked against the country. */
export const shippingAddressSchema = z.object(addressFields).check(postalCodeMatchesCountry);

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The /Shipping form: the address plus the contact e-mail (a hidden field once the Login step knows it). */
export const shippingStepSchema = z.object({ contact: contactSchema, ...addressFields }).check(postalCodeMatchesCountry);

/** The /Login guest form. */
export const guestContactSchema = z.object({ contact: contactSchema });
