import { cardBrandInfo, cardDigits, detectCardBrand, type CardBrand } from "./card-brand.ts";

/**
 * How card values are shown, on the preview and in the number field. Everything is computed from the digits,
 * whatever the buyer typed or pasted (the original needed spaces already in place and showed garbage otherwise).
 */

/** The longest card numbers in use (Maestro, UnionPay, Discover…). Extra digits are dropped. */
export const MAX_CARD_DIGITS = 19;

/** A pattern is the sizes of the digit groups, e.g. [4, 6, 5] for amex. */
export type CardNumberPattern = readonly number[];

const DEFAULT_PATTERN: CardNumberPattern = [4, 4, 4, 4];
const LONG_PATTERN: CardNumberPattern = [4, 4, 4, 4, 3];
const PLACEHOLDER = "#";
const NUMBER_MASK = "*";
const SECURITY_CODE_MASK = "•";

const patternCapacity = (pattern: CardNumberPattern) => pattern.reduce((sum, size) => sum + size, 0);

function brandPattern(digits: string, brand: CardBrand | null): CardNumberPattern {
  switch (brand) {
    case "amex":
      return [4, 6, 5];
    case "dinersclub":
      return [4, 6, 4];
    case "unionpay":
      return digits.length > 16 ? [6, 7, 6] : DEFAULT_PATTERN; // 6-7-6 is the 19-digit layout
    case "uatp":
      return [4, 4, 4, 3];
    case "jcb":
      return /^(?:2131|1800)/.test(digits) ? [4, 4, 4, 3] : DEFAULT_PATTERN; // JCB's 15-digit ranges
    default:
      return DEFAULT_PATTERN;
  }
}

/**
 * The grouping of a number (spec §9): 4-4-4-4 by default, amex 4-6-5, the 15-digit variant 4-4-4-3, diners
 * 4-6-4, unionpay 6-7-6. A number longer than its brand's pattern falls back to 4-4-4-4 or, past 16 digits,
 * 4-4-4-4-3, so that no digit the buyer typed is ever hidden.
 */
export function cardNumberPattern(digits: string, brand: CardBrand | null): CardNumberPattern {
  const pattern = brandPattern(digits, brand);
  if (digits.length <= patternCapacity(pattern)) return pattern;
  return digits.length <= patternCapacity(DEFAULT_PATTERN) ? DEFAULT_PATTERN : LONG_PATTERN;
}

/** The number of digits a complete card of this brand would have, given how many there are so far. */
function expectedLength(digitCount: number, brand: CardBrand | null, capacity: number): number {
  const lengths = brand ? cardBrandInfo[brand].lengths : [];
  return lengths.find((length) => length >= digitCount && length <= capacity) ?? capacity;
}

function splitIntoGroups(text: string, pattern: CardNumberPattern): string[] {
  const groups: string[] = [];
  let start = 0;
  for (const size of pattern) {
    groups.push(text.slice(start, start + size));
    start += size;
  }
  return groups;
}

export interface CardNumberDisplayOptions {
  /** Hide the digits between the first group and the last four (default true). */
  masked?: boolean;
  /** A forced brand, as the preview's `type` property. */
  type?: string;
}

/** What the card's front shows of a number, worked out from its digits and brand once (a keystroke's work). */
export interface CardNumberFace {
  /** The brand, or null while unknown or ambiguous. */
  brand: CardBrand | null;
  /** The groups separated by single spaces, unfilled positions as "#", masked digits as "*": "4111 **** **** 11##". */
  shown: string;
  /** Once the number is complete, its last four digits. */
  lastFour: string | null;
}

/**
 * The number as the card's front shows it. Masking keeps the first group and the last four digits of the complete
 * number visible and hides the digits between; for 4-4-4-4 and amex that is exactly the spec's "under 14 / under
 * 13" rule.
 */
