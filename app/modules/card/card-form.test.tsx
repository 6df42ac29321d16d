// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CardForm, cardSummaryItems } from "./card-form.tsx";
import type { CardFormState } from "./use-card-form.ts";

afterEach(cleanup);

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const numberField = () => field("Card number");
const errorOf = (input: HTMLInputElement) => document.getElementById(`${input.id}-error`)?.textContent ?? "";

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;

/** What the browser does on an edit: the new text and caret are in the field, then an input event fires. */
function edit(input: HTMLInputElement, value: string, caret = value.length, inputType = "insertText") {
  act(() => input.focus());
  setNativeValue.call(input, value);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input, { inputType });
}

function leave(input: HTMLInputElement) {
  act(() => input.blur());
}

beforeEach(() => {
  render(<CardForm />);
});

describe("CardForm fields", () => {
  it("asks the browser for card autofill and a numeric keypad, and never submits", () => {
    const expected = [
      ["Card number", "cc-number", "numeric"],
      ["Name on card", "cc-name", null],
      ["Month (MM)", "cc-exp-month", "numeric"],
      ["Year (YY)", "cc-exp-year", "numeric"],
      ["Security code", "cc-csc", "numeric"],
    ] as const;
    for (const [label, autocomplete, inputMode] of expected) {
      const input = field(label);
      expect(input.getAttribute("autocomplete")).toBe(autocomplete);
      expect(input.getAttribute("inputmode")).toBe(inputMode);
      expect(input.hasAttribute("name"), `${label} has no name, so it is never sent`).toBe(false);
    }
    expect(screen.getByRole("button", { name: "Check card details" }).getAttribute("type")).toBe("button");
    expect(screen.queryByRole("button", { name: /pay/i })).toBeNull();
  });

  it("groups the number as it is typed and keeps the caret after the same digit", () => {
    edit(numberField(), "41111");
    expect(numberField().value).toBe("4111 1");
    expect(numberField().selectionStart).toBe(6);
    edit(numberField(), "4111 91", 6);
    expect(numberField().value).toBe("4111 91");
    edit(numberField(), "41112 91", 5);
    expect(numberField().value).toBe("4111 291");
    expect(numberField().selectionStart).toBe(6);
  });

  it("Backspace right after a group space removes the digit before it", () => {
    edit(numberField(), "4111 1111");
    edit(numberField(), "41111111", 4, "deleteContentBackward");
    expect(numberField().value).toBe("4111 111");
    expect(numberField().selectionStart).toBe(3);
  });

  it("regroups a pasted number by its brand, and the card shows it masked", () => {
    edit(numberField(), "3782-8224-6310-005", 18, "insertFromPaste");
    expect(numberField().value).toBe("3782 822463 10005");
    expect(screen.getByTestId("card-preview-number").textContent).toBe("3782 ****** *0005");
  });

  it("fills month and year from an expiry date pasted into the month field", () => {
    const month = field("Month (MM)");
    act(() => month.focus());
    fireEvent.paste(month, { clipboardData: { getData: () => "8/31" } });
    expect(month.value).toBe("08");
    expect(field("Year (YY)").value).toBe("31");
    // Only the month field splits a date; the year field takes a paste as the browser gives it.
    fireEvent.paste(field("Year (YY)"), { clipboardData: { getData: () => "12/40" } });
    expect(field("Year (YY)").value).toBe("31");
  });

  it("keeps only digits in month, year and security code", () => {
    edit(field("Month (MM)"), "0a4");
    expect(field("Month (MM)").value).toBe("04");
    edit(field("Security code"), "12 34 5");
    expect(field("Security code").value).toBe("1234");
  });

  it("flips the card while the security code has focus", () => {
    const card = screen.getByRole("img", { name: /^Card preview/ });
    act(() => field("Security code").focus());
    expect(card.dataset.flipped).toBe("true");
    act(() => numberField().focus());
    expect(card.dataset.flipped).toBe("false");
  });
});

