// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cardBackgroundCss } from "./card-backgrounds.ts";
import { CardPreview, type CardPreviewProps } from "./card-preview.tsx";
import { HIGHLIGHT_CLEAR_DELAY_MS, useCardFocus, type CardInput } from "./use-card-focus.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const empty = { cardNumber: "", cardName: "", cardMonth: "", cardYear: "", cardCvv: "" };
const card = () => screen.getByRole("img", { name: /^Card preview/ });
const art = (container: HTMLElement) => container.querySelector<HTMLElement>(".card-preview__art");

describe("CardPreview", () => {
  it("shows the default labels and placeholders while empty", () => {
    render(<CardPreview {...empty} />);
    expect(screen.getByTestId("card-preview-name").textContent).toBe("Full Name");
    expect(screen.getByTestId("card-preview-expiry").textContent).toBe("MM/YY");
    expect(screen.getByTestId("card-preview-number").textContent).toBe("#### #### #### ####");
    for (const caption of ["Card Holder", "Expires", "CVV"]) expect(screen.getByText(caption)).toBeTruthy();
  });

  it("takes label overrides one by one", () => {
    render(<CardPreview {...empty} labels={{ cardName: "Nom complet", cardYear: "AA", cardCvv: "CVC" }} />);
    expect(screen.getByTestId("card-preview-name").textContent).toBe("Nom complet");
    expect(screen.getByTestId("card-preview-expiry").textContent).toBe("MM/AA");
    expect(screen.getByText("CVC")).toBeTruthy();
    expect(screen.getByText("Card Holder")).toBeTruthy();
  });

  it("shows the values: grouped masked number, collapsed name, two-digit year, masked code", () => {
    const values = {
      cardNumber: "4111111111111111",
      cardName: "Erika   Mustermann",
      cardMonth: "04",
      cardYear: "2029",
      cardCvv: "123",
    };
    render(<CardPreview {...values} />);
    expect(screen.getByTestId("card-preview-number").textContent).toBe("4111 **** **** 1111");
    expect(screen.getByTestId("card-preview-name").textContent).toBe("Erika Mustermann");
    expect(screen.getByTestId("card-preview-expiry").textContent).toBe("04/29");
    expect(screen.getByTestId("card-preview-cvv").textContent).toBe("•••");
  });

  it("is one image for assistive technology, described without the full number", () => {
    render(<CardPreview {...empty} cardNumber="4111 1111 1111 1111" masked={false} />);
    expect(card().getAttribute("aria-label")).toBe("Card preview: Visa ending in 1111");
    expect(card().getAttribute("aria-label")).not.toContain("4111");
  });

  it("a forced type overrides detection", () => {
    render(<CardPreview {...empty} cardNumber="4111 1111 1111 1111" type=" Master Card " />);
    expect(card().getAttribute("aria-label")).toBe("Card preview: Mastercard ending in 1111");
  });

  it("reports brand changes, not the brand at mount", () => {
    const onBrandChange = vi.fn();
    const { rerender } = render(
      <CardPreview {...empty} cardNumber="4111 1111 1111 1111" onBrandChange={onBrandChange} />,
    );
    expect(onBrandChange).not.toHaveBeenCalled();
    rerender(<CardPreview {...empty} cardNumber="3782 822463 10005" onBrandChange={onBrandChange} />);
    expect(onBrandChange).toHaveBeenCalledExactlyOnceWith("amex");
  });

  it("shows the number's brand on the back once the card turns over", () => {
    const badges = (container: HTMLElement) =>
      [...container.querySelectorAll(".card-preview__brand")].map((badge) => badge.textContent);
    const { container, rerender } = render(<CardPreview {...empty} cardNumber="4111 1111 1111 1111" />);
    expect(badges(container)).toEqual(["VISA", "VISA"]);
    rerender(<CardPreview {...empty} cardNumber="3782 822463 10005" />);
    expect(badges(container)[0]).toBe("AMEX");
    rerender(<CardPreview {...empty} cardNumber="3782 822463 10005" flipped />);
    expect(badges(container)).toEqual(["AMEX", "AMEX"]);
  });
});

