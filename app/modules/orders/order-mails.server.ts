import type { OrderRow } from "#app/db/schema.ts";
import { catalog, countries, isCountryCode } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, formatMoney } from "#app/modules/catalog/format.ts";
import { cardBrandName } from "#app/modules/card/card-brand.ts";
import { escapeHtml, mailDocument } from "#app/modules/mail/mail-html.ts";
import type { MailToSend } from "#app/modules/mail/mail-outbox.server.ts";

/**
 * The mail a buyer gets when their order is placed: what they bought, the price lines as charged, where it goes,
 * how it was paid (brand and last four digits only) and the link to the order page.
 */
export function orderConfirmationMail(order: OrderRow, orderUrl: string): MailToSend {
  const subject = `Your ${catalog.shopName} order ${order.number}`;
  const deck = `${catalog.product.name}, ${formatDeckSize(order.size)} wide${order.grip ? ", with grip tape" : ""}`;
  const lines = [
    ...order.priceLines.map((line) => [line.label, formatMoney(line.cents)] as const),
    ["Shipping", formatMoney(order.shippingCents)] as const,
  ];
  const total = `${formatMoney(order.totalCents)} (includes VAT ${formatMoney(order.vatCents)})`;
  const country = isCountryCode(order.country) ? countries[order.country].name : order.country;
  const address = [order.name, order.address, order.addressextend, `${order.postalcode} ${order.city}`, country].filter(Boolean);
  const payment = `${cardBrandName(order.cardBrand)} ending in ${order.cardLast4}`;

  const text = [
    `Thank you for your order, ${order.name}.`,
    "",
    `Order ${order.number}`,
    deck,
    "",
    ...lines.map(([label, amount]) => `${label}: ${amount}`),
    `Total: ${total}`,
    "",
    "Shipping to:",
    ...address,
    "",
    `Paid with ${payment}.`,
    "",
    `Your order: ${orderUrl}`,
    "",
    `${catalog.shopName}`,
  ].join("\n");

  const rows = lines
    .map(([label, amount]) => `<tr><td style="padding:2px 0">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(amount)}</td></tr>`)
    .join("");
  const html = mailDocument(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 12px">Thank you for your order, ${escapeHtml(order.name)}.</h1>`,
      `<p style="margin:0 0 4px"><strong>Order ${escapeHtml(order.number)}</strong></p>`,
      `<p style="margin:0 0 16px">${escapeHtml(deck)}</p>`,
      `<table style="width:100%;border-collapse:collapse">${rows}`,
      `<tr><td style="padding-top:8px;border-top:1px solid #ddd"><strong>Total</strong></td>`,
      `<td style="padding-top:8px;border-top:1px solid #ddd;text-align:right"><strong>${escapeHtml(total)}</strong></td></tr></table>`,
      `<p style="margin:16px 0 4px"><strong>Shipping to</strong></p>`,
      `<p style="margin:0">${address.map(escapeHtml).join("<br>")}</p>`,
      `<p style="margin:16px 0">Paid with ${escapeHtml(payment)}.</p>`,
      `<p style="margin:0"><a href="${escapeHtml(orderUrl)}" style="color:#0d3b66">See your order</a></p>`,
    ].join(""),
  );

  return { eventKey: `order-placed:${order.id}`, to: order.contact, subject, text, html };
}
