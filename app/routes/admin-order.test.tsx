// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Design } from "#app/modules/design/design.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Locale } from "#app/modules/i18n/locales.ts";
import type { ResendableMail } from "#app/modules/orders/resendable-mails.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { nextStatuses } from "#app/modules/orders/order-status.ts";
import AdminOrder from "./admin-order.tsx";

/**
 * The back office's order page, drawn from its loader's data: what it says about a declared withdrawal (the stored
 * own-design fact, a declaration in another name) and which step it suggests.
 */

afterEach(cleanup);

const createdAt = "2026-11-20T09:30:00.000Z";
const declaredAt = "2026-11-21T09:30:00.000Z";

interface Case {
  status?: OrderStatus;
  ownDesign?: boolean;
  /** The design as stored now: an anonymised order's layers are gone (D162). */
  design?: Design;
  name?: string;
  withdrawalName?: string | null;
  withdrawalDeclaredAt?: string | null;
  contact?: string;
  /** When the history says the deck was delivered (the withdrawal period's start), if it was. */
  deliveredAt?: string;
}

function loaderData({
  status = "paid",
  ownDesign = false,
  design = { background: "#0d3b66", layers: [] },
  name = "Erika Mustermann",
  withdrawalName = "Erika Mustermann",
  withdrawalDeclaredAt = declaredAt,
  contact = "erika@example.com",
  deliveredAt,
}: Case) {
  return {
    order: {
      number: "DS-7K3F9QAB",
      createdAt,
      grip: true,
      size: 8.5,
      contact,
      name,
      address: "Hauptstraße 1",
      addressextend: "",
      postalcode: "10115",
      city: "Berlin",
      country: "DE",
      region: "",
      priceLines: [{ label: "Custom skateboard deck", cents: 5900 }],
      shippingCents: 490,
      vatCents: 1020,
      totalCents: 6390,
      taxKind: "vat",
      vatBasisPoints: 1900,
      cardBrand: "visa",
      cardLast4: "4242",
      status,
      carrier: null as string | null,
      trackingNumber: null as string | null,
      trackingUrl: null,
      withdrawalDeclaredAt,
      withdrawalName: withdrawalDeclaredAt ? withdrawalName : null,
      creditNoteNumber: null,
      id: "0c8b1a52-5b0e-4a57-9d4f-1c2b3a4d5e6f",
      design,
      ownDesign,
      currency: "EUR",
      cardExpiry: "12/2035",
      paymentProvider: "test",
      paymentReference: "ch_1",
      refundReference: null,
      account: "Guest",
    },
    next: nextStatuses(status),
    printPath: "/admin/orders/0c8b1a52-5b0e-4a57-9d4f-1c2b3a4d5e6f/print",
    partialRefunds: { requestId: "8b3f4e5d-2c6a-4d7b-8e9f-1a2b3c4d5e6f", offered: false, totalCents: 6390, refundedCents: 0, refundableCents: 6390, notes: [] },
    corrections: {
      noteSubmission: "6f1d2c3b-0a4e-4b5f-8c7d-9e0f1a2b3c4d",
      resendSubmission: "7a2e3d4c-1b5f-4c6a-9d8e-0f1a2b3c4d5e",
      shipment: false,
      anonymised: contact === "",
      contactEditable: true,
      mails: ["confirmation"] as ResendableMail[],
      lastMail: "confirmation" as ResendableMail,
    },
    history: deliveredAt
      ? [{ id: "e4", at: deliveredAt, actor: "ops@example.com", kind: "status", from: "shipped", to: "delivered", details: {} }]
      : [],
  };
}

async function renderOrder(data: ReturnType<typeof loaderData>, locale: Locale = "en") {
  const path = "/admin/orders/:orderId";
  const Stub = createRoutesStub([{ path, Component: AdminOrder, loader: () => data, HydrateFallback: () => null }]);
  render(withI18n(<Stub initialEntries={[`/admin/orders/${data.order.id}`]} />, locale));
  await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
}

