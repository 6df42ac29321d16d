import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localeOfRequest } from "./locales.ts";
import { namespacesFor } from "./page-namespaces.ts";
import { safeReturnPath } from "#app/routes/language.ts";

describe("the request's language", () => {
  it("takes the first language we speak from Accept-Language, by weight", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,de;q=0.7,en;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.5, de-AT")).toBe("de");
    expect(localeFromAcceptLanguage("fr, es")).toBeUndefined();
    expect(localeFromAcceptLanguage("de;q=0, en;q=0")).toBeUndefined();
    expect(localeFromAcceptLanguage("*;q=abc, ;;;, de;q=")).toBeUndefined();
    expect(localeFromAcceptLanguage("x".repeat(10_000))).toBeUndefined();
  });

  it("lets the switcher's cookie win, ignores a cookie naming no language of ours, defaults to English", () => {
    const request = (headers: Record<string, string>) => localeOfRequest(new Headers(headers));
    expect(request({ Cookie: "session=abc; lang=de", "Accept-Language": "en" })).toBe("de");
    expect(request({ Cookie: "lang=xx", "Accept-Language": "de" })).toBe("de");
    expect(request({})).toBe("en");
  });

  it("sends each page its namespaces, case-insensitively, with the common words", () => {
    expect(namespacesFor("/")).toEqual(["common", "home"]);
    expect(namespacesFor("/PAYMENT")).toContain("card");
    expect(namespacesFor("/no/such/page")).toEqual(["common"]);
    // A client-side navigation's data request names the page with a `.data` suffix: its words must come with it.
    // `/` is `/_.data` (v8_trailingSlashAwareDataRequests, as this build sends it) or `/_root.data` (without the flag).
    expect(namespacesFor("/Payment.data")).toEqual(namespacesFor("/Payment"));
    expect(namespacesFor("/GripSize.data")).toEqual(namespacesFor("/GripSize"));
    expect(namespacesFor("/legal/terms.data")).toEqual(["common", "legal"]);
    expect(namespacesFor("/editor.data")).toEqual(["common", "editor", "emoji"]);
    expect(namespacesFor("/_.data")).toEqual(["common", "home"]);
    expect(namespacesFor("/_root.data")).toEqual(["common", "home"]);
    // The back office's list carries no checkout words; an order's page (and its data) does.
    expect(namespacesFor("/admin")).toEqual(["common", "admin", "orders"]);
    expect(namespacesFor("/admin/orders/0b6c-x")).toEqual(["common", "admin", "orders", "checkout"]);
    expect(namespacesFor("/admin/orders/0b6c-x.data")).toEqual(namespacesFor("/admin/orders/0b6c-x"));
  });
});

describe("the switcher's return path", () => {
  it("goes back only to a path of this shop", () => {
    expect(safeReturnPath("/GripSize?x=1")).toBe("/GripSize?x=1");
    for (const hostile of ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)", null, "/" + "a".repeat(3000)]) {
      expect(safeReturnPath(hostile)).toBe("/");
    }
  });
});
