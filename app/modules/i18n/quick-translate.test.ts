import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales.ts";
import { resources, serverI18n } from "./messages.server.ts";
import { NAMESPACES } from "./page-namespaces.ts";
import { quickTranslate } from "./quick-translate.ts";

/** Every message key of a bundle, with dots between the levels, as pages ask for them. */
function keysOf(messages: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([name, value]) =>
    typeof value === "object" && value !== null ? keysOf(value as Record<string, unknown>, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

/** Both translators as tests call them: any key, any options. */
type LooseT = (key: string, options?: unknown) => string;
const loose = (t: TFunction) => t as unknown as LooseT;

const placeholders = (message: string) => [...message.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1]!.trim());

describe("quickTranslate", () => {
  for (const locale of LOCALES) {
    for (const namespace of NAMESPACES) {
      it(`answers as i18next does for every ${locale} ${namespace} message, with values, without, and with empty ones`, () => {
        const i18n = serverI18n(locale);
        const fixed = i18n.getFixedT(locale, namespace) as TFunction;
        const [slow, quick] = [loose(fixed), loose(quickTranslate(i18n, namespace, fixed))];
        const keys = keysOf(resources[locale][namespace] ?? {});
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          const message = String(i18n.getResource(locale, namespace, key));
          const names = placeholders(message);
          const given = Object.fromEntries(names.map((name, index) => [name, index % 2 ? 42 : `<${name} & {{x}}>`]));
          const empty = Object.fromEntries(names.map((name, index) => [name, index % 2 ? null : undefined]));
          for (const options of [undefined, given, empty, { unrelated: "x" }]) {
            expect(quick(key, options), `${key} ${JSON.stringify(options)}`).toBe(slow(key, options));
          }
        }
      });
    }
  }

  it("leaves counts, defaults, other namespaces and missing keys to i18next", () => {
    const i18n = serverI18n("en");
    const fixed = i18n.getFixedT("en", "checkout") as TFunction;
    const [slow, quick] = [loose(fixed), loose(quickTranslate(i18n, "checkout", fixed))];
    const pluralKey = keysOf(resources.en.checkout ?? {}).find((key) => key.endsWith("_one"))!.replace(/_one$/, "");
    for (const count of [1, 2]) expect(quick(pluralKey, { count })).toBe(slow(pluralKey, { count }));
    expect(quick("no.such.key")).toBe("no.such.key");
    expect(quick("no.such.key", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(quick("common:footer.imprint")).toBe(slow("common:footer.imprint"));
  });

  it("names its language and namespace as i18next's fixed t does (Trans reads them)", () => {
    const i18n = serverI18n("de");
    const fixed = i18n.getFixedT("de", "account") as TFunction;
    const quick = quickTranslate(i18n, "account", fixed);
    const named = (t: TFunction) => t as unknown as { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
    expect([named(quick).lng, named(quick).ns, named(quick).keyPrefix]).toEqual([named(fixed).lng, named(fixed).ns, named(fixed).keyPrefix]);
    expect(named(quick).ns).toBe("account");
  });

  it("uses the default namespace when none is named", () => {
    const i18n = serverI18n("de");
    const fixed = i18n.getFixedT("de", null) as TFunction;
    const [slow, quick] = [loose(fixed), loose(quickTranslate(i18n, undefined, fixed))];
    for (const key of keysOf(resources.de.common ?? {}).slice(0, 50)) expect(quick(key)).toBe(slow(key));
  });
});
