import creditCardType from "credit-card-type";

/**
 * Card brands the preview has artwork for (spec §2: "about 18 brands"), and how a number is matched to one.
 *
 * Order of precedence, first match wins:
 * 1. a forced `type` (case-insensitive, spaces ignored) that names one of these brands;
 * 2. the spec's two rules, exactly (§5): visa is 13 or 16 digits starting with 4; mastercard is 51–55 followed
 *    by 4 digits, or 677189, then 10 more digits (16 in all);
 * 3. a few brands that credit-card-type does not know (dankort, laser, aura, uatp), by their issuer prefix;
 * 4. otherwise the brand when exactly one remains possible, counting credit-card-type's candidates and the
 *    prefixes of rule 3 the number may still grow into. credit-card-type's visa and mastercard never count:
 *    those two come from rule 2 alone, so that e.g. a 12-digit "4…" or a 2-series "2221…" stays brandless.
 */

export const CARD_BRANDS = [
  "visa",
  "visaelectron",
  "mastercard",
  "amex",
  "discover",
  "dinersclub",
  "jcb",
  "unionpay",
  "maestro",
  "elo",
  "hipercard",
  "aura",
  "dankort",
  "laser",
  "mir",
  "troy",
  "uatp",
] as const;

export type CardBrand = (typeof CARD_BRANDS)[number];

export interface CardBrandInfo {
  /** The name buyers know, for labels and messages. */
  name: string;
  /** Complete numbers have one of these digit counts. */
  lengths: readonly number[];
  /** Digits of the security code: 4 for amex, 3 for everyone else (product §6). */
  securityCodeLength: 3 | 4;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const cardBrandInfo: Record<CardBrand, CardBrandInfo> = {
  visa: { name: "Visa", lengths: [13, 16], securityCodeLength: 3 },
  visaelectron: { name: "Visa Electron", lengths: [16], securityCodeLength: 3 },
  mastercard: { name: "Mastercard", lengths: [16], securityCodeLength: 3 },
  amex: { name: "American Express", lengths: [15], securityCodeLength: 4 },
  discover: { name: "Discover", lengths: [16, 19], securityCodeLength: 3 },
  dinersclub: { name: "Diners Club", lengths: [14, 16, 19], securityCodeLength: 3 },
  jcb: { name: "JCB", lengths: range(15, 19), securityCodeLength: 3 },
  unionpay: { name: "UnionPay", lengths: range(14, 19), securityCodeLength: 3 },
  maestro: { name: "Maestro", lengths: range(12, 19), securityCodeLength: 3 },
  elo: { name: "Elo", lengths: [16], securityCodeLength: 3 },
  hipercard: { name: "Hipercard", lengths: [16, 19], securityCodeLength: 3 },
  aura: { name: "Aura", lengths: range(16, 19), securityCodeLength: 3 },
  dankort: { name: "Dankort", lengths: [16], securityCodeLength: 3 },
  laser: { name: "Laser", lengths: range(16, 19), securityCodeLength: 3 },
  mir: { name: "Mir", lengths: range(16, 19), securityCodeLength: 3 },
  troy: { name: "Troy", lengths: [16], securityCodeLength: 3 },
  uatp: { name: "UATP", lengths: [15], securityCodeLength: 3 },
};

const SPEC_VISA = /^4(?:\d{12}|\d{15})$/;
const SPEC_MASTERCARD = /^(?:5[1-5]\d{4}|677189)\d{10}$/;

/**
 * Issuer prefixes of the brands credit-card-type does not cover. `except` are prefixes inside them that belong
 * to someone else: 677189 is mastercard in the spec, 1800 is JCB's.
 */
const EXTRA_RULES: readonly { brand: CardBrand; prefixes: readonly string[]; except?: readonly string[] }[] = [
  { brand: "dankort", prefixes: ["5019"] },
  { brand: "aura", prefixes: ["507860"] },
  { brand: "laser", prefixes: ["6304", "6706", "6709", "6771"], except: ["677189"] },
  { brand: "uatp", prefixes: ["1"], except: ["1800"] },
];

/** Whether the number can still grow into `prefix`, or already starts with it. */
const compatible = (digits: string, prefix: string) => digits.startsWith(prefix) || prefix.startsWith(digits);

/** "sure" when the number is inside the brand's prefixes for good, "possible" while it may still get there. */
function extraRuleMatch(digits: string, rule: (typeof EXTRA_RULES)[number]): "sure" | "possible" | null {
  const except = rule.except ?? [];
  if (except.some((prefix) => digits.startsWith(prefix))) return null;
  const prefix = rule.prefixes.find((candidate) => compatible(digits, candidate));
  if (prefix === undefined) return null;
  const sure = digits.startsWith(prefix) && !except.some((candidate) => candidate.startsWith(digits));
  return sure ? "sure" : "possible";
}

/** credit-card-type's names for the brands we have artwork for; visa and mastercard are deliberately absent. */
const FROM_CREDIT_CARD_TYPE: Readonly<Record<string, CardBrand>> = {
  "american-express": "amex",
  "diners-club": "dinersclub",
  discover: "discover",
  jcb: "jcb",
  unionpay: "unionpay",
  maestro: "maestro",
  elo: "elo",
  hipercard: "hipercard",
  mir: "mir",
  troy: "troy",
};

/** The digits of a card number as typed or pasted: spaces, dashes and anything else are ignored. */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/\D/g, "");
}

