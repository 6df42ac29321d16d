// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { initialDesign } from "#app/modules/design/design.ts";
import { formatDate, formatMoney } from "#app/modules/catalog/format.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Locale } from "#app/modules/i18n/locales.ts";
import Account from "./account.tsx";
import AdminOrders from "./admin-orders.tsx";
import OrderConfirmation from "./order.tsx";

afterEach(cleanup);

/** Text a message key would leave behind: `ns:a.b` or `a.b.c` (an e-mail address has one dot after the @). */
const RAW_KEY = /\b[a-z]+:[a-z]+\.[\w.]+|\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\b/;

/** The page's visible words and its labels (aria-label, alt), where a forgotten key would show. */
function wordsOf(root: HTMLElement): string {
  const labels = [...root.querySelectorAll("[aria-label],[alt],[title]")].map((element) =>
    ["aria-label", "alt", "title"].map((name) => element.getAttribute(name) ?? "").join(" "),
  );
  return [root.textContent ?? "", ...labels].join("\n");
}

function renderPage(path: string, Component: () => React.ReactNode, loaderData: unknown, locale: Locale) {
  const Stub = createRoutesStub([{ path, Component, loader: () => loaderData, HydrateFallback: () => null }]);
  return render(withI18n(<Stub initialEntries={[path.replace(":orderId", "o-1")]} />, locale));
}

const createdAt = "2026-11-20T09:30:00.000Z";

/** An amount as the page shows it to testing-library (which reads the no-break space as a space). */
const money = (cents: number, locale: Locale) => formatMoney(cents, locale).replace(/\s/g, " ");

const accountData = {
  email: "erika@example.com",
  orders: [
    { id: "o-1", number: "DS-2026-0042", createdAt, size: 8.5, grip: true, totalCents: 7590, status: "shipped", design: initialDesign, partialCreditNotes: ["2026-000123"] },
  ],
  addresses: [
    {
      id: "a-1",
      isDefault: true,
      name: "Erika Mustermann",
      address: "Hauptstraße 1",
      addressextend: "",
      postalcode: "10115",
      city: "Berlin",
      country: "DE",
    },
  ],
  editing: null,
  notice: "Die Adresse ist gespeichert.",
};

const orderView = {
  number: "DS-2026-0042",
  createdAt,
  grip: true,
  size: 8.5,
  contact: "erika@example.com",
  name: "Erika Mustermann",
  address: "Hauptstraße 1",
  addressextend: "",
  postalcode: "10115",
  city: "Berlin",
  country: "DE",
  priceLines: [
    { label: "Custom skateboard deck", cents: 5900 },
    { label: "Wide deck", cents: 300 },
    { label: "Grip tape", cents: 900 },
  ],
  shippingCents: 490,
  vatCents: 1244,
  totalCents: 7590,
  cardBrand: "visa",
  cardLast4: "4242",
  status: "shipped",
  carrier: "dhl",
  trackingNumber: "00340434161234567890",
  trackingUrl: "https://www.dhl.de/",
};

const orderData = (overrides: Record<string, unknown> = {}) => ({
  order: orderView,
  design: initialDesign,
  printPath: "/orders/o-1/print",
  printQuery: "?print=t",
  checkoutId: "checkout-1",
  partialCreditNotes: [],
  offerAccount: true,
  justPlaced: true,
  accountOutcome: null,
  ...overrides,
});

