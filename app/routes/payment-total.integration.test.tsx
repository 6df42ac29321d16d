import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { orders } from "#app/db/schema.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { OrderSummary } from "#app/modules/checkout/order-summary.tsx";
import { initialOrderState, type OrderState } from "#app/modules/checkout/order-state.ts";
import { initialDesign } from "#app/modules/design/design.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import { toOrderView } from "#app/modules/orders/orders.server.ts";
import { PlacedOrderPrices } from "#app/modules/orders/order-details.tsx";
import { createTestPaymentProvider, TEST_CARDS } from "#app/modules/payment/payment-provider.server.ts";
import { localeContext } from "#app/request-context.server.ts";
import { callRoute, formPost } from "#tests/support/route-harness.ts";
import { contextFor, databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as payment from "./payment.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Buyers in Germany, France (both EU: the destination's VAT included), Switzerland and the US (VAT-free exports). */
const DESTINATIONS = [
  { country: "DE", region: "", postalcode: "10115", city: "Berlin", locale: "de", taxKind: "vat", basisPoints: 1900, taxLine: "inkl. 19\u00a0% USt. (Deutschland)" },
  { country: "FR", region: "", postalcode: "75001", city: "Paris", locale: "en", taxKind: "vat", basisPoints: 2000, taxLine: "Includes 20% VAT (France)" },
  { country: "CH", region: "", postalcode: "8001", city: "Zürich", locale: "de", taxKind: "export", basisPoints: 0, taxLine: "Steuerfreie Ausfuhr" },
  { country: "US", region: "CA", postalcode: "94103", city: "San Francisco", locale: "en", taxKind: "export", basisPoints: 0, taxLine: "VAT-free export: import duties and taxes may be due on delivery" },
] as const;

/** An amount as a page shows it ("€75.90", "75,90 €") back in cents. */
function cents(text: string): number {
  return Number(text.replace(/[^\d]/g, ""));
}

/** The summary's toggle total (after its visually hidden "Total "), in cents. */
function shownTotal(html: string): number {
  const toggle = /data-testid="summary-toggle-total"><span[^>]*>[^<]*<\/span>([^<]*)<\/span>/.exec(html)?.[1];
  if (!toggle) throw new Error(`no total in ${html}`);
  return cents(toggle);
}
/** A price table row's amount, by the row's heading. */
function rowAmount(html: string, heading: string): number {
  const match = new RegExp(`<th scope="row">${heading}</th><td>(.*?)</td>`).exec(html);
  if (!match?.[1]) throw new Error(`no row "${heading}" in ${html}`);
  return cents(match[1]);
}

describe(`the charged amount is the displayed total (${databaseKind})`, () => {
  it.each(DESTINATIONS)("to $country: summary, Pay, charge and stored order agree", async (destination) => {
    const locale: Locale = destination.locale;
    const order: OrderState = {
      ...initialOrderState,
      grip: true,
      size: 8.5,
      contact: "buyer@example.com",
      name: "Ada Lovelace",
      address: "Main Street 1",
      postalcode: destination.postalcode,
      city: destination.city,
      country: destination.country,
      region: destination.region,
      design: initialDesign,
      checkoutId: randomUUID(),
    };

    // What the Payment page shows: its order summary (the toggle's total and the table's), and the total it posts.
    const summary = renderToStaticMarkup(withI18n(<OrderSummary order={order} />, locale));
    const displayed = shownTotal(summary);
    expect(rowAmount(summary, locale === "de" ? "Gesamt" : "Total")).toBe(displayed);
    expect(summary).toContain(destination.taxLine);
    const posted = priceOrder(order).totalCents;
    expect(posted).toBe(displayed);

    // The Payment action: the card is charged the displayed amount.
    const provider = createTestPaymentProvider();
    const charge = vi.spyOn(provider, "charge");
    const context = contextFor(database, { payments: () => provider });
    context.set(localeContext, locale);
    const fields = {
      grip: "on",
      size: String(order.size),
      contact: order.contact,
      name: order.name,
      address: order.address,
      addressextend: "",
      postalcode: order.postalcode,
      city: order.city,
      country: order.country,
      region: order.region,
      design: JSON.stringify(order.design),
      checkoutId: order.checkoutId,
      expectedTotalCents: String(posted),
      cardNumber: TEST_CARDS.success,
      cardName: "Ada Lovelace",
      cardMonth: "12",
      cardYear: "35",
      cardCvv: "123",
    };
    const outcome = await callRoute(payment.action, formPost("/Payment", fields), { database, context });
    expect(outcome.status).toBe(302);
    expect(charge).toHaveBeenCalledOnce();
    expect(charge.mock.calls[0]![0].amountCents).toBe(displayed);

    // The stored order: the same total, its VAT and rule, the lines' net and VAT adding up.
    const id = /\/orders\/([0-9a-f-]{36})/.exec(outcome.location ?? "")?.[1];
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, id!));
    expect(stored).toMatchObject({
      totalCents: displayed,
      taxKind: destination.taxKind,
      vatBasisPoints: destination.basisPoints,
      country: destination.country,
      region: destination.region,
      locale,
    });
    const lineVat = stored!.priceLines.reduce((sum, line) => sum + (line.vatCents ?? 0), 0);
    const lineNet = stored!.priceLines.reduce((sum, line) => sum + (line.netCents ?? 0), 0);
    expect(stored!.subtotalCents + stored!.shippingCents).toBe(stored!.totalCents);
    expect(lineNet + lineVat).toBe(stored!.subtotalCents);
    expect(lineVat).toBeLessThanOrEqual(stored!.vatCents);
    if (destination.taxKind === "export") expect(stored!.vatCents).toBe(0);
    else expect(stored!.vatCents).toBeGreaterThan(0);

    // The order page shows what was charged.
    const placed = renderToStaticMarkup(withI18n(<PlacedOrderPrices order={toOrderView(stored!)} />, locale));
    expect(rowAmount(placed, locale === "de" ? "Insgesamt bezahlt" : "Total paid")).toBe(displayed);
    expect(placed).toContain(destination.taxLine);
  });

  it("an EU buyer pays the same in every member state; an export pays less, net of German VAT", () => {
    const base = { ...initialOrderState, grip: true, size: 8.5 };
    const de = priceOrder({ ...base, country: "DE" });
    const fr = priceOrder({ ...base, country: "FR" });
    const ch = priceOrder({ ...base, country: "CH" });
    expect(fr.subtotalCents).toBe(de.subtotalCents);
    expect(ch.subtotalCents).toBe(de.netCents - (de.shipping?.netCents ?? 0));
  });
});
