import { catalog } from "#app/modules/catalog/catalog.ts";
import { cardBrandInfo, cardDigits, detectCardBrand, isCardBrand } from "./card-brand.ts";

/**
 * Card checks (product §6): Luhn, expiry not in the past, security-code length by brand (4 for amex, 3
 * otherwise), name present. Pure functions without DOM or React, so the checkout action can run the same
 * checks on the server. Each returns the message to show next to the field, or undefined when the value is fine.
 */

/** The card preview values of spec §3, as the form holds them. */
export interface CardValues {
  cardNumber: string;
  cardName: string;
  cardMonth: string;
  cardYear: string;
  cardCvv: string;
}

export type CardField = keyof CardValues;
export type CardErrors = Partial<Record<CardField, string>>;

export interface CardValidationOptions {
  /** The current time; the expiry month is compared with this date's month (default: now). */
  now?: Date;
  /** Brands the shop takes (default: the catalog's). A number of another known brand is refused. */
  acceptedBrands?: readonly string[];
}

/** Expiry dates further ahead than this are taken for typos. */
const MAX_YEARS_AHEAD = 20;
const ANY_CARD_LENGTHS = [12, 13, 14, 15, 16, 17, 18, 19];

/** The Luhn (mod 10) checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

function brandList(brands: readonly string[]): string {
  const names = brands.filter(isCardBrand).map((brand) => cardBrandInfo[brand].name);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

export function validateCardNumber(
  cardNumber: string,
  acceptedBrands: readonly string[] = catalog.acceptedCardBrands,
): string | undefined {
  if (cardNumber.trim() === "") return "Enter the card number";
  if (!/^[\d\s-]+$/.test(cardNumber)) return "Enter the card number using digits only";
  const digits = cardDigits(cardNumber);
  const brand = detectCardBrand(digits);
  const lengths = brand ? cardBrandInfo[brand].lengths : ANY_CARD_LENGTHS;
  if (digits.length > Math.max(...lengths)) return "The card number has too many digits";
  if (!lengths.includes(digits.length)) return "Enter the full card number";
  if (!passesLuhn(digits)) return "Check the card number for typos";
  if (brand && !acceptedBrands.includes(brand)) {
    return `We do not take ${cardBrandInfo[brand].name} cards. Use ${brandList(acceptedBrands)}`;
  }
  return undefined;
}

export function validateCardName(cardName: string): string | undefined {
  return cardName.trim() === "" ? "Enter the name on the card" : undefined;
}

/** The four-digit year of "29" or "2029"; null for anything else. */
export function fullExpiryYear(cardYear: string): number | null {
  const year = cardYear.trim();
  if (/^\d{2}$/.test(year)) return 2000 + Number(year);
  if (/^\d{4}$/.test(year)) return Number(year);
  return null;
}

function expiryMonth(cardMonth: string): number | null {
  const month = cardMonth.trim();
  if (!/^\d{1,2}$/.test(month)) return null;
  const value = Number(month);
  return value >= 1 && value <= 12 ? value : null;
}

/**
 * Month and year checked together: a card is good until the end of its expiry month. "Expired" goes on the
 * month when the year is the current one (the month is what is wrong), otherwise on the year.
 */
export function validateExpiry(
  cardMonth: string,
  cardYear: string,
  now: Date = new Date(),
): Pick<CardErrors, "cardMonth" | "cardYear"> {
  const month = expiryMonth(cardMonth);
  const year = fullExpiryYear(cardYear);
  const errors: Pick<CardErrors, "cardMonth" | "cardYear"> = {};
  if (cardMonth.trim() === "") errors.cardMonth = "Enter the expiry month";
  else if (month === null) errors.cardMonth = "Enter a month from 01 to 12";
  if (cardYear.trim() === "") errors.cardYear = "Enter the expiry year";
  else if (year === null) errors.cardYear = "Enter the year as 2 digits, like 29";
  if (month === null || year === null) return errors;

  const thisYear = now.getFullYear();
  if (year < thisYear) errors.cardYear = "The card has expired";
  else if (year === thisYear && month < now.getMonth() + 1) errors.cardMonth = "The card has expired";
  else if (year > thisYear + MAX_YEARS_AHEAD) errors.cardYear = "Check the year: it is too far ahead";
  return errors;
}

/** The security code's length follows the brand of the number: 4 digits for amex, 3 for all others. */
export function securityCodeLength(cardNumber: string): 3 | 4 {
  const brand = detectCardBrand(cardNumber);
  return brand ? cardBrandInfo[brand].securityCodeLength : 3;
}

export function validateSecurityCode(cardCvv: string, cardNumber: string): string | undefined {
  const length = securityCodeLength(cardNumber);
  if (cardCvv.trim() === "") return "Enter the security code";
  return new RegExp(`^\\d{${length}}$`).test(cardCvv.trim()) ? undefined : `Enter the ${length}-digit security code`;
}

/** Every check at once; an empty object means the card details are complete and plausible. */
export function validateCard(values: CardValues, options: CardValidationOptions = {}): CardErrors {
  const errors: CardErrors = {
    cardNumber: validateCardNumber(values.cardNumber, options.acceptedBrands),
    cardName: validateCardName(values.cardName),
    ...validateExpiry(values.cardMonth, values.cardYear, options.now),
    cardCvv: validateSecurityCode(values.cardCvv, values.cardNumber),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}
