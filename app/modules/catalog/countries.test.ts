import { postcodeValidatorExistsForCountry } from "postcode-validator";
import { describe, expect, it } from "vitest";
import {
  canonicalPostalCode,
  addressLayoutOf,
  countriesByName,
  countryCodes,
  isPostalCodeOf,
  isRegionOf,
  needsRegion,
  POSTAL_CODE_EXAMPLES,
  REGIONS,
  regionsOf,
  townLines,
  type CountryCode,
} from "./countries.ts";
import { formatCountry } from "./format.ts";
import { SHIPPING_ZONES } from "./shipping.ts";

/** Per country: postal codes its post uses, and look-alikes that are not (upper-cased, trimmed, as the schema has them). */
const POSTAL_CODES: Record<CountryCode, { valid: string[]; invalid: string[] }> = {
  AT: { valid: ["1010", "6020"], invalid: ["0100", "10100", "A-1010"] },
  AU: { valid: ["2000", "0800"], invalid: ["200", "20000", "NSW 2000"] },
  BE: { valid: ["1000", "9000"], invalid: ["100", "10000", "B1000"] },
  BG: { valid: ["1000", "9000"], invalid: ["100", "10000"] },
  CA: { valid: ["K1A 0B1", "M5V 3L9", "H2X1Y4"], invalid: ["K1A", "12345", "D1A 0B1", "K1A 0B"] },
  CH: { valid: ["8001", "1200"], invalid: ["800", "80010", "CH-8001"] },
  CY: { valid: ["1010", "3036"], invalid: ["101", "10100"] },
  CZ: { valid: ["110 00", "11000"], invalid: ["1100", "110-00", "1100 00"] },
  DE: { valid: ["10115", "01067"], invalid: ["1011", "101155", "D-10115", "ABCDE"] },
  DK: { valid: ["2100", "8000"], invalid: ["210", "21000", "DK-2100"] },
  EE: { valid: ["10111", "51003"], invalid: ["1011", "101111"] },
  ES: { valid: ["28001", "08001", "52001"], invalid: ["2800", "53001", "00001"] },
  FI: { valid: ["00100", "FI-00100", "AX-22100"], invalid: ["0010", "001000"] },
  FR: { valid: ["75001", "75 001"], invalid: ["7500", "750011", "F-75001"] },
  GB: { valid: ["SW1A 1AA", "M1 1AE", "EC1A1BB", "B33 8TH"], invalid: ["SW1A", "12345", "SW1A 1A", "1AA SW1"] },
  GR: { valid: ["105 57", "10557"], invalid: ["1055", "105-57"] },
  HR: { valid: ["10000", "HR-21000"], invalid: ["1000", "100000"] },
  HU: { valid: ["1051", "6720"], invalid: ["105", "10510"] },
  IE: { valid: ["D02 X285", "A65 F4E2", "D6W 1234"], invalid: ["D02", "B02 X285", "12345", "D02 X28"] },
  IT: { valid: ["00118", "20121"], invalid: ["0011", "001180", "I-00118"] },
  JP: { valid: ["100-0001", "530-0001"], invalid: ["1000001", "100-001", "10-00001"] },
  LT: { valid: ["01100", "LT-01100"], invalid: ["0110", "011000"] },
  LU: { valid: ["1009", "L-1009"], invalid: ["100", "10090"] },
  LV: { valid: ["LV-1050", "1050"], invalid: ["105", "LV-10500"] },
  MT: { valid: ["VLT 1117", "MSK 1234", "VLT1117"], invalid: ["1117", "VL 1117", "VLT 1"] },
  NL: { valid: ["1011 AB", "1011AB"], invalid: ["1011", "1011 A", "AB 1011"] },
  NO: { valid: ["0150", "5003"], invalid: ["015", "01500", "N-0150"] },
  PL: { valid: ["00-950", "31-019"], invalid: ["00950", "00-95", "000-950"] },
  PT: { valid: ["1100-148", "4000-322"], invalid: ["1100-14", "110-148", "1100 148"] },
  RO: { valid: ["010011", "400001"], invalid: ["01001", "0100111"] },
  SE: { valid: ["114 55", "11455", "SE-114 55"], invalid: ["1145", "114-55"] },
  SI: { valid: ["1000", "SI-1000"], invalid: ["100", "10000"] },
  SK: { valid: ["811 01", "81101"], invalid: ["8110", "811-01"] },
  US: { valid: ["94103", "10001-1234"], invalid: ["9410", "941033", "94103-12", "ABCDE"] },
};