export function isCardBrand(value: string): value is CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(value);
}

/** The name to show for a brand stored as text (an order's `cardBrand`): "Card" for "unknown" or anything else. */
export function cardBrandName(brand: string): string {
  return isCardBrand(brand) ? cardBrandInfo[brand].name : "Card";
}

/** A forced `type` property read as the spec says: case-insensitive, spaces ignored. Unknown names give null. */
export function forcedCardBrand(type: string | undefined): CardBrand | null {
  const normalised = (type ?? "").toLowerCase().replace(/\s+/g, "");
  return isCardBrand(normalised) ? normalised : null;
}

/** The brand of a (possibly partial) card number, or null when there is none or it is still ambiguous. */
export function detectCardBrand(cardNumber: string, type?: string): CardBrand | null {
  const forced = forcedCardBrand(type);
  if (forced) return forced;
  const digits = cardDigits(cardNumber);
  if (SPEC_VISA.test(digits)) return "visa";
  if (SPEC_MASTERCARD.test(digits)) return "mastercard";
  if (digits === "") return null;
  const sure = EXTRA_RULES.find((rule) => extraRuleMatch(digits, rule) === "sure");
  if (sure) return sure.brand;
  return onlyPossibleBrand(digits);
}

/**
 * An issuer's prefix ("6011") or range of prefixes (2221–2720) from credit-card-type's tables, as the numbers a
 * number's first digits must lie between: `low[m - 1]`…`high[m - 1]` for its first m digits (m up to `length`).
 * A prefix is a range of one. Numbers, not digit strings: a keystroke compares a few integers and slices nothing.
 */
interface IssuerPattern {
  length: number;
  low: readonly number[];
  high: readonly number[];
}

/** The pattern's bounds truncated to each length 1…L (digit strings of one length compare as numbers). */
function issuerPattern(pattern: number | readonly number[]): IssuerPattern {
  const [low, high] = (Array.isArray(pattern) ? pattern : [pattern, pattern]).map(String) as [string, string];
  if (low.length !== high.length) throw new Error(`credit-card-type range of uneven length: ${low}–${high}`);
  const upTo = (text: string) => Array.from({ length: text.length }, (_, m) => Number(text.slice(0, m + 1)));
  return { length: low.length, low: upTo(low), high: upTo(high) };
}

/**
 * credit-card-type's issuer tables, read once, in its order of precedence. Its own function deep-copies every
 * table it matches, through JSON, on every call: on a fresh payment page those copies were the largest part of the
 * first keystrokes' script (bench:card, D213). The matching below is its algorithm over the same tables, and a
 * property test holds the two answers equal.
 */
const ISSUER_TABLES = Object.values(creditCardType.types).map((type) => ({
  type,
  patterns: (creditCardType.getTypeInfo(type)?.patterns ?? []).map(issuerPattern),
}));

/**
 * The number's first digits as integers, one entry per length up to the longest pattern, filled by
 * `readLeadingDigits` (one array, reused: no garbage).
 */
