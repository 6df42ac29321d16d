import { describe, expect, it } from "vitest";
import { creditNoteOfMail, isResendableMail, lastMail, mailName, resendableMails } from "./resendable-mails.ts";

const status = (toStatus: string) => ({ kind: "status", toStatus, details: {} });
const partialRefund = (creditNoteNumber: string) => ({ kind: "partial-refund", toStatus: "shipped", details: { creditNoteNumber } });

describe("the mails an order can send again", () => {
  it("are those it has sent, in the order they go out", () => {
    expect(resendableMails({ status: "paid", carrier: null })).toEqual(["confirmation"]);
    expect(resendableMails({ status: "shipped", carrier: "dhl" }, ["2026-000007"])).toEqual(["confirmation", "shipped", "partial-refund:2026-000007"]);
    expect(resendableMails({ status: "returned", carrier: "dhl" }, ["2026-000007", "2026-000009"])).toEqual([
      "confirmation",
      "shipped",
      "partial-refund:2026-000007",
      "partial-refund:2026-000009",
      "refunded",
    ]);
  });

  it("offer first the one the buyer got last, by the history: a partial refund may come before or after shipping", () => {
    const mails = resendableMails({ status: "shipped", carrier: "dhl" }, ["2026-000007"]);
    expect(lastMail(mails, [status("paid"), partialRefund("2026-000007"), status("in_production"), status("shipped")])).toBe("shipped");
    expect(lastMail(mails, [status("paid"), status("in_production"), status("shipped"), partialRefund("2026-000007"), { kind: "note", toStatus: "shipped", details: {} }])).toBe(
      "partial-refund:2026-000007",
    );
    expect(lastMail(["confirmation"], [])).toBe("confirmation");
    // A history entry for a mail this order cannot send again (a credit note not its own) is passed over.
    expect(lastMail(["confirmation"], [partialRefund("2026-000001")])).toBe("confirmation");
  });

  it("take only their own names: a partial refund's by a credit note number", () => {
    for (const mail of ["confirmation", "shipped", "refunded", "partial-refund:2026-000012"]) expect(isResendableMail(mail), mail).toBe(true);
    for (const mail of ["", "refund", "partial-refund:", "partial-refund:2026-12", "partial-refund:2026-000012 ", "partial-refund:../x", "constructor"]) {
      expect(isResendableMail(mail), mail).toBe(false);
    }
    expect(creditNoteOfMail("partial-refund:2026-000012")).toBe("2026-000012");
    expect(mailName("partial-refund:2026-000012")).toEqual({ key: "corrections.mails.partialRefund", values: { creditNote: "2026-000012" } });
    expect(mailName("shipped")).toEqual({ key: "corrections.mails.shipped", values: {} });
  });
});
