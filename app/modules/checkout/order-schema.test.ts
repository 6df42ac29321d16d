import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countries, countryCodes } from "#app/modules/catalog/catalog.ts";
import { validAddress } from "#tests/support/fixtures.ts";
import { contactSchema, optionsSchema, shippingStepSchema } from "./order-schema.ts";

const validShipping = validAddress;

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe("shippingStepSchema", () => {
  it("accepts a complete address and normalises it", () => {
    const result = shippingStepSchema.safeParse({ ...validShipping, name: "  Ada Lovelace ", postalcode: "d02 x285", country: "IE" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Ada Lovelace", postalcode: "D02 X285" });
  });

  it("reports every missing field at once, with a message for each", () => {
    const errors = errorsOf(shippingStepSchema.safeParse({}));
    expect(errors).toMatchObject({
      contact: "Enter your e-mail address",
      name: "Enter your full name",
      address: "Enter your street and house number",
      postalcode: "Enter your postal code",
      city: "Enter your town or city",
      country: "Choose a country we ship to",
    });
    expect(errors.addressextend).toBeUndefined();
  });

  it("checks the postal code against the country, even while other fields are wrong", () => {
    const errors = errorsOf(shippingStepSchema.safeParse({ ...validShipping, name: "", postalcode: "1234" }));
    expect(errors.postalcode).toBe("Enter a German postal code, like 10115");
    expect(errors.name).toBe("Enter your full name");
  });

  it("names each country's postal code as its people do, with the right article", () => {
    const messages = Object.fromEntries(
      countryCodes.map((code) => [code, errorsOf(shippingStepSchema.safeParse({ ...validShipping, country: code, postalcode: "!" })).postalcode]),
    );
    expect(messages.AT).toBe("Enter an Austrian postal code, like 1010");
    expect(messages.GB).toBe("Enter a UK postcode, like SW1A 1AA");
    expect(messages.US).toBe("Enter a US ZIP code, like 94103");
    expect(messages.IE).toBe("Enter an Irish Eircode, like D02 X285");
    for (const [code, message] of Object.entries(messages)) {
      expect(message, code).toMatch(/^Enter (a [^aeiou]|an [AEIOU])/);
      // The adjective, not the country's name ("a Germany postal code").
      expect(message, code).not.toMatch(new RegExp(`an? ${countries[code as keyof typeof countries].name}\\b`));
    }
  });

  it.each(countryCodes)("accepts %s's own example postal code", (code) => {
    const country = countries[code];
    expect(country.postalCode.test(country.postalCodeExample.toUpperCase())).toBe(true);
    const result = shippingStepSchema.safeParse({ ...validShipping, country: code, postalcode: country.postalCodeExample });
    expect(result.success).toBe(true);
  });

  it("rejects control characters and over-long values with a field message", () => {
    const errors = errorsOf(
      shippingStepSchema.safeParse({ ...validShipping, name: "Ada\u0000Lovelace", city: "x".repeat(101) }),
    );
    expect(errors.name).toBe("Remove the special characters");
    expect(errors.city).toBe("Use at most 100 characters");
  });

  it("never throws on hostile input: any value parses to success or field errors", () => {
    fc.assert(
      fc.property(
        fc.record({
          contact: fc.anything(),
          name: fc.oneof(fc.string(), fc.constant("<script>alert(1)</script>"), fc.anything()),
          address: fc.anything(),
          addressextend: fc.anything(),
          postalcode: fc.anything(),
          city: fc.string({ maxLength: 300 }),
          country: fc.oneof(fc.constantFrom(...countryCodes), fc.string()),
        }),
        (input) => {
          const result = shippingStepSchema.safeParse(input);
          if (!result.success) {
            expect(result.error.issues.every((issue) => issue.message.length > 0)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("contactSchema", () => {
  it.each(["ada@example.com", " ada@example.com "])("accepts %j", (value) => {
    expect(contactSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ["", "Enter your e-mail address"],
    ["ada", "Enter an e-mail address like name@example.com"],
    [`${"a".repeat(250)}@example.com`, "Use at most 254 characters"],
  ])("rejects %j with %j", (value, message) => {
    const result = contactSchema.safeParse(value);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("optionsSchema", () => {
  it("accepts a catalog width, grip defaulting to false", () => {
    expect(optionsSchema.parse({ size: 8.25 })).toEqual({ size: 8.25, grip: false });
  });

  it.each([0, 9, -1, Number.NaN, "8.25", undefined])("rejects width %j with 'Choose a deck width'", (size) => {
    expect(optionsSchema.safeParse({ size }).error?.issues[0]?.message).toBe("Choose a deck width");
  });
});
