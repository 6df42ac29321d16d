// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { CountryCode } from "#app/modules/catalog/countries.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import { initialOrderState, type OrderState } from "./order-state.ts";
import { OrderSummary } from "./order-summary.tsx";
import { AddressFields, PostalAddress, type AddressFieldKey } from "./postal-address.tsx";

afterEach(cleanup);

const order = (country: OrderState["country"]): OrderState => ({ ...initialOrderState, grip: true, size: 8.5, country });

/** A price table row's heading and amount, by the heading's start. */
function row(name: RegExp) {
  const cells = within(screen.getByRole("row", { name })).getAllByRole("cell");
  return cells.map((cell) => cell.textContent).join("");
}

describe("the order summary", () => {
  it("inside the EU: the destination's VAT rate and name, the same gross as Germany", () => {
    render(withI18n(<OrderSummary order={order("FR")} />, "en"));
    expect(row(/^Includes 20% VAT \(France\)/)).toBe("€13.48"); // 983 + 50 + 150 + 165: each line × 20 / 120, rounded
    expect(row(/^Shipping to France/)).toBe("€9.90");
    expect(row(/^Total/)).toBe("€80.90");
    expect(screen.getByTestId("delivery-estimate").textContent).toBe(
      "Delivery in about 7–9 working days (5 to make your deck, 2–4 in transit)",
    );
    expect(screen.queryByText(/VAT-free export/)).toBeNull();
  });

  it("for an export: net prices, no VAT, and the note on import duties (in German too)", () => {
    render(withI18n(<OrderSummary order={order("US")} />, "en"));
    expect(row(/^VAT \(export\)/)).toBe("€0.00");
    expect(screen.getByText("VAT-free export: import duties and taxes may be due on delivery")).toBeTruthy();
    cleanup();
    render(withI18n(<OrderSummary order={order("CH")} />, "de"));
    expect(row(/^USt\. \(Ausfuhr\)/)).toBe("0,00\u00a0€");
    expect(row(/^Versand \(Schweiz\)/)).toBe("12,52\u00a0€");
    expect(screen.getByText("Steuerfreie Ausfuhr: Bei der Zustellung können Einfuhrabgaben und Steuern anfallen")).toBeTruthy();
    expect(row(/^Skateboard-Deck/)).toBe("49,58\u00a0€");
  });

  it("before a country is chosen: German VAT and shipping not yet known", () => {
    render(withI18n(<OrderSummary order={order("")} />, "de"));
    expect(row(/^inkl\. 19\u00a0% USt\. \(Deutschland\)/)).toBe("11,34\u00a0€");
    expect(row(/^Versand/)).toBe("Wird beim Versand berechnet");
    expect(screen.queryByTestId("delivery-estimate")).toBeNull();
  });
});

function Fields({ initial }: { initial: CountryCode }) {
  const [country, setCountry] = useState<CountryCode>(initial);
  const field = (key: AddressFieldKey) => ({ id: key, name: key, defaultValue: key === "country" ? country : "" });
  return <AddressFields country={country} field={field} onCountryChange={setCountry} />;
}

describe("the address fields", () => {
  const labels = () => screen.getAllByText((_, element) => element?.tagName === "LABEL").map((label) => label.textContent);

  it("ask for a state only in the US, Canada and Australia, with the postal code where the post reads it", () => {
    render(withI18n(<Fields initial="DE" />, "en"));
    expect(labels()).toEqual([
      "Full name",
      "Street and house number",
      "Apartment, suite, etc. (optional)",
      "Postal code",
      "Town or city",
      "Country",
    ]);
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "US" } });
    expect(labels().slice(3)).toEqual(["Town or city", "State", "Postal code", "Country"]);
    expect(within(screen.getByLabelText("State")).getAllByRole("option")).toHaveLength(52);
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "GB" } });
    expect(labels().slice(3)).toEqual(["Town or city", "Postal code", "Country"]);
  });

  it("list the countries by their name in the page's language, Germany first", () => {
    render(withI18n(<Fields initial="DE" />, "de"));
    const names = within(screen.getByLabelText("Land"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(names).toHaveLength(34);
    expect(names.slice(0, 3)).toEqual(["Deutschland", "Australien", "Belgien"]);
    expect(screen.getByText("Zum Beispiel 10115")).toBeTruthy();
  });

  it("print an address as the destination's post reads it", () => {
    const address = { name: "Ada", address: "1 Main St", addressextend: "", postalcode: "94103", city: "San Francisco", country: "US", region: "CA" };
    render(withI18n(<PostalAddress address={address} testId="a" />, "de"));
    expect(screen.getByTestId("a").textContent).toBe("Ada1 Main StSan Francisco CA 94103Vereinigte Staaten");
  });
});
