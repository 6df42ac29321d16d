import { describe, expect, it } from "vitest";
import { formMessageText } from "#app/modules/forms/form-message.ts";
import { pageI18n } from "#app/modules/i18n/i18n-instance.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { messagesFor } from "#app/modules/i18n/messages.server.ts";
import * as card from "./card-validation.ts";
import { fullExpiryYear, passesLuhn, securityCodeLength } from "./card-validation.ts";

// The checks return message keys (D193); these tests read them as the buyer does, in English (and German below).
const text = (message: string | undefined, locale: Locale = "en") =>
  message === undefined ? undefined : formMessageText(pageI18n(locale, messagesFor(locale, ["card"])), message);
const texts = (errors: Partial<Record<string, string>>, locale: Locale = "en") =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, text(message, locale)]));
const validateCardNumber = (...args: Parameters<typeof card.validateCardNumber>) => text(card.validateCardNumber(...args));
const validateCardName = (value: string) => text(card.validateCardName(value));
const validateExpiry = (...args: Parameters<typeof card.validateExpiry>) => texts(card.validateExpiry(...args));
const validateSecurityCode = (...args: Parameters<typeof card.validateSecurityCode>) => text(card.validateSecurityCode(...args));
const validateCard = (...args: Parameters<typeof card.validateCard>) => texts(card.validateCard(...args));

describe("in German", () => {
  it("reads the same checks in German", () => {
    expect(text(card.validateCardNumber("4111 1111 1111 1112"), "de")).toBe("Prüf die Kartennummer auf Tippfehler");
    expect(text(card.validateSecurityCode("12", "3782 822463 10005"), "de")).toBe("Gib die 4-stellige Prüfnummer ein");
    expect(text(card.validateCardNumber("2200 0000 0000 0004", ["visa", "mastercard"]), "de")).toBe(
      "Wir akzeptieren keine Mir-Karten. Nutze Visa oder Mastercard",
    );
  });
});

describe("Luhn", () => {
  it.each([
    ["4111111111111111", true],
    ["4111111111111112", false],
    ["378282246310005", true],
    ["5555555555554444", true],
    ["79927398713", true],
    ["79927398710", false],
    ["0", true],
    ["", false],
    ["4111 1111", false],
  ])("%j → %s", (digits, valid) => {
    expect(passesLuhn(digits)).toBe(valid);
  });
});

describe("card number", () => {
  it.each([
    ["", "Enter the card number"],
    ["   ", "Enter the card number"],
    ["4111 1111 1111 1111", undefined],
    ["4111-1111-1111-1111", undefined],
    ["5555 5555 5555 4444", undefined],
    ["2221 0000 0000 0009", undefined],
    ["3782 822463 10005", undefined],
    ["4111 1111 1111 1112", "Check the card number for typos"],
    ["4111 1111", "Enter the full card number"],
    ["3782 822463 1000", "Enter the full card number"],
    ["3782 8224 6310 0050", "The card number has too many digits"],
    ["4111 1111 1111 1111 0000", "The card number has too many digits"],
    ["4111 1111 1111 111O", "Enter the card number using digits only"],
    [
      "2200 0000 0000 0004",
      "We do not take Mir cards. Use Visa, Mastercard, American Express, Discover, Diners Club, JCB, UnionPay or Maestro",
    ],
  ])("%j → %j", (number, message) => {
    expect(validateCardNumber(number)).toBe(message);
  });

  it("takes the accepted brands as an option", () => {
    expect(validateCardNumber("3782 822463 10005", ["visa"])).toBe("We do not take American Express cards. Use Visa");
    expect(validateCardNumber("2200 0000 0000 0004", ["mir"])).toBeUndefined();
  });
});

