// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ExportRangeError } from "#app/modules/admin/export-range.ts";
import type { WithdrawalMark } from "#app/modules/admin/withdrawal-mark.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import AdminOrders from "./admin-orders.tsx";

/**
 * The back office's orders list, drawn from its loader's data: the in-time or late mark of a declared withdrawal beside
 * the status, and the CSV export's form with its range and its messages.
 */

afterEach(cleanup);

interface Row {
  number: string;
  status?: OrderStatus;
  withdrawal?: WithdrawalMark | null;
}

function loaderData(
  rows: Row[],
  {
    status = null,
    search = "",
    exportForm = { values: { from: "", to: "" }, errors: {} },
  }: { status?: OrderStatus | "withdrawn" | null; search?: string; exportForm?: { values: { from: string; to: string }; errors: Partial<Record<"from" | "to", ExportRangeError>> } } = {},
) {
  return {
    query: { status, search, paged: false },
    counts: { paid: 1, in_production: 0, shipped: 0, delivered: 3, cancelled: 0, returned: 0, all: 4, withdrawn: 1 },
    nextCursor: null,
    orders: rows.map((row, i) => ({
      id: `order-${i}`,
      number: row.number,
      createdAt: "2026-11-20T09:30:00.000Z",
      name: "Erika Mustermann",
      contact: "erika@example.com",
      size: 8.5,
      grip: true,
      totalCents: 7590,
      status: row.status ?? "delivered",
      design: { background: "#0d3b66", layers: [] },
      withdrawal: row.withdrawal ?? null,
    })),
    exportForm,
  };
}

async function renderList(data: ReturnType<typeof loaderData>, locale: Locale = "en") {
  const Stub = createRoutesStub([{ path: "/admin", Component: AdminOrders, loader: () => data, HydrateFallback: () => null }]);
  render(withI18n(<Stub initialEntries={["/admin"]} />, locale));
  await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
}


/** The status cell of the row of an order number. */
const statusCell = (number: string) => {
  const row = screen.getByRole("rowheader", { name: number }).closest("tr")!;
  return within(row).getAllByRole("cell").at(-1)!;
};

const marked = [
  { number: "DS-INTIME01", withdrawal: { kind: "inTime" } },
  { number: "DS-LATE0001", withdrawal: { kind: "late", daysAfterDelivery: 20 } },
  { number: "DS-OWNDES01", withdrawal: { kind: "ownDesign" } },
  { number: "DS-NONE0001", status: "paid" },
] satisfies Row[];

describe("the orders list's withdrawal marks", () => {
  it("say in words whether a withdrawal is in time (refund due), late (no refund due) or of an own-design deck", async () => {
    await renderList(loaderData(marked));
    expect(statusCell("DS-INTIME01").textContent).toBe("Delivered Withdrawn in timeRefund due");
    expect(statusCell("DS-LATE0001").textContent).toBe("Delivered Withdrawn late20 days after delivery: no refund due");
    expect(statusCell("DS-OWNDES01").textContent).toBe("Delivered Withdrawal, own designNo right of withdrawal: answer the buyer");
    expect(statusCell("DS-NONE0001").textContent).toBe("Paid");
  });

  it("the late and own-design marks do not look like the one to refund", async () => {
    await renderList(loaderData(marked));
    const badge = (number: string, text: RegExp) => within(statusCell(number)).getByText(text);
    expect(badge("DS-INTIME01", /^Withdrawn in time$/).className).toContain("status-badge--withdrawn");
    expect(badge("DS-LATE0001", /^Withdrawn late$/).className).not.toContain("status-badge--withdrawn");
    expect(badge("DS-OWNDES01", /^Withdrawal, own design$/).className).not.toContain("status-badge--withdrawn");
  });

  it("in German", async () => {
    await renderList(loaderData(marked), "de");
    expect(statusCell("DS-INTIME01").textContent).toContain("Fristgerecht widerrufenErstattung fällig");
    expect(statusCell("DS-LATE0001").textContent).toContain("Verspätet widerrufen20 Tage nach Zustellung: keine Erstattung fällig");
    expect(statusCell("DS-OWNDES01").textContent).toContain("Widerruf, eigenes DesignKein Widerrufsrecht: antworte dem Käufer");
  });
});

