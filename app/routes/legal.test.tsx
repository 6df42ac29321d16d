// @vitest-environment happy-dom
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { LEGAL_PAGES } from "#app/modules/legal/legal-pages.ts";
import { checkLegalTexts, forgetLegalTexts } from "#app/modules/legal/legal-texts.server.ts";
import { forgetOperatorConfig } from "#app/modules/legal/operator.server.ts";
import { localeContext } from "#app/request-context.server.ts";
import LegalPage, { loader, meta } from "./legal.tsx";

afterEach(cleanup);

function useOperatorFile(file: string | undefined) {
  if (file === undefined) delete process.env.SHOP_OPERATOR_FILE;
  else process.env.SHOP_OPERATOR_FILE = file;
  forgetOperatorConfig();
  forgetLegalTexts();
}

function load(page: string, locale: Locale) {
  const context = new RouterContextProvider();
  context.set(localeContext, locale);
  const request = new Request(`http://shop.test/legal/${page}`);
  return loader({ request, params: { page }, context, unstable_pattern: "/legal/:page" } as never);
}

async function renderPage(page: string, locale: Locale) {
  const data = load(page, locale);
  const Stub = createRoutesStub([{ path: "/legal/:page", Component: LegalPage, loader: () => data }]);
  render(withI18n(<Stub initialEntries={[`/legal/${page}`]} />, locale));
  await screen.findByRole("heading", { level: 1 });
  return data;
}

describe("the shop's own legal texts (config/operator.json)", () => {
  beforeAll(() => useOperatorFile(undefined));

  it("has every page in both languages, and every placeholder has a value", () => {
    expect(() => checkLegalTexts()).not.toThrow();
  });

  it("says what a German shop must: the exception for made-to-order decks, the model form, cookies, no tracking", () => {
    const text = (page: (typeof LEGAL_PAGES)[number], locale: Locale) =>
      load(page, locale).blocks.map((block) => JSON.stringify(block)).join("\n");
    for (const locale of ["en", "de"] as const) {
      expect(text("withdrawal", locale)).toContain("§ 312g");
      expect(text("privacy", locale)).toContain("__session");
      expect(text("privacy", locale)).toMatch(/"lang"/);
      expect(text("privacy", locale)).toContain("§ 147 AO");
      expect(text("terms", locale)).toContain("/legal/withdrawal");
    }
    expect(text("withdrawal", "de")).toContain("Muster-Widerrufsformular");
    expect(text("withdrawal", "en")).toContain("Model withdrawal form");
    expect(text("privacy", "de")).toContain("Kein Tracking");
    expect(text("privacy", "en")).toContain("No tracking");
  });

  it("answers an unknown page with the 404 page", () => {
    let thrown: unknown;
    try {
      load("cookies", "en");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});

describe("legal pages from an operator file of the test's own (SHOP_OPERATOR_FILE)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "legal-texts-"));
  beforeAll(() => {
    const seller = {
      name: "Brett & Rolle UG (haftungsbeschränkt)",
      street: "Hafenweg 3",
      postalCode: "20457",
      city: "Hamburg",
      country: "DE",
      email: "kontakt@brett-rolle.example",
      vatId: "DE987654321",
      register: "Amtsgericht Hamburg, HRB 999999",
      representedBy: "Kim Muster",
    };
    writeFileSync(path.join(dir, "operator.json"), JSON.stringify({ seller, legalTexts: "texts" }));
    for (const locale of ["en", "de"]) {
      mkdirSync(path.join(dir, "texts", locale), { recursive: true });
      for (const page of LEGAL_PAGES) {
        writeFileSync(
          path.join(dir, "texts", locale, `${page}.md`),
          `## ${locale} ${page} heading\n\nSold by {{seller.name}}, {{seller.address}}.\n\n- [write to us](mailto:{{seller.email}})\n- <b>not bold</b> [bad](javascript:alert(1))`,
        );
      }
    }
    useOperatorFile(path.join(dir, "operator.json"));
  });
  afterAll(() => useOperatorFile(undefined));

  it("renders the operator's text with the seller's facts, one h1, and nothing of the file as markup", async () => {
    const data = await renderPage("terms", "de");
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Allgemeine Geschäftsbedingungen"]);
    expect(screen.getByRole("heading", { level: 2, name: "de terms heading" })).toBeTruthy();
    expect(screen.getByText("Sold by Brett & Rolle UG (haftungsbeschränkt), Hafenweg 3, 20457 Hamburg, Deutschland.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "write to us" }).getAttribute("href")).toBe("mailto:kontakt@brett-rolle.example");
    expect(screen.queryByRole("link", { name: "bad" })).toBeNull();
    expect(document.querySelector("b")).toBeNull();
    expect(screen.getByText(/<b>not bold<\/b>/)).toBeTruthy();
    // The title and description of the page's <head>, in the page's language.
    const tags = meta({ loaderData: data } as never);
    expect(tags).toContainEqual({ title: "Allgemeine Geschäftsbedingungen · Deck Studio" });
    expect(JSON.stringify(tags)).toContain("Die AGB von Brett & Rolle UG");
  });

  it("builds the imprint's seller block from the seller's facts", async () => {
    await renderPage("imprint", "en");
    expect(screen.getByRole("heading", { level: 1, name: "Imprint" })).toBeTruthy();
    const block = screen.getByRole("region", { name: /Information under § 5 DDG/ }).textContent ?? "";
    for (const fact of ["Brett & Rolle UG", "Hafenweg 3", "20457 Hamburg", "Germany", "Kim Muster", "HRB 999999", "DE987654321", "kontakt@brett-rolle.example"]) {
      expect(block).toContain(fact);
    }
    expect(screen.getByRole("heading", { level: 2, name: "en imprint heading" })).toBeTruthy();
  });

  it("stops with the file's name when a text is missing", () => {
    writeFileSync(path.join(dir, "operator.json"), JSON.stringify({ seller: { name: "X", street: "Y 1", postalCode: "1", city: "Z", country: "DE", email: "a@b.example", vatId: "DE123456789" }, legalTexts: "nowhere" }));
    useOperatorFile(path.join(dir, "operator.json"));
    expect(() => checkLegalTexts()).toThrow(/nowhere\/en\/imprint\.md cannot be read/);
  });
});