describe("CardPreview background", () => {
  it("renders a neutral card on the server, so hydration never disagrees about a random number", () => {
    const html = renderToString(<CardPreview {...empty} />);
    expect(html).not.toContain("card-preview__art");
  });

  it("picks one of 1–25 at random after mount and keeps it", () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { container, rerender } = render(<CardPreview {...empty} />);
    expect(art(container)?.style.background).toBe(render13().style.background);
    vi.spyOn(Math, "random").mockReturnValue(0);
    rerender(<CardPreview {...empty} cardNumber="4111" />);
    expect(art(container)?.style.background).toBe(render13().style.background);
  });

  it("takes a number or a URL", () => {
    const html = renderToString(<CardPreview {...empty} background={7} />);
    expect(html).toContain("card-preview__art");
    expect(renderToString(<CardPreview {...empty} background="/img/my-card.jpg" />)).toContain(
      "url(&quot;/img/my-card.jpg&quot;)",
    );
  });
});

/** An element styled like background 13, to compare with as the DOM normalises it. */
function render13(): HTMLElement {
  const element = document.createElement("div");
  element.style.background = cardBackgroundCss(13);
  return element;
}

function FocusHarness(props: Partial<CardPreviewProps>) {
  const focus = useCardFocus();
  const field = (input: CardInput) => <input aria-label={input} {...focus.inputProps(input)} />;
  return (
    <>
      <CardPreview {...empty} {...props} {...focus.cardProps} />
      {field("number")}
      {field("name")}
      {field("month")}
      {field("year")}
      {field("cvv")}
      <input aria-label="elsewhere" />
    </>
  );
}

describe("focus: flip and highlight", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<FocusHarness />);
  });

  const focusOn = (label: string) => act(() => screen.getByLabelText(label).focus());
  const frame = () => card().querySelector(".card-preview__focus")!;
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it("flips to the back while the security code has focus, and back at once on blur", () => {
    expect(card().dataset.flipped).toBe("false");
    focusOn("cvv");
    expect(card().dataset.flipped).toBe("true");
    focusOn("elsewhere");
    expect(card().dataset.flipped).toBe("false");
  });

  it("flips back when focus goes from the security code to another card field", () => {
    focusOn("cvv");
    focusOn("number");
    expect(card().dataset.flipped).toBe("false");
    expect(card().dataset.focused).toBe("number");
  });

  it("follows the focused field; month and year share the date", () => {
    focusOn("number");
    expect(frame().getAttribute("data-field")).toBe("number");
    focusOn("name");
    expect(frame().getAttribute("data-field")).toBe("name");
    focusOn("month");
    expect(frame().getAttribute("data-field")).toBe("date");
    focusOn("year");
    expect(frame().getAttribute("data-field")).toBe("date");
    expect(frame().getAttribute("data-visible")).toBe("true");
  });

  it(`clears ${HIGHLIGHT_CLEAR_DELAY_MS} ms after blur when no card field took focus`, () => {
    focusOn("name");
    focusOn("elsewhere");
    wait(HIGHLIGHT_CLEAR_DELAY_MS - 1);
    expect(card().dataset.focused).toBe("name");
    wait(1);
    expect(card().dataset.focused).toBeUndefined();
    expect(frame().getAttribute("data-visible")).toBe("false");
    expect(frame().getAttribute("data-field")).toBe("name"); // fades out where it was
  });

  it("does not clear when another card field takes focus within the delay", () => {
    focusOn("month");
    act(() => screen.getByLabelText("month").blur());
    wait(HIGHLIGHT_CLEAR_DELAY_MS - 50);
    focusOn("year");
    wait(HIGHLIGHT_CLEAR_DELAY_MS * 2);
    expect(card().dataset.focused).toBe("date");
  });

  it("the security code highlight is on the back, not a frame on the front", () => {
    focusOn("cvv");
    expect(card().querySelector(".card-preview__cvv")?.getAttribute("data-focused")).toBe("true");
    expect(frame().getAttribute("data-visible")).toBe("false");
  });

  it("cancels its timer on unmount", () => {
    focusOn("number");
    focusOn("elsewhere");
    cleanup();
    expect(vi.getTimerCount()).toBe(0);
  });
});
