import { describe, expect, it } from "vitest";
import type { OrderRow } from "#app/db/schema.ts";
import { formatMoney } from "#app/modules/catalog/format.ts";
import { orderConfirmationMail, orderRefundedMail, orderShippedMail, withdrawalReceiptMail } from "./order-mails.server.ts";
import { orderClaimMailForTest } from "./order-claims.server.ts";

/** A placed order as the database holds it: a wide deck with grip tape to Berlin, 77,90 € in all. */
function order(locale: string, overrides: Partial<OrderRow> = {}): OrderRow {
  const now = new Date("2026-11-24T10:00:00Z");
  return {
    id: "0c8b1a52-5b0e-4a57-9d4f-1c2b3a4d5e6f",
    number: "DS-2026-0042",
    userId: null,
    status: "paid",
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
    locale,
    taxKind: "vat",
    vatBasisPoints: 1900,
    design: { background: "#ffffff", layers: [] },
    ownDesign: false,
    priceLines: [
      { label: "Custom skateboard deck", cents: 5900 },
      { label: "Wide deck", cents: 300 },
      { label: "Grip tape", cents: 900 },
    ],
    subtotalCents: 7100,
    shippingCents: 490,
    vatCents: 1244,
    totalCents: 7590,
    currency: "EUR",
    cardBrand: "visa",
    cardLast4: "4242",
    cardExpMonth: 12,
    cardExpYear: 2030,
    paymentProvider: "test",
    paymentReference: "ch_1",
    idempotencyKey: "key-1",
    carrier: null,
    trackingNumber: null,
    refundReference: null,
    invoiceNumber: null,
    invoicedAt: null,
    anonymisedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  } as OrderRow;
}

const URL = "https://deck.example/orders/0c8b1a52?token=t";

/** Text a message key would leave behind: `ns:a.b` or `a.b.c` (an address like example.com has one dot). */
const RAW_KEY = /\b[a-z]+:[a-z]+\.[\w.]+|\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\b/;

