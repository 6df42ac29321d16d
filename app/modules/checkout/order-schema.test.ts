import { formatCountry } from "#app/modules/catalog/format.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countryCodes, POSTAL_CODE_EXAMPLES, REGIONS } from "#app/modules/catalog/countries.ts";
import { formMessageText } from "#app/modules/forms/form-message.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { serverI18n } from "#app/modules/i18n/messages.server.ts";
import { validAddress } from "#tests/support/fixtures.ts";
import { contactSchema, optionsSchema, shippingAddressSchema, shippingStepSchema } from "./order-schema.ts";

const validShipping = validAddress;

/** The schema's messages are keys: what the buyer reads is their text in a language (English unless told). */
function errorsOf(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  locale: Locale = "en",
) {
  const i18n = serverI18n(locale);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), formMessageText(i18n, issue.message)]),
  );
}

const text = (message: string | undefined, locale: Locale = "en") => formMessageText(serverI18n(locale), message ?? "");

describe("shippingStepSchema", () => {
  it("accepts a complete address and normalises it", () => {
    const result = shippingStepSchema.safeParse({ ...validShipping, name: "  Ada Lovelace ", postalcode: "d02 x285", country: "IE" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Ada Lovelace", postalcode: "D02 X285" });
  });

  it("writes a postal code typed without its hyphen or space as the post does (Poland, Japan, the Netherlands, Canada)", () => {
    const parsed = (country: string, postalcode: string, region = "") =>
      shippingStepSchema.safeParse({ ...validShipping, country, postalcode, region }).data?.postalcode;
    expect(parsed("PL", "00950")).toBe("00-950");
    expect(parsed("JP", "1000001")).toBe("100-0001");
    expect(parsed("NL", "1011ab")).toBe("1011 AB");
    expect(parsed("CA", "k1a0b1", "ON")).toBe("K1A 0B1");
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

  it("names each country's postal code as its people do, with the right article, in English and German", () => {
    const messages = (locale: Locale) =>
      Object.fromEntries(
        countryCodes.map((code) => [
          code,
          errorsOf(shippingStepSchema.safeParse({ ...validShipping, country: code, postalcode: "!" }), locale).postalcode,
        ]),
      );
    const en = messages("en");
    const de = messages("de");
    expect(en.DE).toBe("Enter a German postal code, like 10115");
    expect(en.AT).toBe("Enter an Austrian postal code, like 1010");
    expect(en.GB).toBe("Enter a UK postcode, like SW1A 1AA");
    expect(en.US).toBe("Enter a US ZIP code, like 94103");
    expect(en.IE).toBe("Enter an Irish Eircode, like D02 X285");
    expect(de.DE).toBe("Gib eine deutsche Postleitzahl ein, z. B. 10115");
    expect(de.CH).toBe("Gib eine Schweizer Postleitzahl ein, z. B. 8001");
    for (const code of countryCodes) {
      const example = POSTAL_CODE_EXAMPLES[code];
      expect(en[code], code).toMatch(/^Enter (a [^aeiou]|an [AEIOU])/);
      expect(en[code], code).toMatch(new RegExp(`, like ${example}$`));
      // The adjective, not the country's name ("a Germany postal code"); Luxembourg is its own adjective.
      if (code !== "LU") expect(en[code], code).not.toMatch(new RegExp(`an? ${formatCountry(code, "en")}\\b`));
      expect(de[code], code).toMatch(new RegExp(`^Gib (eine|einen) .+ ein, z\\. B\\. ${example}$`));
    }
  });

  it.each(countryCodes)("accepts %s's own example postal code", (code) => {
    const region = code in REGIONS ? REGIONS[code as keyof typeof REGIONS][0][0] : "";
    const result = shippingStepSchema.safeParse({ ...validShipping, country: code, region, postalcode: POSTAL_CODE_EXAMPLES[code] });
    expect(result.success).toBe(true);
  });

  it("requires a state, province or territory of the country for the US, Canada and Australia", () => {
    const us = { ...validShipping, country: "US", postalcode: "94103", city: "San Francisco" };
    expect(errorsOf(shippingAddressSchema.safeParse(us)).region).toBe("Choose your state");
    expect(errorsOf(shippingAddressSchema.safeParse({ ...us, region: "ON" })).region).toBe("Choose your state");
    expect(errorsOf(shippingAddressSchema.safeParse({ ...us, country: "CA", postalcode: "K1A 0B1" })).region).toBe(
      "Choose your province or territory",
    );
    expect(errorsOf(shippingAddressSchema.safeParse({ ...us, country: "AU", postalcode: "2000" }), "de").region).toBe(
      "Wähle deinen Bundesstaat oder dein Territorium",
    );
    expect(shippingAddressSchema.safeParse({ ...us, region: "ca" }).data?.region).toBe("CA");
  });

  it("drops a region left over from another country where the address has none", () => {
    const result = shippingAddressSchema.safeParse({ ...validShipping, region: "CA" });
    expect(result.success).toBe(true);
    expect(result.data?.region).toBe("");
  });

  it("rejects control characters and over-long values with a field message", () => {
    const errors = errorsOf(
      shippingStepSchema.safeParse({ ...validShipping, name: "Ada\u0000Lovelace", city: "x".repeat(101) }),
    );
    expect(errors.name).toBe("Remove the special characters");
    expect(errors.city).toBe("Use at most 100 characters");
  });

  it("refuses a name and address the invoice cannot print and a label may not carry, field by field, in the page's language", () => {
    const japan = { ...validShipping, country: "JP", name: "山田 太郎", address: "千代田1-1", addressextend: "ビル 3F", postalcode: "100-0001", city: "東京" };
    const latin = "Write this in Latin letters, as for international post";
    expect(errorsOf(shippingStepSchema.safeParse(japan))).toEqual({ name: latin, address: latin, addressextend: latin, city: latin });
    expect(errorsOf(shippingAddressSchema.safeParse(japan), "de").name).toBe(
      "Schreib das bitte in lateinischen Buchstaben, wie für internationale Post",
    );
    for (const value of ["שלום", "القاهرة", "Zoë 🎉", "👨‍👩‍👧", "Chiyoda、Tokyo"]) {
      expect(errorsOf(shippingStepSchema.safeParse({ ...validShipping, name: value, city: value })), value).toEqual({ name: latin, city: latin });
    }
    // The region's rule is the same one (a refused script says so before the list of states does).
    expect(errorsOf(shippingAddressSchema.safeParse({ ...validShipping, country: "US", postalcode: "94103", region: "加" })).region).toBe(latin);
  });

  it("accepts Latin with every accent, Greek, Cyrillic, digits and address punctuation", () => {
    for (const [name, address, city, country, postalcode] of [
      ["Zoë O'Brien-Smith", "c/o Łódź Ltd., ul. Piotrkowska 5 #5", "Łódź", "PL", "90-001"],
      ["Søren Ærø", "Vestergade 1-1", "Ærøskøbing", "DK", "5970"],
      ["Jürgen Straße", "Hauptstraße 1", "Berlin", "DE", "10115"],
      ["Ελένη Παπαδοπούλου", "Οδός Ερμού 1", "Αθήνα", "GR", "105 63"],
      ["Иван Петров", "ул. Витоша 1", "София", "BG", "1000"],
      ["Taro Yamada", "Chiyoda 1-1", "Tokyo", "JP", "100-0001"],
    ] as const) {
      const result = shippingStepSchema.safeParse({ ...validShipping, name, address, city, country, postalcode });
      expect(result.success, `${name}, ${city}: ${JSON.stringify(errorsOf(result))}`).toBe(true);
    }
  });

  it("writes what a Japanese keyboard types in full width, and decomposed accents, as plain text first", () => {
    const result = shippingStepSchema.safeParse({
      ...validShipping,
      country: "JP",
      name: "Ｔａｒｏ\u3000Ｙａｍａｄａ",
      address: "Ｃｈｉｙｏｄａ １－１",
      postalcode: "１００－０００１",
      addressextend: "№ 5 ℅ Tanaka",
      city: "Zoe\u0308",
    });
    expect(result.data).toMatchObject({
      name: "Taro Yamada",
      address: "Chiyoda 1-1",
      addressextend: "No 5 c/o Tanaka",
      postalcode: "100-0001",
      city: "Zoë",
    });
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
    expect(text(result.error?.issues[0]?.message)).toBe(message);
  });
});

describe("optionsSchema", () => {
  it("accepts a catalog width, grip defaulting to false", () => {
    expect(optionsSchema.parse({ size: 8.25 })).toEqual({ size: 8.25, grip: false });
  });

  it.each([0, 9, -1, Number.NaN, "8.25", undefined])("rejects width %j with 'Choose a deck width'", (size) => {
    expect(text(optionsSchema.safeParse({ size }).error?.issues[0]?.message)).toBe("Choose a deck width");
  });
});
