import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "#app/modules/i18n/locales.ts";
import { NAMESPACES } from "#app/modules/i18n/page-namespaces.ts";

const here = dirname(fileURLToPath(import.meta.url));

function read(locale: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(here, locale, `${namespace}.json`), "utf8")) as Record<string, unknown>;
}

/** Every leaf key of a nested message file, dotted: "footer.testMode". */
function leafKeys(messages: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value !== null && typeof value === "object"
      ? leafKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** i18next's plural forms of one key: `count_one`, `count_other` are one message. */
function withoutPluralSuffix(key: string): string {
  return key.replace(/_(zero|one|two|few|many|other)$/, "");
}

function leaves(messages: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value !== null && typeof value === "object" ? leaves(value as Record<string, unknown>, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

describe("message files", () => {
  it("has one file per language and namespace, and no other", () => {
    for (const locale of LOCALES) {
      const files = readdirSync(join(here, locale)).filter((name) => name.endsWith(".json"));
      expect(files.map((name) => name.replace(/\.json$/, "")).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: every key exists in every language, as non-empty text`, () => {
      const keySets = LOCALES.map((locale) => new Set(leafKeys(read(locale, namespace)).map(withoutPluralSuffix)));
      const all = new Set(keySets.flatMap((keys) => [...keys]));
      for (const [index, locale] of LOCALES.entries()) {
        const missing = [...all].filter((key) => !keySets[index]!.has(key));
        expect(missing, `keys missing from ${locale}/${namespace}.json`).toEqual([]);
        const empty = leaves(read(locale, namespace)).filter(([, value]) => typeof value !== "string" || value.trim() === "");
        expect(empty.map(([key]) => key), `empty messages in ${locale}/${namespace}.json`).toEqual([]);
      }
    });

    it(`${namespace}: the same placeholders in every language`, () => {
      const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
      const english = new Map(leaves(read("en", namespace)));
      for (const locale of LOCALES.filter((l) => l !== "en")) {
        for (const [key, text] of leaves(read(locale, namespace))) {
          if (!english.has(key)) continue;
          expect(placeholders(text), `${locale}/${namespace}.json ${key}`).toEqual(placeholders(english.get(key)));
        }
      }
    });
  }
});
