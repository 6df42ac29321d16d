// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { cardBackgroundCss } from "./card-backgrounds.ts";
import { CardShowcase } from "./card-showcase.tsx";

afterEach(cleanup);

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;

it("shows the preview with its demo form and lets the options be tried", () => {
  const { container } = render(<CardShowcase />);
  expect(screen.getByRole("heading", { name: "Payment-card preview" })).toBeTruthy();
  const number = screen.getByLabelText<HTMLInputElement>("Card number");
  expect(number.id).toBe("card-demo-number");
  setNativeValue.call(number, "4111111111111111");
  fireEvent.input(number);
  const shownNumber = () => screen.getByTestId("card-preview-number").textContent;
  expect(shownNumber()).toBe("4111 **** **** 1111");

  fireEvent.click(screen.getByLabelText("Mask the number"));
  expect(shownNumber()).toBe("4111 1111 1111 1111");

  fireEvent.change(screen.getByLabelText("Background"), { target: { value: "7" } });
  const art = container.querySelector<HTMLElement>(".card-preview__art")!;
  const expected = document.createElement("div");
  expected.style.background = cardBackgroundCss(7);
  expect(art.style.background).toBe(expected.style.background);

  fireEvent.change(screen.getByLabelText("Brand"), { target: { value: "mastercard" } });
  expect(screen.getByRole("img", { name: /^Card preview/ }).getAttribute("aria-label")).toBe(
    "Card preview: Mastercard ending in 1111",
  );
});