describe("the CSV export's form", () => {
  const form = () => screen.getByRole("group", { name: /Export for accounting|Export für die Buchhaltung/ }).closest("form")!;

  it("a plain GET form to the list (no script needed) with two labelled days, the tab and the search, and what it exports", async () => {
    await renderList(loaderData(marked, { status: "cancelled", search: "erika must" }));
    expect(form().getAttribute("method")).toBe("get");
    expect(form().getAttribute("action")).toBe("/admin");
    const from = screen.getByLabelText("From");
    const to = screen.getByLabelText("To");
    expect([from.getAttribute("type"), from.getAttribute("name"), to.getAttribute("type"), to.getAttribute("name")]).toEqual(["date", "from", "date", "to"]);
    const hidden = Object.fromEntries([...form().querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((input) => [input.name, input.value]));
    expect(hidden).toEqual({ status: "cancelled", q: "erika must" });
    const hint = document.getElementById(from.getAttribute("aria-describedby")!)!;
    expect(hint.textContent).toContain("invoice or credit note is dated in the range, on the seller's calendar (Europe/Berlin)");
    expect(from.getAttribute("aria-invalid")).toBeNull();
    // Two files from one range: the orders, and every invoice and credit note (the first is Enter's).
    const buttons = within(form()).getAllByRole("button");
    expect(buttons.map((button) => [button.textContent, button.getAttribute("name"), button.getAttribute("value")])).toEqual([
      ["Export CSV", "export", "csv"],
      ["Invoices and credit notes (CSV)", "export", "documents"],
    ]);
  });

  it("shows what was sent, and under each wrong field its message, tied to it by aria-describedby", async () => {
    await renderList(
      loaderData(marked, { exportForm: { values: { from: "1.11.2026", to: "2026-11-30" }, errors: { from: "malformed" } } }),
    );
    const from = screen.getByLabelText("From") as HTMLInputElement;
    expect(from.getAttribute("aria-invalid")).toBe("true");
    const [errorId, hintId] = from.getAttribute("aria-describedby")!.split(" ");
    expect(document.getElementById(errorId!)!.textContent).toBe("Enter a date as YYYY-MM-DD, e.g. 2026-11-01.");
    expect(document.getElementById(hintId!)!.textContent).toContain("Leave a date empty for no limit");
    expect((screen.getByLabelText("To") as HTMLInputElement).getAttribute("aria-invalid")).toBeNull();
  });

  it("a field's message goes once the field is changed (the corrected form downloads, and the page stays)", async () => {
    await renderList(
      loaderData(marked, { exportForm: { values: { from: "2026-11-30", to: "2026-11-01" }, errors: { from: "malformed", to: "toBeforeFrom" } } }),
    );
    const to = screen.getByLabelText("To") as HTMLInputElement;
    fireEvent.change(to, { target: { value: "2026-12-31" } });
    expect(to.getAttribute("aria-invalid")).toBeNull();
    expect(to.getAttribute("aria-describedby")).toBe("export-hint");
    expect(screen.queryByText("The end date is before the start date.")).toBeNull();
    // The other field keeps its own until it is changed.
    expect(screen.getByLabelText("From").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a date as YYYY-MM-DD, e.g. 2026-11-01.")).toBeTruthy();
  });

  it("an end before the start, in German", async () => {
    await renderList(
      loaderData(marked, { exportForm: { values: { from: "2026-11-30", to: "2026-11-01" }, errors: { to: "toBeforeFrom" } } }),
      "de",
    );
    const to = screen.getByLabelText("Bis");
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(to.getAttribute("aria-describedby")!.split(" ")[0]!)!.textContent).toBe("Das Enddatum liegt vor dem Startdatum.");
    expect((screen.getByLabelText("Von") as HTMLInputElement).value).toBe("2026-11-30");
  });
});
