/**
 * What a shipping name and address may be written in: the one rule for the order schema's address fields
 * (order-schema.ts), and so for the Shipping step on the page and in its action, the order submission and the
 * account's address book.
 *
 * The name and address go on the invoice and on the parcel's label. The invoice's fonts have Latin (with every
 * accent), Greek and Cyrillic letters (invoice-fonts.server.ts, D227); Japanese, Chinese, Korean, Hebrew, Arabic,
 * Thai, Devanagari… and emoji printed as nothing there ("Billed to  1-1 100-0001 Japan"). And the label of a parcel
 * leaving Germany must be in Latin letters (DHL, Deutsche Post; the UPU recommends the destination address in Latin
 * letters). So a line is written in Latin, Greek or Cyrillic, with digits, spaces and punctuation; anything else is
 * refused with a message asking for Latin letters.
 *
 * Characters are judged by Unicode properties, never by hand-made ranges:
 * - letters of the Latin, Greek and Cyrillic scripts, and the characters every script shares (digits, spaces,
 *   punctuation: Script=Common) or that take the script of the letter before them (combining accents:
 *   Script=Inherited). By Script_Extensions: a shared character that only some other scripts use (the Japanese
 *   comma 、 and long-vowel mark ー, the Arabic comma ، and tatweel, the Devanagari danda ।, the combining marks of
 *   Arabic or Japanese kana) is refused like those scripts' letters;
 * - but no pictographs (Extended_Pictographic), no parts of emoji sequences (skin tones, the regional indicators
 *   of flags, keycaps, tags, the zero-width joiner, the emoji variation selector: Emoji_Component outside ASCII,
 *   since the digits, # and * are emoji components too), and no other symbols that are not emoji (stars, ticks,
 *   box drawing, dingbats, mahjong tiles, circled numbers ❶ ⓫: Other_Symbol and Other_Number outside Latin-1, which
 *   keeps the degree sign of "3° piano"; ² and ½ are plain 2 and 1⁄2 by then, see below);
 * - and nothing invisible: control characters (newlines, tabs), format characters (bidirectional overrides, soft
 *   hyphens, zero-width spaces), line and paragraph separators, variation selectors. These get their own message
 *   ("Remove the special characters"): asking for Latin letters would puzzle a buyer whose text looks Latin.
 *
 * The schema writes a line in Unicode's compatibility form (NFKC) before this check, so what a Japanese keyboard
 * types as full-width digits and dashes (１－１) or a "fancy text" generator's mathematical letters arrive as
 * plain ones (1-1).
 *
 * Kept free of zod: plain functions, unit-tested on their own (address-text.test.ts).
 */

const WRITTEN_FOR_POST =
  /[\p{Script_Extensions=Latin}\p{Script_Extensions=Greek}\p{Script_Extensions=Cyrillic}\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]/u;

const PICTOGRAPH = /\p{Extended_Pictographic}|(?![\0-\x7f])\p{Emoji_Component}|(?![\0-\xff])[\p{Other_Symbol}\p{Other_Number}]/u;

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Variation_Selector}]/u;

/** Control characters (C0, DEL and C1, newlines among them): refused in every single-line field of a form. */
const CONTROL = /\p{Cc}/u;

/** Why a name or address line is refused: "script" (not in Latin, Greek or Cyrillic letters), "invisible", or none. */
export type AddressTextProblem = "script" | "invisible";

/**
 * The problem of a name or address line, or null when it may go on an invoice and an international label. A
 * character of another script or a pictograph wins over an invisible one (the ZWJ in 👨‍👩‍👧 is not the news).
 */
export function addressTextProblem(value: string): AddressTextProblem | null {
  let invisible = false;
  for (const character of value) {
    if (INVISIBLE.test(character)) invisible = true;
    else if (PICTOGRAPH.test(character) || !WRITTEN_FOR_POST.test(character)) return "script";
  }
  return invisible ? "invisible" : null;
}

/** Whether a text has control characters (the rule of single-line fields that take any script). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}