describe("the countries we ship to", () => {
  it("are exactly the shipping zones' destinations: all 27 EU members and CH, GB, NO, US, CA, AU, JP", () => {
    const zoned = Object.values(SHIPPING_ZONES).flatMap((zone) => [...zone.countries]);
    expect([...countryCodes].sort()).toEqual(zoned.sort());
    expect(countryCodes).toHaveLength(34);
    for (const code of ["CH", "GB", "NO", "US", "CA", "AU"]) expect(countryCodes).toContain(code);
  });

  it("are named in the page's language and listed by that name, Germany first", () => {
    expect(formatCountry("DE", "en")).toBe("Germany");
    expect(formatCountry("DE", "de")).toBe("Deutschland");
    expect(formatCountry("CH", "de")).toBe("Schweiz");
    for (const locale of ["en", "de"] as const) {
      const listed = countriesByName(locale);
      expect(listed).toHaveLength(countryCodes.length);
      expect(listed[0]).toEqual({ code: "DE", name: formatCountry("DE", locale) });
      const rest = listed.slice(1).map((entry) => entry.name);
      expect(rest).toEqual([...rest].sort(new Intl.Collator(locale).compare));
    }
    // "Österreich" sorts with O in German, not after Z.
    const german = countriesByName("de").map((entry) => entry.code);
    expect(german.indexOf("AT")).toBeLessThan(german.indexOf("PL"));
  });
});

describe("postal codes", () => {
  it("are checked by the maintained library for every destination (no hand-written fallback is needed)", () => {
    for (const code of countryCodes) expect(postcodeValidatorExistsForCountry(code), code).toBe(true);
  });

  it.each(countryCodes)("%s: its example and real codes pass, look-alikes do not", (code) => {
    expect(isPostalCodeOf(code, POSTAL_CODE_EXAMPLES[code])).toBe(true);
    for (const valid of POSTAL_CODES[code].valid) expect(isPostalCodeOf(code, valid), valid).toBe(true);
    for (const invalid of POSTAL_CODES[code].invalid) expect(isPostalCodeOf(code, invalid), invalid).toBe(false);
    expect(isPostalCodeOf(code, "")).toBe(false);
  });

  it.each(countryCodes)("%s: its example stays as it is, and typed without its space or hyphen is put back into it", (code) => {
    const example = POSTAL_CODE_EXAMPLES[code];
    expect(canonicalPostalCode(code, example)).toBe(example);
    const typed = code === "LV" ? example.slice(3) : example.replace(/[ -]/g, "");
    expect(canonicalPostalCode(code, typed)).toBe(example);
    expect(isPostalCodeOf(code, canonicalPostalCode(code, typed))).toBe(true);
  });

  it("leaves a code that does not fit the country's layout for the check to refuse", () => {
    expect(canonicalPostalCode("PL", "0095")).toBe("0095");
    expect(canonicalPostalCode("NL", "1234  ab".toUpperCase())).toBe("1234 AB");
    expect(canonicalPostalCode("GB", "EC1A1BB")).toBe("EC1A 1BB");
    expect(canonicalPostalCode("GB", "M11AE")).toBe("M1 1AE");
  });
});

describe("regions", () => {
  it("are required for the US, Canada and Australia only", () => {
    expect(countryCodes.filter(needsRegion).sort()).toEqual(["AU", "CA", "US"]);
    expect(regionsOf("DE")).toEqual([]);
  });

  it("list the 50 states and DC, 13 provinces and territories, 8 states and territories, without repeats", () => {
    expect(REGIONS.US).toHaveLength(51);
    expect(REGIONS.CA).toHaveLength(13);
    expect(REGIONS.AU).toHaveLength(8);
    for (const country of ["US", "CA", "AU"] as const) {
      const codes = regionsOf(country).map((region) => region.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it("accept only the country's own codes", () => {
    expect(isRegionOf("US", "CA")).toBe(true);
    expect(isRegionOf("CA", "ON")).toBe(true);
    expect(isRegionOf("AU", "NSW")).toBe(true);
    expect(isRegionOf("US", "ON")).toBe(false);
    expect(isRegionOf("AU", "")).toBe(false);
    expect(isRegionOf("DE", "BY")).toBe(false);
  });
});

describe("address layout", () => {
  it("puts the postal code where the destination's post reads it", () => {
    expect(addressLayoutOf("DE")).toBe("postcode-town");
    expect(addressLayoutOf("GB")).toBe("town-postcode");
    expect(addressLayoutOf("US")).toBe("town-region-postcode");
    expect(townLines({ postalcode: "10115", city: "Berlin", country: "DE" })).toEqual(["10115 Berlin"]);
    expect(townLines({ postalcode: "SW1A 1AA", city: "London", country: "GB" })).toEqual(["London", "SW1A 1AA"]);
    expect(townLines({ postalcode: "94103", city: "San Francisco", country: "US", region: "CA" })).toEqual([
      "San Francisco CA 94103",
    ]);
  });
});