const notice = () => screen.getByRole("note");
/** The step buttons, in the order the page shows them. */
const stepButtons = () => within(screen.getByRole("region", { name: /Next step|Nächster Schritt/ })).getAllByRole("button");

describe("the back office's withdrawal note", () => {
  it("an own-design deck whose layers were removed with the account (D162): still no right of withdrawal, answer the buyer, no refund suggested", async () => {
    // As deleting the account leaves it: the layers gone, the stored fact kept.
    await renderOrder(loaderData({ ownDesign: true, design: { background: "#0d3b66", layers: [] }, contact: "" }));
    expect(notice().textContent).toContain("no right of withdrawal (§ 312g (2) no. 1 BGB). Answer the buyer by mail.");
    expect(notice().textContent).not.toContain("refunds the buyer");
    // The refund is not the suggested step, and it does not come first.
    const [first] = stepButtons();
    expect(first!.textContent).toBe("Start production");
    expect(first!.className).toContain("button--primary");
    expect(screen.getByRole("button", { name: /Cancel/ }).className).not.toContain("button--primary");
    expect(screen.queryByText(/The buyer has withdrawn from this order/)).toBeNull();
  });

  it("a plain deck withdrawn before shipping: the refund first and suggested; production after it, with a warning", async () => {
    await renderOrder(loaderData({ status: "in_production" }));
    expect(notice().textContent).toContain("Cancel the order if it has not shipped");
    const buttons = stepButtons();
    expect(buttons.map((button) => button.textContent)).toEqual(["Cancel and refund", "Mark shipped"]);
    expect(buttons[0]!.className).toContain("button--primary");
    expect(buttons[1]!.className).not.toContain("button--primary");
    const warning = document.getElementById(buttons[1]!.getAttribute("aria-describedby")!);
    expect(warning?.textContent).toBe("The buyer has withdrawn from this order: cancel it with the refund above. Go on only if the buyer has taken the withdrawal back.");
  });

  it("warns when the withdrawal was declared in another name than the order's", async () => {
    await renderOrder(loaderData({ withdrawalName: "Mallory" }));
    expect(notice().textContent).toContain("Withdrawal declared");
    expect(notice().textContent).toContain("by Mallory");
    expect(notice().textContent).toContain("Declared in another name: the order is in the name of Erika Mustermann, the withdrawal in the name of Mallory.");
  });

  it("in German too", async () => {
    await renderOrder(loaderData({ withdrawalName: "Mallory" }), "de");
    expect(notice().textContent).toContain("Unter anderem Namen erklärt: Die Bestellung lautet auf Erika Mustermann, der Widerruf auf Mallory.");
    expect(stepButtons()[0]!.textContent).toBe("Stornieren und erstatten");
    expect(screen.getByText(/Der Käufer hat den Widerruf erklärt: Storniere die Bestellung oben mit Erstattung/)).toBeTruthy();
  });

  it("does not warn for the order's own name written in another case, without accents or with other spacing", async () => {
    await renderOrder(loaderData({ name: "José  Müller-Straße", withdrawalName: " jose muller-strasse " }));
    expect(notice().textContent).toContain("by  jose muller-strasse");
    expect(notice().textContent).not.toContain("another name");
  });
});

