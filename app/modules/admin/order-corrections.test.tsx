// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { OrderHistory } from "./order-actions.tsx";
import { NoteForm, ResendMailForm, ShipmentCorrectionForm, type CorrectionReply } from "./order-corrections.tsx";

/**
 * The order page's forms besides the moves: a note, a corrected shipment, a mail sent again; and how the history shows
 * what they wrote. Plain forms (a post with its `intent`), their errors tied to their fields.
 */

afterEach(cleanup);

function renderInRouter(element: React.ReactNode, locale: Locale = "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return render(withI18n(<Stub />, locale));
}

const SUBMISSION = "6f1d2c3b-0a4e-4b5f-8c7d-9e0f1a2b3c4d";
const hidden = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;
const describedBy = (element: HTMLElement) => (element.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);

describe("the note form", () => {
  it("posts the note with its intent and submission id; the hint says the buyer never sees it", async () => {
    renderInRouter(<NoteForm submission={SUBMISSION} reply={undefined} />);
    const field = (await screen.findByLabelText("Note")) as HTMLTextAreaElement;
    expect(field.name).toBe("note");
    expect(field.maxLength).toBe(2000);
    expect(describedBy(field)).toEqual(["Only operators see it, in the history; never the buyer. At most 2,000 characters."]);
    const form = field.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(hidden(form, "intent")).toBe("note");
    expect(hidden(form, "submission")).toBe(SUBMISSION);
    expect(within(form).getByRole("button", { name: "Add note" })).toBeTruthy();
  });

  it("after a refused post: the field is invalid, its message tied to it, and the text posted is kept (a page without scripts)", async () => {
    const reply: CorrectionReply = { intent: "note", result: { status: "error", error: { note: ["Use at most 2000 characters"] }, initialValue: { note: "typed" } } };
    renderInRouter(<NoteForm submission={SUBMISSION} reply={reply} />);
    const field = (await screen.findByLabelText("Note")) as HTMLTextAreaElement;
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(field)).toContain("Use at most 2000 characters");
    expect(field.value).toBe("typed");
  });

  it("says the note is in the history once it is, and a form error (a stale submission id) above the field", async () => {
    const { unmount } = renderInRouter(<NoteForm submission={SUBMISSION} reply={{ intent: "note", result: {}, done: "The note is in the history." }} />);
    expect((await screen.findByRole("status")).textContent).toBe("The note is in the history.");
    unmount();
    renderInRouter(<NoteForm submission={SUBMISSION} reply={{ intent: "note", result: { error: { submission: ["Reload the page: the form is out of date"] } } }} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Reload the page: the form is out of date");
  });

  it("in German", async () => {
    renderInRouter(<NoteForm submission={SUBMISSION} reply={undefined} />, "de");
    expect(await screen.findByRole("button", { name: "Notiz hinzufügen" })).toBeTruthy();
    expect(screen.getByText("Nur Betreiber sehen sie, im Verlauf; nie der Käufer. Höchstens 2.000 Zeichen.")).toBeTruthy();
  });
});

describe("the history's entries of the back office", () => {
  const at = "2026-11-28T10:00:00.000Z";
  const events: Parameters<typeof OrderHistory>[0]["events"] = [
    { id: "e1", at, actor: "ops@example.com", kind: "note", from: "paid", to: "paid", details: { text: '<script>alert(1)</script><img src=x onerror="alert(2)">\nsecond line' } },
    {
      id: "e2",
      at,
      actor: "ops@example.com",
      kind: "tracking-corrected",
      from: "shipped",
      to: "shipped",
      details: { fromCarrier: "dhl", fromTrackingNumber: "00340434161234567890", carrier: "dpd", trackingNumber: "01234567890123" },
    },
    { id: "e3", at, actor: "ops@example.com", kind: "mail-resent", from: "shipped", to: "shipped", details: { mail: "confirmation", fromContact: "a@exmaple.com", contact: "a@example.com" } },
    { id: "e4", at, actor: "ops@example.com", kind: "mail-resent", from: "shipped", to: "shipped", details: { mail: "shipped" } },
  ];

  it("shows a note's text as text, hostile HTML included, with its lines and its author; corrections with old and new", async () => {
    const { container } = renderInRouter(<OrderHistory events={events} />);
    const items = await screen.findAllByRole("listitem");
    expect(items[0]!.textContent).toContain('Note<script>alert(1)</script><img src=x onerror="alert(2)">second line');
    expect(items[0]!.textContent).toContain("ops@example.com");
    expect(container.querySelector("script, img")).toBeNull();
    // Its two lines, one break between them.
    expect(items[0]!.querySelectorAll("br").length).toBe(1);
    expect(items[1]!.textContent).toContain("Tracking number corrected: DHL 00340434161234567890 → DPD 01234567890123");
    expect(items[2]!.textContent).toContain("Address corrected from a@exmaple.com to a@example.com; sent again: order confirmation");
    expect(items[3]!.textContent).toContain("Sent again: shipping mail");
  });

  it("in German", async () => {
    renderInRouter(<OrderHistory events={events} />, "de");
    const items = await screen.findAllByRole("listitem");
    expect(items[0]!.textContent).toMatch(/^Notiz/);
    expect(items[1]!.textContent).toContain("Sendungsnummer korrigiert: DHL 00340434161234567890 → DPD 01234567890123");
    expect(items[2]!.textContent).toContain("Adresse korrigiert von a@exmaple.com auf a@example.com; erneut gesendet: Bestellbestätigung");
  });
});

