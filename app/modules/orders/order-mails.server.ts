import type { OrderRow } from "#app/db/schema.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { countryName, townLines } from "#app/modules/catalog/countries.ts";
import { formatDeckSize, formatMoney, formatPercent } from "#app/modules/catalog/format.ts";
import { storedTax } from "#app/modules/catalog/pricing.ts";
import { cardBrandName } from "#app/modules/card/card-brand.ts";
import { escapeHtml, MAIL_LINK_STYLE, mailDocument } from "#app/modules/mail/mail-html.ts";
import type { MailToSend } from "#app/modules/mail/mail-outbox.server.ts";
import { carrierName, trackingLink } from "./carriers.ts";

/**
 * The mail a buyer gets when their order is placed: what they bought, the price lines as charged, where it goes,
 * how it was paid (brand and last four digits only) and the link to the order page.
 */
export function orderConfirmationMail(order: OrderRow, orderUrl: string): MailToSend {
  const subject = `Your ${catalog.shopName} order ${order.number}`;
  const deck = deckLine(order);
  const lines = [
    ...order.priceLines.map((line) => [line.label, formatMoney(line.cents)] as const),
    ["Shipping", formatMoney(order.shippingCents)] as const,
  ];
  const tax = storedTax(order);
  const total =
    tax.kind === "vat"
      ? `${formatMoney(order.totalCents)} (includes ${formatPercent(tax.basisPoints)} VAT (${countryName(tax.country, "en")}) ${formatMoney(order.vatCents)})`
      : `${formatMoney(order.totalCents)} (VAT-free export: import duties and taxes may be due on delivery)`;
  const address = [order.name, order.address, order.addressextend, ...townLines(order), countryName(order.country, "en")].filter(Boolean);
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
      `<p style="margin:0"><a href="${escapeHtml(orderUrl)}" style="${MAIL_LINK_STYLE}">See your order</a></p>`,
    ].join(""),
  );

  return { eventKey: `order-placed:${order.id}`, to: order.contact, subject, text, html };
}

/** The deck as a mail names it: "Custom skateboard deck, 8.25″ wide, with grip tape". */
function deckLine(order: OrderRow): string {
  return `${catalog.product.name}, ${formatDeckSize(order.size)} wide${order.grip ? ", with grip tape" : ""}`;
}

/** A short mail of one heading, some paragraphs and a link to the order, as plain text and HTML alike. */
function noticeMail(eventKey: string, order: OrderRow, subject: string, paragraphs: string[], link: { href: string; text: string }[]): MailToSend {
  const heading = `Hello ${order.name},`;
  const text = [heading, "", ...paragraphs.flatMap((paragraph) => [paragraph, ""]), ...link.map((l) => `${l.text}: ${l.href}`), "", catalog.shopName].join("\n");
  const html = mailDocument(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>`,
      ...paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`),
      ...link.map((l) => `<p style="margin:0 0 8px"><a href="${escapeHtml(l.href)}" style="${MAIL_LINK_STYLE}">${escapeHtml(l.text)}</a></p>`),
    ].join(""),
  );
  return { eventKey, to: order.contact, subject, text, html };
}

/** The mail a buyer gets when their deck leaves the workshop: carrier, tracking number and the carrier's link. */
export function orderShippedMail(order: OrderRow, orderUrl: string): MailToSend {
  const carrier = carrierName(order.carrier);
  const tracking = trackingLink(order.carrier, order.trackingNumber);
  return noticeMail(
    `order-shipped:${order.id}`,
    order,
    `Your ${catalog.shopName} order ${order.number} is on its way`,
    [
      `Your order ${order.number} (${deckLine(order)}) has been handed to ${carrier}.`,
      `Tracking number: ${order.trackingNumber ?? ""}`,
    ],
    [...(tracking ? [{ href: tracking, text: `Track your parcel with ${carrier}` }] : []), { href: orderUrl, text: "See your order" }],
  );
}

/** The mail a buyer gets when their order is cancelled: the refund, to the card it was paid with. */
export function orderCancelledMail(order: OrderRow, orderUrl: string): MailToSend {
  const card = `${cardBrandName(order.cardBrand)} ending in ${order.cardLast4}`;
  return noticeMail(
    `order-cancelled:${order.id}`,
    order,
    `Your ${catalog.shopName} order ${order.number} is cancelled`,
    [
      `We have cancelled your order ${order.number} (${deckLine(order)}).`,
      `The full amount of ${formatMoney(order.totalCents)} is refunded to your ${card}; depending on your bank it shows within 5 to 10 days.`,
    ],
    [{ href: orderUrl, text: "See your order" }],
  );
}
