import { catalog } from "#app/modules/catalog/catalog.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";
import { cardBrandInfo, cardDigits, detectCardBrand, isCardBrand } from "./card-brand.ts";

/**
 * Card checks (product §6): Luhn, expiry not in the past, security-code length by brand (4 for amex, 3
 * otherwise), name present. Pure functions without DOM or React, so the checkout action can run the same
 * checks on the server. Each returns the message to show next to the field, or undefined when the value is fine:
 * a message key of the card namespace (formMessage), which the field showing it translates (D193).
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

/** "We do not take Mir cards. Use Visa, …, UnionPay or Maestro": the list's "or" is the message's own word. */
function brandRefused(brand: string, accepted: readonly string[]): string {
  const names = accepted.filter(isCardBrand).map((each) => cardBrandInfo[each].name);
  if (names.length <= 1) return formMessage("card:errors.brandRefusedOne", { brand, accepted: names[0] ?? "" });
  return formMessage("card:errors.brandRefused", { brand, accepted: names.slice(0, -1).join(", "), last: names.at(-1) ?? "" });
}

export function validateCardNumber(
  cardNumber: string,
  acceptedBrands: readonly string[] = catalog.acceptedCardBrands,
): string | undefined {
  if (cardNumber.trim() === "") return formMessage("card:errors.numberMissing");
  if (!/^[\d\s-]+$/.test(cardNumber)) return formMessage("card:errors.numberDigitsOnly");
  const digits = cardDigits(cardNumber);
  const brand = detectCardBrand(digits);
  const lengths = brand ? cardBrandInfo[brand].lengths : ANY_CARD_LENGTHS;
  if (digits.length > Math.max(...lengths)) return formMessage("card:errors.numberTooLong");
  if (!lengths.includes(digits.length)) return formMessage("card:errors.numberIncomplete");
  if (!passesLuhn(digits)) return formMessage("card:errors.numberTypo");
  if (brand && !acceptedBrands.includes(brand)) return brandRefused(cardBrandInfo[brand].name, acceptedBrands);
  return undefined;
}

/** Longer than any name a card carries (26 characters on the card itself); the order form takes no more. */
export const CARD_NAME_MAX_LENGTH = 100;

export function validateCardName(cardName: string): string | undefined {
  if (cardName.trim() === "") return formMessage("card:errors.nameMissing");
  if (cardName.length > CARD_NAME_MAX_LENGTH) return formMessage("card:errors.nameTooLong", { max: CARD_NAME_MAX_LENGTH });
  return undefined;
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
  if (cardMonth.trim() === "") errors.cardMonth = formMessage("card:errors.monthMissing");
  else if (month === null) errors.cardMonth = formMessage("card:errors.monthInvalid");
  if (cardYear.trim() === "") errors.cardYear = formMessage("card:errors.yearMissing");
  else if (year === null) errors.cardYear = formMessage("card:errors.yearInvalid");
  if (month === null || year === null) return errors;

  const thisYear = now.getFullYear();
  if (year < thisYear) errors.cardYear = formMessage("card:errors.expired");
  else if (year === thisYear && month < now.getMonth() + 1) errors.cardMonth = formMessage("card:errors.expired");
  else if (year > thisYear + MAX_YEARS_AHEAD) errors.cardYear = formMessage("card:errors.yearTooFar");
  return errors;
}

/** The security code's length follows the brand of the number: 4 digits for amex, 3 for all others. */
export function securityCodeLength(cardNumber: string): 3 | 4 {
  const brand = detectCardBrand(cardNumber);
  return brand ? cardBrandInfo[brand].securityCodeLength : 3;
}

export function validateSecurityCode(cardCvv: string, cardNumber: string): string | undefined {
  const length = securityCodeLength(cardNumber);
  if (cardCvv.trim() === "") return formMessage("card:errors.cvvMissing");
  return new RegExp(`^\\d{${length}}$`).test(cardCvv.trim()) ? undefined : formMessage("card:errors.cvvLength", { length });
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