describe("the shipment's correction", () => {
  it("starts from the carrier and number the order has, which it posts as the ones seen (compare-and-set)", async () => {
    renderInRouter(<ShipmentCorrectionForm carrier="dhl" trackingNumber="00340434161234567890" reply={undefined} />);
    const carrier = (await screen.findByLabelText("Carrier")) as HTMLSelectElement;
    expect(carrier.value).toBe("dhl");
    const number = screen.getByLabelText("Tracking number") as HTMLInputElement;
    expect(number.value).toBe("00340434161234567890");
    const form = number.closest("form")!;
    expect([hidden(form, "intent"), hidden(form, "expectedCarrier"), hidden(form, "expectedTrackingNumber")]).toEqual([
      "correct-tracking",
      "dhl",
      "00340434161234567890",
    ]);
    expect(number.closest("details")!.open).toBe(false);
    // The disclosure's summary names the form (no second heading inside it).
    expect(screen.getByRole("form", { name: "Correct the tracking number" })).toBe(form);
    expect(screen.queryByRole("heading", { name: "Correct the tracking number" })).toBeNull();
  });

  it("after a refused post: open, the field invalid with its message tied to it, the posted values kept", async () => {
    const reply: CorrectionReply = {
      intent: "correct-tracking",
      result: { status: "error", error: { trackingNumber: ["Enter a DPD tracking number like 01234567890123"] }, initialValue: { carrier: "dpd", trackingNumber: "123" } },
    };
    renderInRouter(<ShipmentCorrectionForm carrier="dhl" trackingNumber="00340434161234567890" reply={reply} />);
    const number = (await screen.findByLabelText("Tracking number")) as HTMLInputElement;
    expect(number.closest("details")!.open).toBe(true);
    expect(number.value).toBe("123");
    expect((screen.getByLabelText("Carrier") as HTMLSelectElement).value).toBe("dpd");
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(number)).toContain("Enter a DPD tracking number like 01234567890123");
  });

  it("shows a refusal (another operator corrected it meanwhile) in the form, and what was done outside it", async () => {
    const refused: CorrectionReply = { intent: "correct-tracking", result: { status: "error" }, refused: "The shipment was changed meanwhile: it is DPD 01234567890123 now. Nothing was changed." };
    const { unmount } = renderInRouter(<ShipmentCorrectionForm carrier="dpd" trackingNumber="01234567890123" reply={refused} />);
    expect((await screen.findByRole("alert")).textContent).toContain("changed meanwhile");
    unmount();
    const done: CorrectionReply = { intent: "correct-tracking", result: {}, done: "The shipment is corrected to DPD 01234567890123; the buyer was sent the new tracking link." };
    renderInRouter(<ShipmentCorrectionForm carrier="dpd" trackingNumber="01234567890123" reply={done} />);
    const status = await screen.findByRole("status");
    expect(status.closest("details")).toBeNull();
  });
});

describe("sending a mail again", () => {
  const props = { contact: "erika@exmaple.com", anonymised: false, mails: ["confirmation", "shipped"] as const, lastMail: "shipped" as const, submission: SUBMISSION, reply: undefined };

  it("a guest order: the address can be corrected, from the one the order has; the last mail is chosen", async () => {
    renderInRouter(<ResendMailForm {...props} contactEditable />);
    const contact = (await screen.findByLabelText("Buyer's e-mail address")) as HTMLInputElement;
    expect(contact.value).toBe("erika@exmaple.com");
    expect(describedBy(contact)).toEqual(["Correct a mistyped address here: the mail goes to the corrected one, and the history keeps the old one."]);
    const mail = screen.getByLabelText("Mail") as HTMLSelectElement;
    expect(mail.value).toBe("shipped");
    expect([...mail.options].map((option) => option.textContent)).toEqual(["order confirmation", "shipping mail"]);
    const form = contact.closest("form")!;
    expect([hidden(form, "intent"), hidden(form, "expectedContact"), hidden(form, "submission")]).toEqual(["resend-mail", "erika@exmaple.com", SUBMISSION]);
  });

  it("an account's order: no address field, it says where the mail goes; a refusal about the address shows in the form", async () => {
    const reply: CorrectionReply = { intent: "resend-mail", result: { status: "error", error: { contact: ["This order belongs to an account"] } } };
    renderInRouter(<ResendMailForm {...props} contactEditable={false} reply={reply} />);
    expect(await screen.findByText(/An account's order: the mail goes to the account's address, erika@exmaple.com/)).toBeTruthy();
    expect(screen.queryByLabelText("Buyer's e-mail address")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("This order belongs to an account");
  });

  it("an invalid address is tied to its field", async () => {
    const reply: CorrectionReply = {
      intent: "resend-mail",
      result: { status: "error", error: { contact: ["Enter an e-mail address like name@example.com"] }, initialValue: { contact: "not an address", mail: "confirmation" } },
    };
    renderInRouter(<ResendMailForm {...props} contactEditable reply={reply} />);
    const contact = (await screen.findByLabelText("Buyer's e-mail address")) as HTMLInputElement;
    expect(contact.value).toBe("not an address");
    expect(contact.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(contact)).toContain("Enter an e-mail address like name@example.com");
    expect((screen.getByLabelText("Mail") as HTMLSelectElement).value).toBe("confirmation");
  });

  it("an anonymised order offers no form", async () => {
    const { container } = renderInRouter(<ResendMailForm {...props} contact="" contactEditable={false} anonymised />);
    expect(await screen.findByText("Anonymised: the order has no e-mail address left, so no mail can be sent.")).toBeTruthy();
    expect(container.querySelector("form")).toBeNull();
  });

  it("in German", async () => {
    renderInRouter(<ResendMailForm {...props} contactEditable />, "de");
    expect(await screen.findByLabelText("E-Mail-Adresse des Käufers")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Erneut senden" })).toBeTruthy();
  });
});
