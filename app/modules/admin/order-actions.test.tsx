// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { nextStatuses } from "#app/modules/orders/order-status.ts";
import { OrderHistory, orderedSteps, TransitionForms, type TransitionReply } from "./order-actions.tsx";

afterEach(cleanup);

function renderInRouter(element: React.ReactNode, locale: Locale = "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return render(withI18n(<Stub />, locale));
}

describe("TransitionForms", () => {
  it("shows the errors of a post that names no form here (a tampered or outdated `to`) above the forms", async () => {
    const reply: TransitionReply = { to: "bogus", result: { status: "error", error: { to: ["admin:errors.chooseTransition"] } } };
    renderInRouter(<TransitionForms status="paid" next={["in_production", "cancelled"]} totalCents={7590} reply={reply} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Choose what happens to the order");
  });

  it("shows a missing status (the hidden `expected` field) in the form that was posted", async () => {
    const reply: TransitionReply = { to: "in_production", result: { status: "error", error: { expected: ["admin:errors.reloadOrder"] } } };
    renderInRouter(<TransitionForms status="paid" next={["in_production", "cancelled"]} totalCents={7590} reply={reply} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Reload the order: its status is missing");
  });
});

describe("the shipment form after a refused post", () => {
  it("starts from what was posted, so that a page rendered without scripts keeps the carrier and the number", async () => {
    const reply: TransitionReply = {
      to: "shipped",
      result: { status: "error", error: { trackingNumber: ["admin:errors.enterTracking"] }, initialValue: { carrier: "dhl", trackingNumber: "12345", expected: "in_production", to: "shipped" } },
    };
    renderInRouter(<TransitionForms status="in_production" next={["shipped", "cancelled"]} totalCents={7590} reply={reply} />);
    expect(((await screen.findByLabelText("Carrier")) as HTMLSelectElement).value).toBe("dhl");
    expect((screen.getByLabelText("Tracking number") as HTMLInputElement).value).toBe("12345");
  });
});

describe("TransitionForms' main step", () => {
  it("is the next status; once the buyer has withdrawn, the refund", async () => {
    const { unmount } = renderInRouter(<TransitionForms status="paid" next={["in_production", "cancelled"]} totalCents={7590} reply={undefined} />);
    expect((await screen.findByRole("button", { name: "Start production" })).className).toContain("button--primary");
    expect(screen.getByRole("button", { name: /Cancel/ }).className).not.toContain("button--primary");
    unmount();
    renderInRouter(<TransitionForms status="paid" next={["in_production", "cancelled"]} totalCents={7590} reply={undefined} withdrawn />);
    expect((await screen.findByRole("button", { name: "Start production" })).className).not.toContain("button--primary");
    expect(screen.getByRole("button", { name: /Cancel/ }).className).toContain("button--primary");
  });
});

describe("TransitionForms for an order the buyer withdrew from", () => {
  it("before shipping, puts the cancel (the refund) first and warns on the steps forward, which stay possible", async () => {
    for (const [status, forward] of [["paid", "Start production"], ["in_production", "Mark shipped"]] as const) {
      const { unmount } = renderInRouter(
        <TransitionForms status={status} next={nextStatuses(status)} totalCents={7590} reply={undefined} withdrawn />,
      );
      const buttons = await screen.findAllByRole("button");
      expect(buttons.map((button) => button.textContent)).toEqual(["Cancel and refund", forward]);
      const warning = document.getElementById(buttons[1]!.getAttribute("aria-describedby") ?? "");
      expect(warning?.textContent).toContain("The buyer has withdrawn from this order");
      expect(buttons[0]!.getAttribute("aria-describedby")).toBeNull();
      unmount();
    }
  });

  it("without a withdrawal, or once shipped, keeps the steps in their order with no warning", async () => {
    const { unmount } = renderInRouter(<TransitionForms status="paid" next={nextStatuses("paid")} totalCents={7590} reply={undefined} />);
    expect((await screen.findAllByRole("button")).map((button) => button.textContent)).toEqual(["Start production", "Cancel and refund"]);
    expect(screen.queryByText(/has withdrawn/)).toBeNull();
    unmount();
    renderInRouter(<TransitionForms status="shipped" next={nextStatuses("shipped")} totalCents={7590} reply={undefined} withdrawn />);
    expect((await screen.findAllByRole("button")).map((button) => button.textContent)).toEqual(["Mark delivered", "Mark returned and refund"]);
    expect(screen.queryByText(/has withdrawn/)).toBeNull();
  });

  it("orderedSteps moves only the refunding steps, and only before shipping", () => {
    expect(orderedSteps("paid", ["in_production", "cancelled"], true)).toEqual(["cancelled", "in_production"]);
    expect(orderedSteps("paid", ["in_production", "cancelled"], false)).toEqual(["in_production", "cancelled"]);
    expect(orderedSteps("delivered", ["returned"], true)).toEqual(["returned"]);
  });
});

describe("TransitionForms after a move the buyer could not be told of", () => {
  it("says so beside the move's confirmation", async () => {
    const reply: TransitionReply = { to: "returned", result: { status: "success" }, done: "The order is returned now.", unmailed: "The buyer could not be told by mail." };
    renderInRouter(<TransitionForms status="returned" next={[]} totalCents={7590} reply={reply} />);
    expect((await screen.findByRole("status")).textContent).toBe("The order is returned now.");
    expect(screen.getByRole("alert").textContent).toBe("The buyer could not be told by mail.");
  });
});

describe("OrderHistory", () => {
  const events = [
    { id: "e1", at: "2026-11-28T10:00:00.000Z", actor: "buyer", kind: "placed", from: null, to: "paid", details: {} },
    { id: "e2", at: "2026-11-28T11:00:00.000Z", actor: "ops@example.com", kind: "status", from: "paid", to: "in_production", details: {} },
  ];

  it("names the buyer in the page's language and an operator by e-mail", async () => {
    renderInRouter(<OrderHistory events={events} />, "de");
    const items = await screen.findAllByRole("listitem");
    expect(items[0]!.textContent).toContain("· Käufer");
    expect(items[0]!.textContent).not.toContain("buyer");
    expect(items[1]!.textContent).toContain("· ops@example.com");
  });

  it("tells a withdrawal declared by the buyer, by name", async () => {
    const withdrawal = { id: "e3", at: "2026-11-28T12:00:00.000Z", actor: "buyer", kind: "withdrawal", from: "paid", to: "paid", details: { name: "Erika Mustermann" } };
    renderInRouter(<OrderHistory events={[withdrawal]} />, "en");
    const [item] = await screen.findAllByRole("listitem");
    expect(item!.textContent).toContain("Withdrawal declared by Erika Mustermann with the withdrawal form");
  });

  it("says a note's text went with the buyer's account, in German too (D236)", async () => {
    const erased = { id: "e4", at: "2026-11-28T13:00:00.000Z", actor: "ops@example.com", kind: "note", from: "paid", to: "paid", details: { erased: "account" } };
    renderInRouter(<OrderHistory events={[erased]} />, "de");
    const [item] = await screen.findAllByRole("listitem");
    expect(item!.textContent).toContain("Beim Löschen des Kundenkontos entfernt.");
  });
});

describe("a refund the processor refused", () => {
  it("offers, in the form that asked, to go on without the processor's refund (a chargeback)", async () => {
    const reply: TransitionReply = { to: "cancelled", result: { status: "error", error: { "": ["The card processor refused the refund: the charge is disputed."] } }, refundRefused: true };
    renderInRouter(<TransitionForms status="paid" next={["in_production", "cancelled"]} totalCents={7590} reply={reply} />);
    const elsewhere = await screen.findByRole("checkbox", { name: /already back with the buyer \(a chargeback\)/ });
    expect(elsewhere.getAttribute("name")).toBe("refundedElsewhere");
    expect(elsewhere.closest("form")!.querySelector<HTMLInputElement>('input[name="to"]')!.value).toBe("cancelled");
  });

  it("is not offered before a refusal", async () => {
    renderInRouter(<TransitionForms status="paid" next={["in_production", "cancelled"]} totalCents={7590} reply={undefined} />);
    await screen.findByRole("button", { name: "Start production" });
    expect(screen.queryByRole("checkbox", { name: /chargeback/ })).toBeNull();
  });

  it("is in the history: the refused attempt, and a cancel without a refund", async () => {
    const events: { id: string; at: string; actor: string; kind: string; from: string; to: string; details: Record<string, string> }[] = [
      { id: "r1", at: "2026-11-28T10:00:00.000Z", actor: "ops@example.com", kind: "refund-refused", from: "paid", to: "paid", details: { attempted: "cancelled", reason: "charge_disputed" } },
      { id: "r2", at: "2026-11-28T10:05:00.000Z", actor: "ops@example.com", kind: "status", from: "paid", to: "cancelled", details: { refundedElsewhere: "chargeback", creditNoteNumber: "2026-000042" } },
    ];
    renderInRouter(<OrderHistory events={events} />, "de");
    const items = await screen.findAllByRole("listitem");
    expect(items[0]!.textContent).toContain("Nicht storniert, der Zahlungsdienstleister hat die Erstattung abgelehnt: die Zahlung wird vom Karteninhaber angefochten.");
    expect(items[1]!.textContent).toContain("ohne Erstattung über den Zahlungsdienstleister");
    expect(items[1]!.textContent).toContain("Stornorechnung 2026-000042");
  });
});
