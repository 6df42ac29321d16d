import { describe, expect, it } from "vitest";
import { INTL_LOCALE, LOCALES } from "#app/modules/i18n/locales.ts";
import { countriesByName, countryCodes, HOME_COUNTRY } from "./countries.ts";
import { COUNTRY_NAMES, nameSortKey } from "./country-names.ts";
import { formatCountry } from "./format.ts";

describe.each(LOCALES)("country names in %s", (locale) => {
  it("every destination has the name CLDR gives it (Intl.DisplayNames in Node), and nothing else is listed", () => {
    const names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" });
    expect(Object.keys(COUNTRY_NAMES).sort()).toEqual([...countryCodes]);
    for (const code of countryCodes) expect(COUNTRY_NAMES[code]![locale], code).toBe(names.of(code));
  });

  it("the select's order is the language's collation (Intl.Collator in Node), after the seller's country", () => {
    const collator = new Intl.Collator(INTL_LOCALE[locale]);
    const listed = countriesByName(locale).map((entry) => entry.name);
    const rest = countryCodes.filter((code) => code !== HOME_COUNTRY).map((code) => formatCountry(code, locale));
    expect(listed).toEqual([formatCountry(HOME_COUNTRY, locale), ...rest.sort(collator.compare)]);
  });

  it("a code that is not a destination still gets its name, and an unknown one stays as it is", () => {
    expect(formatCountry("BR", locale)).toBe(new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" }).of("BR"));
    expect(formatCountry("constructor", locale)).toBe("constructor");
  });
});

describe("nameSortKey", () => {
  it("sorts a letter with an accent with the letter, and the accent only between names otherwise equal", () => {
    const sorted = ["Osterreich", "Österreich", "Oman", "Ozean", "ostern"].sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : 1));
    expect(sorted).toEqual(["Oman", "ostern", "Osterreich", "Österreich", "Ozean"]);
  });
});
