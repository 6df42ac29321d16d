import * as z from "zod/mini";
import { isDeckSize } from "#app/modules/catalog/catalog.ts";
import {
  countryCodes,
  canonicalPostalCode,
  isPostalCodeOf,
  isRegionOf,
  needsRegion,
  POSTAL_CODE_EXAMPLES,
  type CountryCode,
} from "#app/modules/catalog/countries.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";
import { addressTextProblem, hasControlCharacters } from "./address-text.ts";

/**
 * The one order schema: each checkout step's form validates with its part, on the page and again in the
 * step's action; the order submission (order-submission.server.ts) validates the whole with the same pieces. zod/mini
 * keeps the checkout pages light (about 6 KB gz against 30 KB for classic zod) with the same rules on both sides.
 *
 * Messages are message keys (`checkout:errors.*`, app/locales/<locale>/checkout.json), shown in the page's language
 * by the field that shows them (form-message.ts); the English texts are the shop's wording from before.
 */

const message = {
  specialCharacters: formMessage("checkout:errors.specialCharacters"),
  latinLetters: formMessage("checkout:errors.latinLetters"),
  tooLong: (max: number) => formMessage("checkout:errors.tooLong", { max }),
  email: formMessage("checkout:errors.email.required"),
  emailInvalid: formMessage("checkout:errors.email.invalid"),
  deckWidth: formMessage("checkout:errors.deckWidth"),
  country: formMessage("checkout:errors.country"),
};

/** The fields a buyer must fill in, as the "Enter your …" message names them. */
type RequiredField = "name" | "address" | "postalcode" | "city";

/**
 * The one rule for what a shipping name and address line is written in (address-text.ts): Latin, Greek or Cyrillic
 * letters, digits, spaces and punctuation, as the invoice can print it and an international label needs it; nothing
 * invisible (control characters, newlines among them, have no place in a single-line field).
 */
const writtenForPost = z.superRefine<string>((value, ctx) => {
  const problem = addressTextProblem(value);
  if (problem) ctx.addIssue({ code: "custom", input: value, message: problem === "script" ? message.latinLetters : message.specialCharacters });
});

/**
 * A line of the address as the post reads it: first in Unicode's compatibility form (NFKC: full-width １－１ is 1-1,
 * a no-break or ideographic space a space), then trimmed, checked by the given rules and written for post.
 */
function postalLine(error: string | undefined, ...checks: z.core.$ZodCheck<string>[]) {
  return z.string(error === undefined ? undefined : { error }).check(z.normalize("NFKC"), z.trim(), ...checks, writtenForPost);
}

function requiredLine(field: RequiredField, max: number) {
  const required = formMessage(`checkout:errors.required.${field}`);
  return postalLine(required, z.minLength(1, required), z.maxLength(max, message.tooLong(max)));
}

/**
 * A buyer's name where it goes on no invoice or label (the withdrawal form, withdrawal.ts): required, at most 100
 * characters, in any script, only no control characters. A withdrawal must not fail for the script of a name.
 */
export const buyerNameSchema = z
  .string({ error: formMessage("checkout:errors.required.name") })
  .check(
    z.trim(),
    z.minLength(1, formMessage("checkout:errors.required.name")),
    z.maxLength(100, message.tooLong(100)),
    z.refine((value) => !hasControlCharacters(value), message.specialCharacters),
  );

/** Made once: building a schema costs more than checking an address with it. */
const emailFormat = z.email();

export const contactSchema = z
  .string({ error: message.email })
  .check(
    z.trim(),
    z.minLength(1, message.email),
    z.maxLength(254, message.tooLong(254)),
    z.refine((value) => z.safeParse(emailFormat, value).success, message.emailInvalid),
  );

export const optionsSchema = z.object({
  grip: z._default(z.boolean(), false),
  size: z.number({ error: message.deckWidth }).check(z.refine(isDeckSize, message.deckWidth)),
});

export const addressFields = {
  name: requiredLine("name", 100),
  address: requiredLine("address", 200),
  addressextend: z._default(postalLine(undefined, z.maxLength(200, message.tooLong(200))), ""),
  postalcode: requiredLine("postalcode", 12).check(z.toUpperCase()),
  city: requiredLine("city", 100),
  country: z.enum(countryCodes, { error: message.country }),
  /** State, province or territory (its postal abbreviation) where the country needs one, else "". */
  region: z._default(postalLine(undefined, z.maxLength(3, message.tooLong(3)), z.toUpperCase()), ""),
};

/**
 * Checks the postal code against the chosen country's format, once written as the post writes it (a Polish
 * "00950" becomes "00-950"). It runs even when other fields are still wrong, so the buyer sees every error at
 * once, but only when country and postal code themselves parsed.
 */
export const postalCodeMatchesCountry = z.superRefine<{ country: CountryCode; postalcode: string }>(
  (value, ctx) => {
    value.postalcode = canonicalPostalCode(value.country, value.postalcode);
    if (!isPostalCodeOf(value.country, value.postalcode)) {
      ctx.addIssue({
        code: "custom",
        path: ["postalcode"],
        message: formMessage(`checkout:errors.postalCode.${value.country}`, { example: POSTAL_CODE_EXAMPLES[value.country] }),
      });
    }
  },
  { when: (payload) => !payload.issues.some((issue) => ["country", "postalcode"].includes(String(issue.path?.[0]))) },
);

/**
 * The state, province or territory: required, and one of the country's, for the US, Canada and Australia. Other
 * countries' addresses have none: a region left over from an earlier choice of country is dropped.
 */
export const regionMatchesCountry = z.superRefine<{ country: CountryCode; region: string }>(
  (value, ctx) => {
    if (!needsRegion(value.country)) {
      value.region = "";
    } else if (!isRegionOf(value.country, value.region)) {
      ctx.addIssue({ code: "custom", path: ["region"], message: formMessage(`checkout:errors.region.${value.country}`) });
    }
  },
  { when: (payload) => !payload.issues.some((issue) => ["country", "region"].includes(String(issue.path?.[0]))) },
);

/** A shipping address, postal code checked against the country. */
export const shippingAddressSchema = z.object(addressFields).check(postalCodeMatchesCountry, regionMatchesCountry);

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The /Shipping form: the address plus the contact e-mail (a hidden field once the Login step knows it). */
export const shippingStepSchema = z
  .object({ contact: contactSchema, ...addressFields })
  .check(postalCodeMatchesCountry, regionMatchesCountry);

/** The /Login guest form. */
export const guestContactSchema = z.object({ contact: contactSchema });