describe("the back office's note on a withdrawal after the period (§ 355 (2) BGB)", () => {
  // Delivered 29 Nov 2026, 10:00 in Berlin: the period ends at the end of 13 Dec in Berlin.
  const deliveredAt = "2026-11-29T09:00:00.000Z";
  const returnButton = () => stepButtons().at(-1)!;

  it("20 days after delivery: late, with the days and the delivery date; no refund suggested", async () => {
    await renderOrder(loaderData({ status: "delivered", deliveredAt, withdrawalDeclaredAt: "2026-12-19T10:00:00.000Z" }));
    expect(notice().textContent).toContain("Late: declared 20 days after delivery on 29 Nov 2026, after the 14-day withdrawal period (§ 355 (2) BGB)");
    expect(notice().textContent).not.toContain("which refunds the buyer");
    expect(returnButton().className).not.toContain("button--primary");
  });

  it("in German", async () => {
    await renderOrder(loaderData({ status: "delivered", deliveredAt, withdrawalDeclaredAt: "2026-12-19T10:00:00.000Z" }), "de");
    expect(notice().textContent).toContain("Verspätet: erklärt 20 Tage nach der Zustellung am 29.11.2026");
  });

  it("on the last day of the period (13 Dec, 23:59 in Berlin) it is in time: mark it returned, which refunds", async () => {
    await renderOrder(loaderData({ status: "delivered", deliveredAt, withdrawalDeclaredAt: "2026-12-13T22:59:00.000Z" }));
    expect(notice().textContent).toContain("once the deck is back, mark it returned, which refunds the buyer");
    expect(notice().textContent).not.toContain("Late");
  });

  it("an order not yet marked delivered is never late", async () => {
    await renderOrder(loaderData({ status: "shipped", withdrawalDeclaredAt: "2027-02-19T10:00:00.000Z" }));
    expect(notice().textContent).not.toContain("Late");
    expect(notice().textContent).toContain("mark it returned, which refunds the buyer");
  });
});

describe("the order page's forms besides the moves", () => {
  it("a note under the history, a mail sent again with the buyer, the tracking correction with a shipped order's shipment", async () => {
    const data = loaderData({ status: "shipped", withdrawalDeclaredAt: null });
    await renderOrder({
      ...data,
      order: { ...data.order, carrier: "dhl", trackingNumber: "00340434161234567890" },
      corrections: { ...data.corrections, shipment: true, mails: ["confirmation", "shipped"], lastMail: "shipped" },
    });
    const region = (name: string) => screen.getByRole("region", { name });
    expect(within(region("History")).getByRole("button", { name: "Add note" })).toBeTruthy();
    expect(within(region("Buyer")).getByRole("form", { name: "Send a mail again" })).toBeTruthy();
    expect((within(region("Buyer")).getByLabelText("Mail") as HTMLSelectElement).value).toBe("shipped");
    expect(within(region("Shipment")).getByRole("form", { name: "Correct the tracking number" })).toBeTruthy();
  });

  it("no tracking correction before shipping; an anonymised order offers no mail", async () => {
    await renderOrder(loaderData({ status: "paid", withdrawalDeclaredAt: null, contact: "" }));
    expect(screen.queryByRole("form", { name: "Correct the tracking number" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Send a mail again" })).toBeNull();
    expect(screen.getByText("Anonymised: the order has no e-mail address left, so no mail can be sent.")).toBeTruthy();
  });
});

describe("the back office's order page after a price reduction", () => {
  it("the cancel's confirmation names the rest (total less what was refunded in part), and the partial refunds are listed with their credit notes", async () => {
    const data = loaderData({ status: "paid", withdrawalDeclaredAt: null });
    await renderOrder({
      ...data,
      partialRefunds: {
        ...data.partialRefunds,
        offered: true,
        refundedCents: 1250,
        refundableCents: 5140,
        notes: [{ number: "2026-000123", at: createdAt, grossCents: 1250, reason: "Misprint", actor: "ops@example.com", href: "/admin/orders/o/credit-notes/2026-000123" }],
      },
    } as unknown as typeof data);
    // The fixture's total is €63.90: €12.50 refunded in part leaves €51.40.
    expect(data.order.totalCents).toBe(6390);
    expect(screen.getByText(/^Refund .* to the buyer's card$/).textContent?.replace(/\u00a0/g, " ")).toBe("Refund €51.40 to the buyer's card");
    expect(screen.getByRole("link", { name: "Credit note 2026-000123 (PDF)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refund part of the amount" })).toBeTruthy();
  });
});