describe("expiry (today: 15 May 2026)", () => {
  const now = new Date(2026, 4, 15);
  it.each([
    ["05", "26", {}],
    ["5", "2026", {}],
    ["12", "29", {}],
    ["01", "2046", {}],
    ["04", "26", { cardMonth: "The card has expired" }],
    ["12", "25", { cardYear: "The card has expired" }],
    ["01", "2020", { cardYear: "The card has expired" }],
    ["01", "47", { cardYear: "Check the year: it is too far ahead" }],
    ["13", "27", { cardMonth: "Enter a month from 01 to 12" }],
    ["00", "27", { cardMonth: "Enter a month from 01 to 12" }],
    ["05", "7", { cardYear: "Enter the year as 2 digits, like 29" }],
    ["05", "207", { cardYear: "Enter the year as 2 digits, like 29" }],
    ["", "", { cardMonth: "Enter the expiry month", cardYear: "Enter the expiry year" }],
    ["05", "", { cardYear: "Enter the expiry year" }],
  ])("%j / %j → %j", (month, year, errors) => {
    expect(validateExpiry(month, year, now)).toEqual(errors);
  });

  it("the last day of the expiry month is still good", () => {
    expect(validateExpiry("05", "26", new Date(2026, 4, 31, 23, 59))).toEqual({});
    expect(validateExpiry("05", "26", new Date(2026, 5, 1))).toEqual({ cardMonth: "The card has expired" });
  });

  it("reads two- and four-digit years", () => {
    expect(fullExpiryYear("29")).toBe(2029);
    expect(fullExpiryYear("2029")).toBe(2029);
    expect(fullExpiryYear("029")).toBeNull();
  });
});

describe("security code: 4 digits for amex, 3 for all others", () => {
  it.each([
    ["123", "4111 1111 1111 1111", undefined],
    ["1234", "4111 1111 1111 1111", "Enter the 3-digit security code"],
    ["12", "5555 5555 5555 4444", "Enter the 3-digit security code"],
    ["1234", "3782 822463 10005", undefined],
    ["123", "3782 822463 10005", "Enter the 4-digit security code"],
    ["123", "", undefined],
    ["", "4111 1111 1111 1111", "Enter the security code"],
    ["12a", "4111 1111 1111 1111", "Enter the 3-digit security code"],
  ])("%j with %j → %j", (code, number, message) => {
    expect(validateSecurityCode(code, number)).toBe(message);
  });

  it("follows the brand while the number is partial", () => {
    expect(securityCodeLength("37")).toBe(4);
    expect(securityCodeLength("4")).toBe(3);
  });
});

it("the name must be present", () => {
  expect(validateCardName("")).toBe("Enter the name on the card");
  expect(validateCardName("   ")).toBe("Enter the name on the card");
  expect(validateCardName("Erika Mustermann")).toBeUndefined();
});

// The order form refuses a longer name on the server: the card form must say so at the field, not leave the
// buyer with a refused payment and no message (found by hand: 500 characters pasted into "Name on card").
it("the name may be as long as the order form takes, and no longer", () => {
  expect(validateCardName("E".repeat(card.CARD_NAME_MAX_LENGTH))).toBeUndefined();
  expect(validateCardName("E".repeat(card.CARD_NAME_MAX_LENGTH + 1))).toBe("Use at most 100 characters");
});

describe("validateCard", () => {
  const now = new Date(2026, 4, 15);
  it("gives one message per wrong field", () => {
    const empty = { cardNumber: "", cardName: "", cardMonth: "", cardYear: "", cardCvv: "" };
    expect(validateCard(empty, { now })).toEqual({
      cardNumber: "Enter the card number",
      cardName: "Enter the name on the card",
      cardMonth: "Enter the expiry month",
      cardYear: "Enter the expiry year",
      cardCvv: "Enter the security code",
    });
  });

  it("gives nothing for a complete, plausible card", () => {
    const card = {
      cardNumber: "4111 1111 1111 1111",
      cardName: "Erika",
      cardMonth: "08",
      cardYear: "2029",
      cardCvv: "123",
    };
    expect(validateCard(card, { now })).toEqual({});
  });
});
