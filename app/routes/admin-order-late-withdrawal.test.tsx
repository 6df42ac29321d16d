// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { nextStatuses } from "#app/modules/orders/order-status.ts";
import AdminOrder from "./admin-order.tsx";

/**
 * The back office's order page for a withdrawal declared after the 14-day period: the period starts with the
 * delivery in the order's history (29 Nov 2026, 10:00 in Berlin), and ends at the end of 13 Dec in Berlin.
 */

afterEach(cleanup);

const deliveredAt = "2026-11-29T09:00:00.000Z";

function loaderData(withdrawalDeclaredAt: string, delivered: boolean = true) {
  const status = delivered ? "delivered" : "shipped";
  return {
    order: {
      number: "DS-7K3F9QAB",
      createdAt: "2026-11-20T09:30:00.000Z",
      grip: true,
      size: 8.5,
      contact: "erika@example.com",
      name: "Erika Mustermann",
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
      carrier: "dhl",
      trackingNumber: "00340434161234567890",
      trackingUrl: null,
      withdrawalDeclaredAt,
      withdrawalName: "Erika Mustermann",
      creditNoteNumber: null,
      id: "0c8b1a52-5b0e-4a57-9d4f-1c2b3a4d5e6f",
      design: { background: "#0d3b66", layers: [] },
      ownDesign: false,
      currency: "EUR",
      cardExpiry: "12/2035",
      paymentProvider: "test",
      paymentReference: "ch_1",
      refundReference: null,
      account: "Guest",
    },
    next: nextStatuses(status),
    printPath: "/admin/orders/0c8b1a52-5b0e-4a57-9d4f-1c2b3a4d5e6f/print",
    history: [
      { id: "e1", at: "2026-11-20T09:30:00.000Z", actor: "buyer", kind: "placed", from: null, to: "paid", details: {} },
      ...(delivered
        ? [{ id: "e4", at: deliveredAt, actor: "ops@example.com", kind: "status", from: "shipped", to: "delivered", details: {} }]
        : []),
      { id: "e5", at: withdrawalDeclaredAt, actor: "buyer", kind: "withdrawal", from: status, to: status, details: { name: "Erika Mustermann" } },
    ],
  };
}

async function renderOrder(data: ReturnType<typeof loaderData>, locale: Locale = "en") {
  const Stub = createRoutesStub([{ path: "/admin/orders/:orderId", Component: AdminOrder, loader: () => data as never, HydrateFallback: () => null }]);
  render(withI18n(<Stub initialEntries={[`/admin/orders/${data.order.id}`]} />, locale));
  await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
}

const notice = () => screen.getByRole("note");
const returnButton = () => within(screen.getByRole("region", { name: /Next step|Nächster Schritt/ })).getAllByRole("button").at(-1)!;

describe("the back office's note on a withdrawal after the period (§ 355 (2) BGB)", () => {
  it("20 days after delivery: late, with the days and the delivery date; no refund suggested", async () => {
    await renderOrder(loaderData("2026-12-19T10:00:00.000Z"));
    expect(notice().textContent).toContain("Late: declared 20 days after delivery on 29 Nov 2026, after the 14-day withdrawal period (§ 355 (2) BGB)");
    expect(notice().textContent).not.toContain("which refunds the buyer");
    expect(returnButton().className).not.toContain("button--primary");
  });

  it("in German", async () => {
    await renderOrder(loaderData("2026-12-19T10:00:00.000Z"), "de");
    expect(notice().textContent).toContain("Verspätet: erklärt 20 Tage nach der Zustellung am 29.11.2026");
  });

  it("on the last day of the period (13 Dec, 23:59 in Berlin) it is in time: mark it returned, which refunds", async () => {
    await renderOrder(loaderData("2026-12-13T22:59:00.000Z"));
    expect(notice().textContent).toContain("once the deck is back, mark it returned, which refunds the buyer");
    expect(notice().textContent).not.toContain("Late");
  });

  it("an order not yet marked delivered is never late", async () => {
    await renderOrder(loaderData("2027-02-19T10:00:00.000Z", false));
    expect(notice().textContent).not.toContain("Late");
    expect(notice().textContent).toContain("mark it returned, which refunds the buyer");
  });
});