/** A mail's words without its links (a URL has dots and a colon of its own). */
const words = (text: string) => text.replace(/https?:\/\/[^\s"<]+/g, "");

describe("the order confirmation mail", () => {
  it("in English: subject, lines, amounts as English writes them (€75.90)", () => {
    const mail = orderConfirmationMail(order("en"), URL);
    expect(mail.subject).toBe("Your Deck Studio order DS-2026-0042");
    expect(mail.text).toContain("Thank you for your order, Erika Mustermann.");
    expect(mail.text).toContain("Custom skateboard deck, 8.5″ wide, with grip tape");
    expect(mail.text).toContain("Wide deck: €3.00");
    expect(mail.text).toContain("Shipping: €4.90");
    // The rate and the country of the VAT charged (catalog/tax.ts), here Germany's 19 %.
    expect(mail.text).toContain("Total: €75.90\nIncludes 19% VAT (Germany): €12.44");
    expect(mail.text).toContain("Shipping to:\nErika Mustermann\nHauptstraße 1\n10115 Berlin\nGermany");
    expect(mail.text).toContain("Paid with Visa ending in 4242.");
    expect(mail.text).toContain(`Your order: ${URL}`);
    expect(mail.html).toContain('<html lang="en">');
    // Who it is from, above the card, as the site's header shows it.
    expect(mail.html).toMatch(/<body[^>]*><p style="[^"]*text-transform:uppercase[^"]*">Deck Studio<\/p>/);
    expect(mail.html).toContain("See your order");
    expect(words(mail.text)).not.toMatch(RAW_KEY);
  });

  it("in German: subject, lines, amounts as German writes them (75,90 €), the country's German name", () => {
    const mail = orderConfirmationMail(order("de"), URL);
    expect(mail.subject).toBe("Deine Bestellung DS-2026-0042 bei Deck Studio");
    expect(mail.text).toContain("Danke für deine Bestellung, Erika Mustermann.");
    expect(mail.text).toContain("Bestellung DS-2026-0042");
    expect(mail.text).toContain("Skateboard-Deck mit deinem Design, 8,5″ breit, mit Griptape");
    expect(mail.text).toContain(`Breites Deck: ${formatMoney(300, "de")}`);
    expect(mail.text).toContain(`Griptape: ${formatMoney(900, "de")}`);
    expect(mail.text).toContain(`Versand: ${formatMoney(490, "de")}`);
    expect(formatMoney(7590, "de")).toMatch(/^75,90\s€$/);
    expect(mail.text).toContain(`Gesamt: ${formatMoney(7590, "de")}\nEnthält 19\u00a0% USt. (Deutschland): ${formatMoney(1244, "de")}`);
    expect(mail.text).toContain("Lieferadresse:\nErika Mustermann\nHauptstraße 1\n10115 Berlin\nDeutschland");
    expect(mail.text).toContain("Bezahlt mit Visa mit Endziffern 4242.");
    expect(mail.text).toContain(`Deine Bestellung: ${URL}`);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain("Deine Bestellung ansehen");
    expect(mail.html).toContain("Danke für deine Bestellung, Erika Mustermann.");
    expect(mail.text).not.toMatch(/€\d/);
    expect(words(mail.text)).not.toMatch(RAW_KEY);
    expect(words(mail.html)).not.toMatch(RAW_KEY);
  });

  it("an export says it carries no VAT instead of a rate", () => {
    const mail = orderConfirmationMail(order("en", { country: "US", taxKind: "export", vatBasisPoints: 0, vatCents: 0 }), URL);
    expect(mail.text).toContain("Total: €75.90\nVAT-free export: import duties and taxes may be due on delivery");
    expect(mail.text).not.toContain("Includes");
  });

  it("is the contract's confirmation: the terms and the withdrawal information go with it, in the order's language", () => {
    const english = orderConfirmationMail(order("en"), URL);
    expect(english.attachments?.map((file) => file.filename)).toEqual(["terms-and-conditions.txt", "withdrawal-information.txt"]);
    const [terms, withdrawal] = english.attachments!;
    expect(terms!.content).toMatch(/^Terms and conditions\n=+\n/);
    expect(withdrawal!.content).toMatch(/^Withdrawal information\n=+\n/);
    expect(withdrawal!.content).toContain("Model withdrawal form");
    // The seller's facts are filled in, and a link to this site is written out on the order's own origin.
    expect(withdrawal!.content).not.toContain("{{");
    expect(withdrawal!.content).toContain("https://deck.example/withdraw");
    expect(english.text).toContain("Our terms and conditions and the withdrawal information, as they stood when you ordered, are attached to this mail.");

    const german = orderConfirmationMail(order("de"), URL);
    expect(german.attachments?.map((file) => file.filename)).toEqual(["AGB.txt", "Widerrufsbelehrung.txt"]);
    expect(german.attachments![0]!.content).toMatch(/^Allgemeine Geschäftsbedingungen\n=+\n/);
    expect(german.attachments![1]!.content).toContain("Muster-Widerrufsformular");
  });

  it("says whether this order can be withdrawn from: not a deck with the buyer's design, a plain deck within 14 days", () => {
    const own = { design: { background: "#ffffff", layers: [{ id: "t", type: "text", text: "Hi" }] }, ownDesign: true } as Partial<OrderRow>;
    const ownDesign = orderConfirmationMail(order("en", own), URL);
    expect(ownDesign.text).toContain("so this order has no right of withdrawal (§ 312g (2) no. 1 BGB)");
    expect(ownDesign.text).not.toContain("/withdraw");

    const plain = orderConfirmationMail(order("en"), URL);
    expect(plain.text).toContain("within 14 days of receiving your deck, without giving a reason: online with our withdrawal form (https://deck.example/withdraw)");
    expect(plain.html).toContain('<a href="https://deck.example/withdraw"');
    expect(orderConfirmationMail(order("de", own), URL).text).toContain("kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 BGB)");
  });

  it("reads the right of withdrawal from the order's stored fact, not from the design's layers (gone once the account is deleted)", () => {
    const anonymised = { design: { background: "#ffffff", layers: [] }, ownDesign: true, contact: "" } as Partial<OrderRow>;
    expect(orderConfirmationMail(order("en", anonymised), URL).text).toContain("so this order has no right of withdrawal");
    const receipt = withdrawalReceiptMail(order("en", { ...anonymised, withdrawalDeclaredAt: new Date("2026-11-25T10:00:00Z") }), URL);
    expect(receipt.text).toContain("it has no right of withdrawal. We will look at your request");
    expect(receipt.text).not.toContain("we cancel the order and refund you in full");
  });

  it("an order without a language we speak is mailed in English", () => {
    expect(orderConfirmationMail(order("fr"), URL).subject).toBe("Your Deck Studio order DS-2026-0042");
  });
});

describe("the shipped and cancelled mails", () => {
  const shipped = { status: "shipped" as const, carrier: "dhl", trackingNumber: "00340434161234567890" };

  it("in English", () => {
    const mail = orderShippedMail(order("en", shipped), URL);
    expect(mail.subject).toBe("Your Deck Studio order DS-2026-0042 is on its way");
    expect(mail.text).toContain("Hello Erika Mustermann,");
    expect(mail.text).toContain("has been handed to DHL.");
    expect(mail.text).toContain("Tracking number: 00340434161234567890");
    const cancelled = orderRefundedMail(order("en", { status: "cancelled", invoiceNumber: "2026-000041", creditNoteNumber: "2026-000057" }), URL);
    expect(cancelled.subject).toBe("Your Deck Studio order DS-2026-0042 is cancelled");
    expect(cancelled.text).toContain("We have cancelled your order DS-2026-0042");
    expect(cancelled.text).toContain("The full amount of €75.90 is refunded to your Visa ending in 4242");
    expect(cancelled.text).toContain("Credit note 2026-000057 cancels invoice 2026-000041; it is on your order's page.");
    const returned = orderRefundedMail(order("en", { status: "returned", invoiceNumber: "2026-000041", creditNoteNumber: "2026-000058" }), URL);
    expect(returned.eventKey).not.toBe(cancelled.eventKey);
    expect(returned.subject).toBe("Your Deck Studio order DS-2026-0042 is refunded");
    expect(returned.text).toContain("Your deck from order DS-2026-0042 (Custom skateboard deck, 8.5″ wide, with grip tape) is back with us.");
    expect(returned.text).toContain("The full amount of €75.90 is refunded to your Visa ending in 4242");
    expect(returned.text).toContain("Credit note 2026-000058 cancels invoice 2026-000041");
  });

  it("in German, amounts in German form", () => {
    const mail = orderShippedMail(order("de", shipped), URL);
    expect(mail.subject).toBe("Deine Bestellung DS-2026-0042 bei Deck Studio ist unterwegs");
    expect(mail.text).toContain("Hallo Erika Mustermann,");
    // After the greeting's comma German goes on in lower case.
    expect(mail.text).toMatch(/Hallo [^\n]+,\n+deine Bestellung DS-2026-0042 \(Skateboard-Deck mit deinem Design, 8,5″ breit, mit Griptape\) ist an DHL übergeben\./);
    expect(mail.text).toContain("Sendungsnummer: 00340434161234567890");
    expect(mail.text).toContain("Sendung bei DHL verfolgen: https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567890");
    expect(mail.html).toContain('<html lang="de">');
    const cancelled = orderRefundedMail(order("de", { status: "cancelled" }), URL);
    expect(cancelled.subject).toBe("Deine Bestellung DS-2026-0042 bei Deck Studio ist storniert");
    expect(cancelled.text).toContain(`Der volle Betrag von ${formatMoney(7590, "de")} wird auf deine Visa mit Endziffern 4242 zurückerstattet`);
    const returned = orderRefundedMail(order("de", { status: "returned", invoiceNumber: "2026-000041", creditNoteNumber: "2026-000058" }), URL);
    expect(returned.subject).toBe("Deine Bestellung DS-2026-0042 bei Deck Studio ist erstattet");
    expect(returned.text).toContain("Die Stornorechnung 2026-000058 hebt die Rechnung 2026-000041 auf");
    for (const text of [mail.text, mail.html, cancelled.text, cancelled.html, returned.text, returned.html]) expect(words(text)).not.toMatch(RAW_KEY);
  });

  it("the withdrawal receipt promises the refund in time, and only an answer for a withdrawal after the period", () => {
    const declared = { status: "delivered" as const, withdrawalDeclaredAt: new Date("2026-12-19T09:00:00Z"), withdrawalName: "Erika Mustermann" };
    const inTime = withdrawalReceiptMail(order("en", declared), URL);
    expect(inTime.text).toContain("we refund the price and the standard shipping within 14 days");
    const late = { daysAfterDelivery: 20, deliveredAt: "2026-11-29T09:00:00.000Z" };
    const english = withdrawalReceiptMail(order("en", declared), URL, late);
    expect(english.text).toContain(
      "Your withdrawal reached us 20 days after your deck was delivered on 29 Nov 2026, after the 14-day withdrawal period (§ 355 (2) BGB). We have recorded it; we will check it and answer you by mail.",
    );
    expect(english.text).toContain("We received your withdrawal on 19 Dec 2026"); // still a receipt, with the moment
    const german = withdrawalReceiptMail(order("de", declared), URL, late);
    expect(german.text).toContain("Dein Widerruf ist 20 Tage nach der Zustellung deines Decks am 29.11.2026 bei uns eingegangen, nach Ablauf der Widerrufsfrist von 14 Tagen (§ 355 Abs. 2 BGB).");
    for (const mail of [english, german]) {
      expect(mail.text).not.toMatch(/refund|erstatten/i);
      expect(mail.html).not.toMatch(/refund|erstatten/i);
      expect(words(mail.text)).not.toMatch(RAW_KEY);
    }
  });

  it("the claim link's mail follows the order's language", () => {
    expect(orderClaimMailForTest(order("en"), URL).subject).toBe("Keep your Deck Studio order DS-2026-0042 in an account");
    const german = orderClaimMailForTest(order("de"), URL);
    expect(german.subject).toBe("Deine Bestellung DS-2026-0042 bei Deck Studio in einem Konto speichern");
    expect(german.html).toContain("<strong>DS-2026-0042</strong>");
    expect(german.text).toContain("Öffne diesen Link innerhalb von 24 Stunden");
  });
});
