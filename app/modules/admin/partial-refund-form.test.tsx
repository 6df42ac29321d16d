// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { OrderHistory } from "./order-actions.tsx";
import { PartialRefunds, type PartialRefundPanelData, type PartialRefundReply } from "./partial-refund-form.tsx";
import { cleanReason, parseEuroAmount, partialRefundSchema } from "./partial-refund-schema.ts";
import * as z from "zod/mini";

/** The back office's "Refund part of the amount": what was refunded, the credit notes, and the form. */

afterEach(cleanup);

function renderInRouter(element: React.ReactNode, locale: Locale = "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return render(withI18n(<Stub />, locale));
}

const REQUEST = "6f1d2c3b-0a4e-4b5f-8c7d-9e0f1a2b3c4d";
const hidden = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;
const describedBy = (element: HTMLElement) => (element.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
const nbsp = (text: string | null | undefined) => (text ?? "").replace(/\u00a0|\u202f/g, " ");

const panel = (overrides: Partial<PartialRefundPanelData> = {}): PartialRefundPanelData => ({
  requestId: REQUEST,
  offered: true,
  totalCents: 7590,
  refundedCents: 0,
  refundableCents: 7590,
  notes: [],
  ...overrides,
});

const withNote = panel({
  refundedCents: 1250,
  refundableCents: 6340,
  notes: [
    {
      number: "2026-000123",
      at: "2026-11-25T10:00:00.000Z",
      grossCents: 1250,
      reason: "Misprint on the tail",
      actor: "ops@example.com",
      href: "/admin/orders/o-1/credit-notes/2026-000123",
    },
  ],
});

describe("the partial refund form", () => {
  it("posts the amount and reason with its intent, the page view's id and what it shows as refunded; works without scripts", async () => {
    renderInRouter(<PartialRefunds panel={panel()} reply={undefined} />);
    const amount = (await screen.findByLabelText("Amount to refund (€)")) as HTMLInputElement;
    const reason = screen.getByLabelText("Reason (printed on the credit note)") as HTMLInputElement;
    expect(amount.name).toBe("amount");
    expect(amount.inputMode).toBe("decimal");
    expect(reason.maxLength).toBe(200);
    expect(nbsp(describedBy(amount)[0])).toBe("In euros, e.g. 12,50. Less than €75.90: to refund everything that is left, cancel the order or mark it returned.");
    expect(describedBy(reason)).toEqual(["For example: misprint on the tail. At most 200 characters."]);
    const form = amount.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(hidden(form, "intent")).toBe("refund-part");
    expect(hidden(form, "requestId")).toBe(REQUEST);
    expect(hidden(form, "expectedRefundedCents")).toBe("0");
    expect(within(form).getByRole("button", { name: "Refund part of the amount" })).toBeTruthy();
    expect(screen.getByText(/Nothing refunded in part so far/)).toBeTruthy();
  });

  it("shows what was refunded and each credit note with its download link", async () => {
    renderInRouter(<PartialRefunds panel={withNote} reply={undefined} />);
    expect(nbsp((await screen.findByText(/Refunded in part so far/)).textContent)).toBe("Refunded in part so far: €12.50 of €75.90; €63.40 still paid.");
    const link = screen.getByRole("link", { name: "Credit note 2026-000123 (PDF)" });
    expect(link.getAttribute("href")).toBe("/admin/orders/o-1/credit-notes/2026-000123");
    expect(link.hasAttribute("download")).toBe(true);
    expect(nbsp(link.closest("li")?.textContent)).toContain("€12.50, Misprint on the tail (ops@example.com)");
    expect(hidden(link.closest("section")!.querySelector("form")!, "expectedRefundedCents")).toBe("1250");
  });

  it("after a refused post: each field invalid with its message tied to it (aria-describedby), what was typed kept, the focus on the first", async () => {
    const reply: PartialRefundReply = {
      intent: "refund-part",
      result: {
        status: "error",
        error: { amount: ["Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)"], reason: ["Enter the reason: it is printed on the credit note"] },
        initialValue: { amount: "12,5x", reason: "" },
      },
    };
    renderInRouter(<PartialRefunds panel={panel()} reply={reply} />);
    const amount = (await screen.findByLabelText("Amount to refund (€)")) as HTMLInputElement;
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(amount)).toContain("Enter the amount in euros, e.g. 12,50 or 12.50 (no thousands separators)");
    expect(amount.value).toBe("12,5x");
    const reason = screen.getByLabelText("Reason (printed on the credit note)");
    expect(describedBy(reason)).toContain("Enter the reason: it is printed on the credit note");
    expect(document.activeElement).toBe(amount);
  });

  it("a processor's refusal above the form, a conflict as an alert, a refund made as a status", async () => {
    const refused: PartialRefundReply = { intent: "refund-part", result: { status: "error", error: { "": ["The card processor refused the refund: the charge is disputed."] } } };
    const first = renderInRouter(<PartialRefunds panel={panel()} reply={refused} />);
    expect((await screen.findByRole("alert")).textContent).toBe("The card processor refused the refund: the charge is disputed.");
    first.unmount();
    const stale = renderInRouter(<PartialRefunds panel={panel()} reply={{ intent: "refund-part", result: { status: "error" }, refused: "Another refund was made" }} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Another refund was made");
    stale.unmount();
    renderInRouter(<PartialRefunds panel={withNote} reply={{ intent: "refund-part", result: {}, done: "€12.50 refunded" }} />);
    expect((await screen.findByRole("status")).textContent).toBe("€12.50 refunded");
    // Another form's reply is not this form's.
    cleanup();
    renderInRouter(<PartialRefunds panel={panel()} reply={{ intent: "note", result: { error: { note: ["x"] } } }} />);
    expect(await screen.findByLabelText("Amount to refund (€)")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a refunded order shows its credit notes without the form; an order with neither shows nothing", async () => {
    const { container, unmount } = renderInRouter(<PartialRefunds panel={{ ...withNote, offered: false }} reply={undefined} refunded />);
    expect(await screen.findByRole("link", { name: "Credit note 2026-000123 (PDF)" })).toBeTruthy();
    expect(nbsp(screen.getByText(/Refunded in part before/).textContent)).toBe(
      "Refunded in part before the order was refunded: €12.50; the rest, €63.40, went back with the credit note that cancels the invoice.",
    );
    expect(container.querySelector("form")).toBeNull();
    unmount();
    const empty = renderInRouter(<PartialRefunds panel={panel({ offered: false })} reply={undefined} />);
    expect(empty.container.textContent).toBe("");
  });

  it("in German", async () => {
    renderInRouter(<PartialRefunds panel={withNote} reply={undefined} />, "de");
    expect(await screen.findByRole("button", { name: "Teilbetrag erstatten" })).toBeTruthy();
    expect(screen.getByLabelText("Zu erstattender Betrag (€)")).toBeTruthy();
    expect(screen.getByLabelText("Grund (steht auf der Rechnungskorrektur)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Rechnungskorrektur 2026-000123 (PDF)" })).toBeTruthy();
    expect(nbsp(screen.getByText(/Bisher teilweise erstattet/).textContent)).toBe("Bisher teilweise erstattet: 12,50 € von 75,90 €; noch bezahlt: 63,40 €.");
  });

  it("the history words a partial refund and a refused one", async () => {
    renderInRouter(
      <OrderHistory
        events={[
          { id: "e1", at: "2026-11-25T10:00:00.000Z", actor: "ops@example.com", kind: "partial-refund", from: "paid", to: "paid", details: { amountCents: "1250", refundReference: "test_re_1", creditNoteNumber: "2026-000123", reason: "Misprint" } },
          { id: "e2", at: "2026-11-25T11:00:00.000Z", actor: "ops@example.com", kind: "refund-refused", from: "paid", to: "paid", details: { attempted: "partial-refund", amountCents: "2000", reason: "charge_disputed" } },
        ]}
      />,
      "de",
    );
    expect(nbsp((await screen.findByText(/teilweise erstattet \(test_re_1\)/)).textContent)).toBe("12,50 € teilweise erstattet (test_re_1), Rechnungskorrektur 2026-000123: Misprint");
    expect(nbsp(screen.getByText(/nicht teilweise erstattet/).textContent)).toBe(
      "20,00 € nicht teilweise erstattet, der Zahlungsdienstleister hat die Erstattung abgelehnt: die Zahlung wird vom Karteninhaber angefochten.",
    );
  });
});

describe("the amount and reason as the form reads them", () => {
  it("reads euros with a comma or a point, at most two decimals, no thousands separators", () => {
    expect(parseEuroAmount("12,50")).toBe(1250);
    expect(parseEuroAmount("12.5")).toBe(1250);
    expect(parseEuroAmount(" € 7 ")).toBe(700);
    expect(parseEuroAmount("0,99")).toBe(99);
    expect(parseEuroAmount("12,50 €")).toBe(1250);
    for (const bad of ["", "1.234,50", "1,234.50", "-1", "1e3", "12,345", "0x10", "١٢", "12,", ",5", "NaN", "Infinity", "99999999"]) {
      expect([bad, parseEuroAmount(bad)]).toEqual([bad, null]);
    }
  });

  it("keeps a reason on one line, without control characters or direction overrides", () => {
    expect(cleanReason("  Misprint\r\non the\ttail \u202Eevil\u0000 ")).toBe("Misprint on the tail evil");
    const parsed = z.safeParse(partialRefundSchema, { intent: "refund-part", requestId: REQUEST, expectedRefundedCents: "0", amount: "1", reason: " a\nb " });
    expect(parsed.success && parsed.data.reason).toBe("a b");
  });
});