export function cardNumberFace(cardNumber: string, options: CardNumberDisplayOptions = {}): CardNumberFace {
  const { masked = true, type } = options;
  const digits = cardDigits(cardNumber).slice(0, MAX_CARD_DIGITS);
  const brand = detectCardBrand(digits, type);
  const pattern = cardNumberPattern(digits, brand);
  const capacity = patternCapacity(pattern);
  const maskFrom = masked ? (pattern[0] ?? 0) : capacity;
  const maskTo = expectedLength(digits.length, brand, capacity) - 4;
  let positions = "";
  for (let i = 0; i < capacity; i++) {
    const digit = digits[i];
    if (digit === undefined) positions += PLACEHOLDER;
    else positions += i >= maskFrom && i < maskTo ? NUMBER_MASK : digit;
  }
  const complete = brand ? cardBrandInfo[brand].lengths.includes(digits.length) : false;
  return { brand, shown: splitIntoGroups(positions, pattern).join(" "), lastFour: complete ? digits.slice(-4) : null };
}

/** The year in two digits: "29" and "2029" both give "29". */
export function displayYear(cardYear: string): string {
  const digits = cardDigits(cardYear);
  return digits.length > 2 ? digits.slice(2, 4) : digits;
}

export function displayMonth(cardMonth: string): string {
  return cardDigits(cardMonth).slice(0, 2);
}

/** The holder's name with runs of spaces collapsed, as embossing would show it. */
export function displayName(cardName: string): string {
  return cardName.replace(/\s+/g, " ").trim();
}

/** The security code is never shown in clear on the preview (the original showed it). */
export function maskSecurityCode(cardCvv: string): string {
  return SECURITY_CODE_MASK.repeat(cardDigits(cardCvv).slice(0, 4).length);
}

// ---- the number field ---------------------------------------------------------------------------------------

export interface TextWithCaret {
  value: string;
  caret: number;
}

/** The grouped number for the input field: filled groups only, separated by single spaces. */
export function groupCardNumber(digits: string): string {
  const pattern = cardNumberPattern(digits, detectCardBrand(digits));
  return splitIntoGroups(digits, pattern)
    .filter((group) => group !== "")
    .join(" ");
}

function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? "") && ++seen === digitCount) return i + 1;
  }
  return formatted.length;
}

/**
 * Re-groups the number field after an edit and keeps the caret after the same digit it followed.
 * `previousValue` and `inputType` (from the InputEvent) let Backspace or Delete next to a group space remove
 * the neighbouring digit: deleting only the space would be undone by the re-grouping and look like a dead key.
 */
export function reformatCardNumberInput(edited: TextWithCaret, previousValue = "", inputType = ""): TextWithCaret {
  let digits = cardDigits(edited.value);
  let digitsBeforeCaret = cardDigits(edited.value.slice(0, edited.caret)).length;
  const onlySpaceRemoved = inputType.startsWith("delete") && digits === cardDigits(previousValue);
  if (onlySpaceRemoved && inputType === "deleteContentBackward" && digitsBeforeCaret > 0) {
    digitsBeforeCaret -= 1;
    digits = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
  } else if (onlySpaceRemoved && inputType === "deleteContentForward") {
    digits = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
  }
  digits = digits.slice(0, MAX_CARD_DIGITS);
  const value = groupCardNumber(digits);
  return { value, caret: caretAfterDigits(value, Math.min(digitsBeforeCaret, digits.length)) };
}

/** Drops everything but digits from a month, year or security-code field, keeping the caret beside its digit. */
export function keepDigits(edited: TextWithCaret, maxDigits: number): TextWithCaret {
  const value = cardDigits(edited.value).slice(0, maxDigits);
  const caret = Math.min(cardDigits(edited.value.slice(0, edited.caret)).length, value.length);
  return { value, caret };
}

/**
 * An expiry date pasted whole ("08/31", "8 / 2031", "08-31") into the month field, as card managers copy it:
 * the month and the year, or null for anything else (which the field then takes as typed digits).
 */
export function splitPastedExpiry(text: string): { cardMonth: string; cardYear: string } | null {
  const match = /^\s*(\d{1,2})\s*[/\-.\s]\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { cardMonth: String(month).padStart(2, "0"), cardYear: match[2]! };
}
