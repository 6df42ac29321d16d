import { describe, expect, it } from "vitest";
import { pageI18n } from "#app/modules/i18n/i18n-instance.ts";
import { formMessage, formMessageText } from "./form-message.ts";

const i18n = pageI18n("en", { common: { test: { plain: "Plain words", withValue: "Enter {{what}}" } } });

describe("form messages", () => {
  it("translates a key, with its values", () => {
    expect(formMessageText(i18n, formMessage("common:test.plain"))).toBe("Plain words");
    expect(formMessageText(i18n, formMessage("common:test.withValue", { what: "a name" }))).toBe("Enter a name");
  });

  it("shows text that is not a known key as it is", () => {
    expect(formMessageText(i18n, "Enter your full name")).toBe("Enter your full name");
    expect(formMessageText(i18n, "common:test.unknown")).toBe("common:test.unknown");
    expect(formMessageText(i18n, "common:test.withValue|{broken")).toBe("common:test.withValue|{broken");
  });
});