describe("CardForm validation", () => {
  it("checks a field when it is left, not while it is first typed", () => {
    edit(numberField(), "4111 1111 1111 1112");
    expect(errorOf(numberField())).toBe("");
    leave(numberField());
    expect(errorOf(numberField())).toBe("Check the card number for typos");
    expect(numberField().getAttribute("aria-invalid")).toBe("true");
  });

  it("re-checks on every input once an error shows, and clears it as soon as the value is right", () => {
    edit(numberField(), "4111 1111");
    leave(numberField());
    expect(errorOf(numberField())).toBe("Enter the full card number");
    edit(numberField(), "4111 1111 1111 1112");
    expect(errorOf(numberField())).toBe("Check the card number for typos");
    edit(numberField(), "4111 1111 1111 1111");
    expect(errorOf(numberField())).toBe("");
    expect(numberField().hasAttribute("aria-invalid")).toBe(false);
  });

  it("asks for a name once one was typed and taken away, never for a field only tabbed through", () => {
    act(() => field("Name on card").focus());
    leave(field("Name on card"));
    expect(errorOf(field("Name on card"))).toBe("");
    edit(field("Name on card"), "E");
    edit(field("Name on card"), "", 0, "deleteContentBackward");
    leave(field("Name on card"));
    expect(errorOf(field("Name on card"))).toBe("Enter the name on the card");
  });

  it("shows nothing when every field is tabbed through untouched, and everything at 'Check card details'", () => {
    for (const label of ["Card number", "Name on card", "Month (MM)", "Year (YY)", "Security code"]) {
      act(() => field(label).focus());
      leave(field(label));
      expect(errorOf(field(label)), label).toBe("");
    }
    fireEvent.click(screen.getByRole("button", { name: "Check card details" }));
    expect(errorOf(field("Name on card"))).toBe("Enter the name on the card");
  });

  it("refuses an expiry in the past", () => {
    edit(field("Month (MM)"), "12");
    leave(field("Month (MM)"));
    edit(field("Year (YY)"), "20");
    leave(field("Year (YY)"));
    expect(errorOf(field("Year (YY)"))).toBe("The card has expired");
    expect(errorOf(field("Month (MM)"))).toBe("");
  });

  it("wants 4 digits of security code for amex and says where to find them", () => {
    edit(numberField(), "3782 822463 10005");
    edit(field("Security code"), "123");
    leave(field("Security code"));
    expect(errorOf(field("Security code"))).toBe("Enter the 4-digit security code");
    expect(screen.getByText("4 digits, on the front of the card.")).toBeTruthy();
  });

  it("'Check card details' lists every error and moves focus to the first field", () => {
    fireEvent.click(screen.getByRole("button", { name: "Check card details" }));
    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("heading").textContent).toBe("Please correct 5 fields");
    expect(within(summary).getByRole("link", { name: "Card number: Enter the card number" }).getAttribute("href")).toBe(
      "#card-number",
    );
    expect(document.activeElement).toBe(numberField());
  });

  it("'Check card details' confirms a complete card", () => {
    edit(numberField(), "5555 5555 5555 4444");
    edit(field("Name on card"), "Erika Mustermann");
    edit(field("Month (MM)"), "12");
    edit(field("Year (YY)"), String(new Date().getFullYear() + 3));
    edit(field("Security code"), "123");
    fireEvent.click(screen.getByRole("button", { name: "Check card details" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("The card details are complete.");
  });

  it("keeps card data out of web storage", () => {
    edit(numberField(), "4111 1111 1111 1111");
    edit(field("Name on card"), "Erika Mustermann");
    edit(field("Security code"), "737");
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toMatch(/4111|1111|737|Erika/);
  });
});

describe("cardSummaryItems", () => {
  const t = ((key: string) => ({ "fields.cardName": "Name on card", "fields.cardNumber": "Card number" })[key] ?? key) as never;
  const card = (errors: CardFormState["errors"]) => ({ errors }) as CardFormState;

  it("lists a card field the server refused, linked to the field, when the browser found nothing wrong with it", () => {
    const items = cardSummaryItems(card({}), t, "card", { cardName: ["card:errors.nameTooLong"], name: ["other"] });
    expect(items).toEqual([{ fieldId: "card-name", label: "Name on card", message: "card:errors.nameTooLong" }]);
  });

  it("prefers the browser's own, current message for a field", () => {
    const items = cardSummaryItems(card({ cardNumber: "card:errors.numberIncomplete" }), t, "card", { cardNumber: ["stale"] });
    expect(items).toEqual([{ fieldId: "card-number", label: "Card number", message: "card:errors.numberIncomplete" }]);
  });
});