const leading: number[] = [];

function readLeadingDigits(digits: string, count: number): void {
  let value = 0;
  for (let m = 0; m < count; m++) leading[m] = value = value * 10 + (digits.charCodeAt(m) - 48);
}

/**
 * Whether the number, or the beginning it has so far, lies in the issuer's range or prefix, compared on as many
 * digits as the number has (at most the pattern's length). `leading` holds the number's first digits.
 */
function matchesIssuerPattern(digitCount: number, pattern: IssuerPattern): boolean {
  const m = Math.min(digitCount, pattern.length) - 1;
  const value = leading[m]!;
  return value >= pattern.low[m]! && value <= pattern.high[m]!;
}

/**
 * The tables again, one per first digit, holding only the patterns a number starting with that digit can match
 * (in their order, which decides a match's strength): a look-up reads a tenth of the patterns.
 */
const ISSUER_TABLES_BY_FIRST_DIGIT = Array.from({ length: 10 }, (_, digit) => {
  leading[0] = digit;
  return ISSUER_TABLES.map(({ type, patterns }) => ({
    type,
    patterns: patterns.filter((pattern) => matchesIssuerPattern(1, pattern)),
  })).filter(({ patterns }) => patterns.length > 0);
});

/** The longest issuer pattern: digits past it never change which patterns match. */
const LONGEST_ISSUER_PATTERN = Math.max(...ISSUER_TABLES.flatMap(({ patterns }) => patterns.map(({ length }) => length)));

/**
 * The card types credit-card-type answers for `digits`: every type whose issuer patterns the number matches or
 * may still grow into; once each of them is typed to its full pattern length, only the longest match.
 */
export function issuerCandidates(digits: string): string[] {
  if (digits === "") return ISSUER_TABLES.map(({ type }) => type);
  readLeadingDigits(digits, Math.min(digits.length, LONGEST_ISSUER_PATTERN));
  const matched: string[] = [];
  let allComplete = true;
  let best = "";
  let bestStrength = 0;
  for (const { type, patterns } of ISSUER_TABLES_BY_FIRST_DIGIT[digits.charCodeAt(0) - 48] ?? []) {
    const pattern = patterns.find((each) => matchesIssuerPattern(digits.length, each));
    if (pattern === undefined) continue;
    matched.push(type);
    if (digits.length < pattern.length) allComplete = false;
    else if (pattern.length > bestStrength) {
      best = type;
      bestStrength = pattern.length;
    }
  }
  return matched.length > 0 && allComplete ? [best] : matched;
}

/**
 * How many leading digits decide the brand among the candidates: the longest issuer prefix of credit-card-type's
 * tables and of EXTRA_RULES. Past that length a longer number has the same candidates as its first digits (the
 * matching reads prefixes only), so the answer can be kept per prefix.
 */
export const DECIDING_DIGITS = Math.max(
  LONGEST_ISSUER_PATTERN,
  ...EXTRA_RULES.flatMap((rule) => [...rule.prefixes, ...(rule.except ?? [])].map((prefix) => prefix.length)),
);

// Answers are kept per deciding prefix (the preview and the number field both ask, on every keystroke): typing a
// number costs at most DECIDING_DIGITS look-ups, and erasing or retyping it none (bench:card, D211).
const answers = new Map<string, CardBrand | null>();
const MAX_ANSWERS = 256;

function onlyPossibleBrand(digits: string): CardBrand | null {
  const prefix = digits.slice(0, DECIDING_DIGITS);
  const known = answers.get(prefix);
  if (known !== undefined) return known;
  const brand = candidatesBrand(prefix);
  if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
  answers.set(prefix, brand);
  return brand;
}

/** The brand when exactly one of the candidates remains, without the memo (exported for its test). */
export function candidatesBrand(digits: string): CardBrand | null {
  const candidates = new Set([
    ...EXTRA_RULES.filter((rule) => extraRuleMatch(digits, rule) === "possible").map((rule) => rule.brand),
    ...issuerCandidates(digits).map((type) => FROM_CREDIT_CARD_TYPE[type] ?? null),
  ]);
  const [only] = candidates;
  return candidates.size === 1 && only ? only : null;
}
