import { readFileSync } from "node:fs";
import path from "node:path";
import { formatCountry } from "#app/modules/catalog/format.ts";
import { LOCALES, type Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { LEGAL_PAGES, type LegalPage } from "./legal-pages.ts";
import { fillPlaceholders, legalTextAsPlainText, parseLegalText, type Block } from "./legal-text.ts";
import { legalTextsDir, operatorConfig, type Seller } from "./operator.server.ts";

/**
 * The legal pages' texts, from the operator's folder (operator.json's `legalTexts`): `<folder>/<locale>/<page>.md`,
 * with the seller's facts filled in from the seller block (`{{seller.name}}`, `{{seller.address}}`, …), so that
 * a company's name or address is written once. Parsed on first use and kept; the page gets the parsed blocks.
 */

/** The placeholders a text may use, in a language (the country's name is the language's). */
export function sellerPlaceholders(seller: Seller, locale: Locale): Record<string, string | undefined> {
  const country = formatCountry(seller.country, locale);
  return {
    "seller.name": seller.name,
    "seller.street": seller.street,
    "seller.postalCode": seller.postalCode,
    "seller.city": seller.city,
    "seller.country": country,
    "seller.address": `${seller.street}, ${seller.postalCode} ${seller.city}, ${country}`,
    "seller.email": seller.email,
    "seller.phone": seller.phone,
    "seller.vatId": seller.vatId,
    "seller.register": seller.register,
    "seller.representedBy": seller.representedBy,
  };
}

const cache = new Map<string, Block[]>();

export function legalTextFile(locale: Locale, page: LegalPage): string {
  return path.join(legalTextsDir(), locale, `${page}.md`);
}

/** One page's text in one language, parsed. A missing file or an unknown placeholder throws, naming the file. */
export function legalText(locale: Locale, page: LegalPage): Block[] {
  const file = legalTextFile(locale, page);
  let blocks = cache.get(file);
  if (!blocks) {
    let source: string;
    try {
      source = readFileSync(file, "utf8");
    } catch (error) {
      throw new Error(`The legal text ${file} cannot be read: ${(error as Error).message}`, { cause: error });
    }
    blocks = parseLegalText(fillPlaceholders(source, sellerPlaceholders(operatorConfig().seller, locale), file));
    cache.set(file, blocks);
  }
  return blocks;
}

/** One page as a plain-text document under its title, its site links written out on `origin` (a mail's attachment). */
export function legalTextDocument(locale: Locale, page: LegalPage, origin: string): string {
  const title = translatorFor(locale, "legal")(`pages.${page}.title`);
  return legalTextAsPlainText(title, legalText(locale, page), origin);
}

/** Reads every page in every language: what a test (or a start-up check) runs to find a missing text early. */
export function checkLegalTexts(): void {
  for (const locale of LOCALES) for (const page of LEGAL_PAGES) legalText(locale, page);
}

/** Tests that write their own texts call this (with forgetOperatorConfig) to read them again. */
export function forgetLegalTexts(): void {
  cache.clear();
}