describe("the account page in German", () => {
  it("says everything in German: history with German dates and amounts, the address book, no raw keys", async () => {
    const { container } = renderPage("/account", Account, accountData, "de");
    await screen.findByRole("heading", { level: 1, name: "Dein Konto" }, { timeout: 8000 });
    expect(screen.getByText("erika@example.com").closest("p")?.textContent).toBe("Angemeldet als erika@example.com.");
    expect(screen.getByRole("button", { name: "Abmelden" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Deine Bestellungen" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Bestellung" })).toBeTruthy();
    expect(screen.getByText(formatDate(createdAt, "de"))).toBeTruthy();
    expect(formatDate(createdAt, "de")).toBe("20.11.2026");
    expect(screen.getByText(money(7590, "de"))).toBeTruthy();
    expect(screen.getByText("Versendet")).toBeTruthy();
    // A price reduction's credit note, in the order's row beside its invoice.
    expect(screen.getByRole("link", { name: "Rechnungskorrektur 2026-000123 (PDF)" }).getAttribute("href")).toBe("/orders/o-1/credit-notes/2026-000123");
    expect(screen.getByRole("heading", { name: "Deine Adressen" })).toBeTruthy();
    expect(screen.getByText("Standardadresse")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Bearbeiten (Adresse von Erika Mustermann, Hauptstraße 1)" })).toBeTruthy();
    // With an address saved, the form to add another waits behind its title, closed.
    const addToggle = screen.getByText("Adresse hinzufügen", { selector: "summary" });
    expect(addToggle.closest("details")?.open).toBe(false);
    // The orders come first: a returning buyer comes for them.
    const ordersHeading = screen.getByRole("heading", { name: "Deine Bestellungen" });
    const addressesHeading = screen.getByRole("heading", { name: "Deine Adressen" });
    expect(ordersHeading.compareDocumentPosition(addressesHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText("Vor- und Nachname")).toBeTruthy();
    expect(screen.getByRole("option", { name: "Deutschland" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Adresse hinzufügen" })).toBeTruthy();
    expect(wordsOf(container)).not.toMatch(RAW_KEY);
  });

  it("signed out: the German sign-in form", async () => {
    const { container } = renderPage("/account", Account, { email: null, orders: [], addresses: [], editing: null, notice: null }, "de");
    await screen.findByText("Melde dich an, um deine Bestellungen zu sehen.", undefined, { timeout: 8000 });
    expect(screen.getByLabelText("E-Mail")).toBeTruthy();
    expect(screen.getByLabelText("Passwort")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Anmelden" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Passwort vergessen?" })).toBeTruthy();
    expect(wordsOf(container)).not.toMatch(RAW_KEY);
  });

  it("the same page in English still reads as before", async () => {
    renderPage("/account", Account, { ...accountData, notice: null }, "en");
    await screen.findByRole("heading", { level: 1, name: "Your account" }, { timeout: 8000 });
    expect(screen.getByText("€75.90")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit the address of Erika Mustermann, Hauptstraße 1" })).toBeTruthy();
  });
});

describe("the order page in German", () => {
  it("the confirmation: thanks, status, price lines and amounts in German, the account offer, no raw keys", async () => {
    const { container } = renderPage("/orders/:orderId", OrderConfirmation, orderData(), "de");
    await screen.findByRole("heading", { level: 1, name: "Danke für deine Bestellung" }, { timeout: 8000 });
    expect(container.querySelector(".lead")?.textContent).toBe(
      "Bestellnummer DS-2026-0042. Die Bestätigung geht an erika@example.com. Wir drucken und versenden dein Deck innerhalb von 5 Werktagen.",
    );
    expect(screen.getByRole("heading", { name: "Status: Versendet" })).toBeTruthy();
    expect(screen.getByText("Dein Deck ist unterwegs.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sendung verfolgen" })).toBeTruthy();
    expect(screen.getByText("Skateboard-Deck mit deinem Design")).toBeTruthy();
    expect(screen.getByText("Breites Deck")).toBeTruthy();
    expect(screen.getByText("Insgesamt bezahlt")).toBeTruthy();
    expect(screen.getByText("Visa mit Endziffern 4242")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Deine Druckdatei" })).toBeTruthy();
    // The print file loads lazily below the fold; its box has the 8.5″ deck's proportions from the start.
    const print = container.querySelector<HTMLImageElement>("img.print-preview");
    expect(Number(print?.getAttribute("width")) / Number(print?.getAttribute("height"))).toBeCloseTo(8.5 / 31.875, 2);
    expect(screen.getByRole("heading", { name: "Deine Daten fürs nächste Mal speichern" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Schick mir einen Link" })).toBeTruthy();
    expect(wordsOf(container)).not.toMatch(RAW_KEY);
  });

  it("opened later: the order's number and its German date", async () => {
    const { container } = renderPage(
      "/orders/:orderId",
      OrderConfirmation,
      orderData({ justPlaced: false, offerAccount: false, accountOutcome: "created" }),
      "de",
    );
    await screen.findByRole("heading", { level: 1, name: "Bestellung DS-2026-0042" }, { timeout: 8000 });
    expect(screen.getByText("Bestellt am 20.11.2026.")).toBeTruthy();
    expect(screen.getByText("Dein Konto ist angelegt und du bist angemeldet. Bestellung DS-2026-0042 ist darin.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "deiner Kontoseite" }).getAttribute("href")).toBe("/account");
    expect(wordsOf(container)).not.toMatch(RAW_KEY);
  });

  it("a price reduction: what was refunded, and its credit note (Rechnungskorrektur) to download, in German", async () => {
    const { container } = renderPage(
      "/orders/:orderId",
      OrderConfirmation,
      orderData({
        justPlaced: false,
        offerAccount: false,
        order: { ...orderView, partlyRefundedCents: 1250 },
        partialCreditNotes: [
          { number: "2026-000123", at: "2026-11-25T10:00:00.000Z", grossCents: 1250, href: "/orders/o-1/credit-notes/2026-000123?token=t" },
        ],
      }),
      "de",
    );
    await screen.findByRole("heading", { name: "Preisminderungen" }, { timeout: 8000 });
    const link = screen.getByRole("link", { name: "Rechnungskorrektur 2026-000123 (PDF)" });
    expect(link.getAttribute("href")).toBe("/orders/o-1/credit-notes/2026-000123?token=t");
    expect(link.closest("li")?.textContent?.replace(/\u00a0/g, " ")).toContain("25.11.2026: 12,50 € erstattet");
    expect(screen.getByText("Auf deine Karte erstattet").nextElementSibling?.textContent?.replace(/\u00a0/g, " ")).toBe("12,50 €");
    expect(wordsOf(container)).not.toMatch(RAW_KEY);
  });

  it("signed in with the order's address: the offer to add it to the account, in German", async () => {
    const { container } = renderPage(
      "/orders/:orderId",
      OrderConfirmation,
      orderData({ justPlaced: false, offerAccount: false, offerKeep: true }),
      "de",
    );
    await screen.findByRole("heading", { name: "Bestellung in deinem Konto speichern" }, { timeout: 8000 });
    expect(screen.getByRole("button", { name: "Zu meinem Konto hinzufügen" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Schick mir einen Link" })).toBeNull();
    expect(wordsOf(container)).not.toMatch(RAW_KEY);
  });
});

describe("the back office in German", () => {
  it("the orders list: headings, status tabs, German amounts, no raw keys", async () => {
    const data = {
      query: { status: null, search: "", paged: false },
      counts: { all: 1, paid: 0, in_production: 0, shipped: 1, delivered: 0, cancelled: 0 },
      nextCursor: null,
      orders: [
        { id: "o-1", number: "DS-2026-0042", createdAt, name: "Erika Mustermann", contact: "erika@example.com", size: 8.5, grip: true, totalCents: 7590, status: "shipped", withdrawal: null, design: initialDesign },
        // Withdrawn and not refunded yet: marked in the list, where the operator looks first.
        { id: "o-2", number: "DS-2026-0043", createdAt, name: "Max Muster", contact: "max@example.com", size: 8, grip: false, totalCents: 6390, status: "paid", withdrawal: { kind: "inTime" }, design: initialDesign },
      ],
      exportForm: { values: { from: "", to: "" }, errors: {} },
    };
    const { container } = renderPage("/admin", AdminOrders, data, "de");
    await screen.findByRole("heading", { level: 1, name: "Bestellungen" }, { timeout: 8000 });
    expect(screen.getByRole("button", { name: "CSV exportieren" })).toBeTruthy();
    expect(screen.getByLabelText("Von")).toBeTruthy();
    expect(screen.getByLabelText("Suche nach Bestellnummer, E-Mail, Name oder Rechnungsnummer")).toBeTruthy();
    expect(screen.getByRole("link", { name: "In Produktion 0" })).toBeTruthy();
    expect(screen.getByText(money(7590, "de"))).toBeTruthy();
    expect(screen.getAllByText("Fristgerecht widerrufen")).toHaveLength(1);
    await waitFor(() => expect(wordsOf(container)).not.toMatch(RAW_KEY));
  });
});
