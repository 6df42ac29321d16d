// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorSummary } from "#app/components/form-fields.tsx";
import { NotFoundPage } from "#app/components/not-found-page.tsx";
import { ServerErrorPage } from "#app/components/server-error-page.tsx";
import { SiteLayout } from "#app/components/site-layout.tsx";
import { orderStore } from "#app/modules/checkout/order-store.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import Editor from "./editor.tsx";
import Example from "./example.tsx";
import GripSize from "./grip-size.tsx";
import Home from "./home.tsx";
import Login from "./login.tsx";
import Payment from "./payment.tsx";
import Shipping from "./shipping.tsx";

/** A message key shown instead of its words: `ns:a.b` or `a.b.c`. */
const RAW_KEY = /\b[a-z]+:[a-zA-Z]\w*(?:\.\w+)+\b|\b[a-z]\w*\.[a-z]\w*\.[a-z]\w*\b/;

/** Everything a buyer reads or hears: the text, and the names, descriptions and placeholders in attributes. */
function everythingSaid(): string {
  const attributes = [...document.body.querySelectorAll("*")].flatMap((element) =>
    ["aria-label", "title", "placeholder", "alt", "aria-valuetext"].flatMap((name) => element.getAttribute(name) ?? []),
  );
  return [document.body.textContent ?? "", ...attributes].join("\n");
}

interface StorefrontPage {
  path: string;
  Component: ComponentType;
  loaderData?: unknown;
  /** The page's heading and a few more of its words, in German and in English. */
  de: string[];
  en: string[];
}

const storefront: StorefrontPage[] = [
  { path: "/", Component: Home, de: ["Skateboard-Deck mit eigenem Design", "Jetzt gestalten", "Bestellen als Gast, kein Konto nötig"], en: ["Custom skateboard deck", "Design yours"] },
  { path: "/editor", Component: Editor, de: ["Gestalte dein Deck", "Text hinzufügen", "Sticker hinzufügen", "Hintergrundfarbe", "Tastenkürzel"], en: ["Design your deck", "Add text"] },
  { path: "/Example", Component: Example, de: ["Beispiel", "Vorschau der Zahlungskarte", "Kartendaten prüfen", "Emoji-Auswahl"], en: ["Example", "Payment-card preview"] },
  { path: "/GripSize", Component: GripSize, loaderData: { next: "/Login" }, de: ["Griptape und Breite wählen", "Deckbreite", "Schwarzes Griptape aufkleben", "Weiter zur Anmeldung"], en: ["Choose grip and size", "Deck width"] },
  { path: "/Login", Component: Login, loaderData: { email: null, next: "/Shipping" }, de: ["Anmelden", "Als Gast bestellen", "Konto anlegen"], en: ["Login", "Continue as guest"] },
  { path: "/Shipping", Component: Shipping, loaderData: { accountEmail: null, savedAddress: null }, de: ["Versand", "Weiter zur Zahlung"], en: ["Shipping", "Continue to payment"] },
  { path: "/Payment", Component: Payment, loaderData: { accountEmail: null }, de: ["Zahlung", "Kartennummer", "Lieferadresse ändern"], en: ["Payment", "Card number"] },
];

function renderPage({ path, Component, loaderData }: StorefrontPage, locale: Locale) {
  const Stub = createRoutesStub([
    {
      path,
      loader: () => loaderData ?? null,
      HydrateFallback: () => null,
      Component: () => (
        <SiteLayout>
          <Component />
        </SiteLayout>
      ),
    },
  ]);
  return render(withI18n(<Stub initialEntries={[path]} />, locale));
}

beforeEach(() => {
  // The emoji picker's data is not served here: it stays loading (its words are the page's, not the data's).
  vi.stubGlobal("fetch", () => new Promise(() => undefined));
  // A buyer who has done every step before Payment, so that no step guard sends the page elsewhere.
  orderStore.setSize(8.25);
  orderStore.setContact("erika@example.com");
  orderStore.setName("Erika Mustermann");
  orderStore.setAddress("Heidestraße 17");
  orderStore.setPostalcode("51147");
  orderStore.setCity("Köln");
  orderStore.setCountry("DE");
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  sessionStorage.clear();
});

describe.each(storefront)("$path", (page) => {
  it("reads German, with no raw message key", async () => {
    renderPage(page, "de");
    await screen.findByRole("heading", { level: 1, name: page.de[0] });
    for (const words of page.de) expect(everythingSaid(), words).toContain(words);
    expect(everythingSaid()).not.toMatch(RAW_KEY);
    expect(screen.getByRole("navigation", { name: "Hauptmenü" })).toBeTruthy();
  });

  it("reads English, with no raw message key", async () => {
    renderPage(page, "en");
    await screen.findByRole("heading", { level: 1, name: page.en[0] });
    for (const words of page.en) expect(everythingSaid(), words).toContain(words);
    expect(everythingSaid()).not.toMatch(RAW_KEY);
  });
});

describe("shared components in German", () => {
  const renderAt = (element: React.ReactElement) =>
    render(withI18n(<>{createElementInRouter(element)}</>, "de"));

  it("the 404 and error pages", async () => {
    renderAt(<NotFoundPage path="/fehlt" />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Seite nicht gefunden");
    expect(screen.getByText("Seite nicht gefunden: /fehlt")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zur Startseite" })).toBeTruthy();
    cleanup();
    renderAt(<ServerErrorPage description="Etwas ist schiefgelaufen." reference="ab12cd34" />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Interner Serverfehler");
    expect(everythingSaid()).toContain("gib bitte die Referenz ab12cd34 an");
    expect(everythingSaid()).not.toMatch(RAW_KEY);
  });

  it("the error summary counts fields with German plurals", async () => {
    const item = { fieldId: "a", label: "Deckbreite", message: "card:errors.numberMissing" };
    renderAt(<ErrorSummary items={[item]} />);
    expect((await screen.findByRole("heading")).textContent).toBe("Bitte korrigiere 1 Feld");
    expect(screen.getByRole("link").textContent).toBe("Deckbreite: Gib die Kartennummer ein");
    cleanup();
    renderAt(<ErrorSummary items={[item, { ...item, fieldId: "b" }, { ...item, fieldId: "c" }]} />);
    expect((await screen.findByRole("heading")).textContent).toBe("Bitte korrigiere 3 Felder");
  });
});

/** Components with links need a router around them. */
function createElementInRouter(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return <Stub initialEntries={["/x"]} />;
}
