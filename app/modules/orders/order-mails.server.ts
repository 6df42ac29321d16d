import type { OrderRow } from "#app/db/schema.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { townLines } from "#app/modules/catalog/countries.ts";
import { formatCountry, formatDate, formatDateTime, formatDeckSize, formatMoney, formatPercent } from "#app/modules/catalog/format.ts";
import { storedTax } from "#app/modules/catalog/pricing.ts";
import { cardBrandName } from "#app/modules/card/card-brand.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { escapeHtml, MAIL_LINK_STYLE, MAIL_PARAGRAPH_STYLE, mailDocument } from "#app/modules/mail/mail-html.ts";
import type { MailToSend } from "#app/modules/mail/mail-outbox.server.ts";
import { carrierName, trackingLink } from "./carriers.ts";
import { priceLineKey } from "./price-line-label.ts";
import type { LateWithdrawal } from "./withdrawal-period.ts";
import { WITHDRAWAL_PATH } from "#app/modules/legal/legal-pages.ts";
import { legalTextDocument } from "#app/modules/legal/legal-texts.server.ts";

/**
 * The mails about an order go out in the order's language (`orders.locale`, the page's language when it was
 * placed), whatever language the request that sends them speaks: an operator's click in the back office, the
 * recovery worker, the buyer's own page.
 */
export function orderLocale(order: Pick<OrderRow, "locale">): Locale {
  return isLocale(order.locale) ? order.locale : DEFAULT_LOCALE;
}

const shop = catalog.shopName;

/**
 * The mail a buyer gets when their order is placed: what they bought, the price lines as charged, where it goes,
 * how it was paid (brand and last four digits only) and the link to the order page. It is also the contract's
 * confirmation on a durable medium (§ 312f (2) BGB): it says whether this order can be withdrawn from, and carries
 * the terms and the withdrawal information as they stood when the order was placed.
 */
export function orderConfirmationMail(order: OrderRow, orderUrl: string): MailToSend {
  const locale = orderLocale(order);
  const t = translatorFor(locale, "mail");
  const money = (cents: number) => formatMoney(cents, locale);
  const subject = t("order.confirmation.subject", { shop, number: order.number });
  const deck = deckLine(order, locale);
  const lines = [
    ...order.priceLines.map((line) => [lineLabel(line.label, locale), money(line.cents)] as const),
    [t("order.confirmation.shipping"), money(order.shippingCents)] as const,
  ];
  const totalLabel = t("order.confirmation.total");
  const total = money(order.totalCents);
  // The tax as the order was charged: the destination's VAT with its rate, or a VAT-free export (catalog/tax.ts).
  const tax = storedTax(order);
  const taxNote =
    tax.kind === "vat"
      ? t("order.confirmation.vatNote", {
          rate: formatPercent(tax.basisPoints, locale),
          country: formatCountry(tax.country, locale),
          vat: money(order.vatCents),
        })
      : t("order.confirmation.exportNote");
  const address = [order.name, order.address, order.addressextend, ...townLines(order), formatCountry(order.country, locale)].filter(Boolean);
  const payment = t("order.cardEnding", { brand: cardBrandName(order.cardBrand), last4: order.cardLast4 });
  const thanks = t("order.confirmation.thanks", { name: order.name });
  const orderHeading = t("order.confirmation.order", { number: order.number });
  const shippingTo = t("order.confirmation.shippingTo");
  const paidWith = t("order.confirmation.paidWith", { card: payment });
  const origin = new URL(orderUrl).origin;
  const withdrawUrl = new URL(WITHDRAWAL_PATH, origin).href;
  const withdrawal = order.ownDesign
    ? t("order.confirmation.ownDesign")
    : t("order.confirmation.withdrawal", { url: withdrawUrl });
  const attached = t("order.confirmation.attached");

  const text = [
    thanks,
    "",
    orderHeading,
    deck,
    "",
    ...lines.map(([label, amount]) => `${label}: ${amount}`),
    `${totalLabel}: ${total}`,
    taxNote,
    "",
    `${shippingTo}:`,
    ...address,
    "",
    paidWith,
    "",
    `${t("order.confirmation.yourOrder")}: ${orderUrl}`,
    "",
    withdrawal,
    attached,
    "",
    shop,
  ].join("\n");

  const cell = "padding:2px 0;vertical-align:top";
  const rows = lines
    .map(([label, amount]) => `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(amount)}</td></tr>`)
    .join("");
  const html = mailDocument(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(thanks)}</h1>`,
      `<p style="margin:0 0 4px"><strong>${escapeHtml(orderHeading)}</strong></p>`,
      `<p style="margin:0 0 16px">${escapeHtml(deck)}</p>`,
      `<table style="width:100%;border-collapse:collapse">${rows}`,
      `<tr><td style="padding-top:8px;border-top:1px solid #ddd"><strong>${escapeHtml(totalLabel)}</strong></td>`,
      `<td style="padding-top:8px;border-top:1px solid #ddd;text-align:right;white-space:nowrap"><strong>${escapeHtml(total)}</strong></td></tr>`,
      `<tr><td colspan="2" style="padding-top:2px;text-align:right;font-size:13px;color:#555">${escapeHtml(taxNote)}</td></tr></table>`,
      `<p style="margin:16px 0 4px"><strong>${escapeHtml(shippingTo)}</strong></p>`,
      `<p style="margin:0">${address.map(escapeHtml).join("<br>")}</p>`,
      `<p style="margin:16px 0">${escapeHtml(paidWith)}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(orderUrl)}" style="${MAIL_LINK_STYLE}">${escapeHtml(t("order.seeOrder"))}</a></p>`,
      `<p style="margin:0 0 8px;font-size:13px;color:#555">${linked(withdrawal, withdrawUrl)}</p>`,
      `<p style="margin:0;font-size:13px;color:#555">${escapeHtml(attached)}</p>`,
    ].join(""),
    locale,
  );

  const attachments = (["terms", "withdrawal"] as const).map((page) => ({
    filename: t(`order.confirmation.${page}File`),
    content: legalTextDocument(locale, page, origin),
  }));
  return { eventKey: `order-placed:${order.id}`, to: order.contact, subject, text, html, attachments };
}

/** Escapes a text for HTML and makes `url`, where the text holds it, a link. */
function linked(text: string, url: string): string {
  return escapeHtml(text).replace(escapeHtml(url), `<a href="${escapeHtml(url)}" style="${MAIL_LINK_STYLE}">${escapeHtml(url)}</a>`);
}

/** A price line's label in the mail's language (the catalog's lines; any other as stored). */
function lineLabel(label: string, locale: Locale): string {
  const key = priceLineKey(label);
  return key ? translatorFor(locale, "mail")(`order.priceLines.${key}`) : label;
}

/** The deck as a mail names it: "Custom skateboard deck, 8.25″ wide, with grip tape". */
function deckLine(order: OrderRow, locale: Locale): string {
  const t = translatorFor(locale, "mail");
  const values = { product: t("order.priceLines.deck"), size: formatDeckSize(order.size, locale) };
  return order.grip ? t("order.deckLineGrip", values) : t("order.deckLine", values);
}

/** A short mail of one heading, some paragraphs and a link to the order, as plain text and HTML alike. */
function noticeMail(
  eventKey: string,
  order: OrderRow,
  subject: string,
  paragraphs: string[],
  link: { href: string; text: string }[],
): MailToSend {
  const locale = orderLocale(order);
  const heading = translatorFor(locale, "mail")("order.hello", { name: order.name });
  const text = [heading, "", ...paragraphs.flatMap((paragraph) => [paragraph, ""]), ...link.map((l) => `${l.text}: ${l.href}`), "", shop].join("\n");
  const html = mailDocument(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>`,
      ...paragraphs.map((paragraph) => `<p style="${MAIL_PARAGRAPH_STYLE}">${escapeHtml(paragraph)}</p>`),
      ...link.map((l) => `<p style="margin:0 0 8px"><a href="${escapeHtml(l.href)}" style="${MAIL_LINK_STYLE}">${escapeHtml(l.text)}</a></p>`),
    ].join(""),
    locale,
  );
  return { eventKey, to: order.contact, subject, text, html };
}

/** The mail a buyer gets when their deck leaves the workshop: carrier, tracking number and the carrier's link. */
export function orderShippedMail(order: OrderRow, orderUrl: string): MailToSend {
  const locale = orderLocale(order);
  const t = translatorFor(locale, "mail");
  const carrier = carrierName(order.carrier);
  const tracking = trackingLink(order.carrier, order.trackingNumber, locale);
  return noticeMail(
    `order-shipped:${order.id}`,
    order,
    t("order.shipped.subject", { shop, number: order.number }),
    [
      t("order.shipped.handedOver", { number: order.number, deck: deckLine(order, locale), carrier }),
      t("order.shipped.trackingNumber", { trackingNumber: order.trackingNumber ?? "" }),
    ],
    [...(tracking ? [{ href: tracking, text: t("order.shipped.track", { carrier }) }] : []), { href: orderUrl, text: t("order.seeOrder") }],
  );
}

/**
 * The mail a buyer gets when the operator corrected the carrier or tracking number they were sent: the right ones and
 * the carrier's link. Its outbox key is the correction's (order-corrections.server.ts): each correction is a mail.
 */
export function trackingCorrectedMail(order: OrderRow, orderUrl: string): MailToSend {
  const locale = orderLocale(order);
  const t = translatorFor(locale, "mail");
  const carrier = carrierName(order.carrier);
  const tracking = trackingLink(order.carrier, order.trackingNumber, locale);
  return noticeMail(
    `order-tracking-corrected:${order.id}`,
    order,
    t("order.trackingCorrected.subject", { shop, number: order.number }),
    [
      t("order.trackingCorrected.corrected", { number: order.number, carrier }),
      t("order.shipped.trackingNumber", { trackingNumber: order.trackingNumber ?? "" }),
    ],
    [...(tracking ? [{ href: tracking, text: t("order.shipped.track", { carrier }) }] : []), { href: orderUrl, text: t("order.seeOrder") }],
  );
}

/**
 * The mail a buyer gets when their order is refunded: cancelled before shipping, or returned after. It says what
 * happened, the refund to the card it was paid with, and the credit note that cancels the invoice.
 */
export function orderRefundedMail(order: OrderRow, orderUrl: string, { elsewhere = false } = {}): MailToSend {
  const locale = orderLocale(order);
  const t = translatorFor(locale, "mail");
  const card = t("order.cardEnding", { brand: cardBrandName(order.cardBrand), last4: order.cardLast4 });
  const event = order.status === "returned" ? "returned" : "cancelled";
  return noticeMail(
    `order-${event}:${order.id}`,
    order,
    t(`order.${event}.subject`, { shop, number: order.number }),
    [
      t(`order.${event}.happened`, { number: order.number, deck: deckLine(order, locale) }),
      // After a chargeback the money went back through the card's issuer: no second refund is promised.
      // After partial refunds (price reductions), what was still paid: the rest.
      order.partlyRefundedCents > 0
        ? t(elsewhere ? "order.refunded.restRefundedElsewhere" : "order.refunded.restRefund", {
            amount: formatMoney(order.totalCents - order.partlyRefundedCents, locale),
            card,
          })
        : t(elsewhere ? "order.refunded.refundedElsewhere" : "order.refunded.refund", { amount: formatMoney(order.totalCents, locale), card }),
      ...(order.creditNoteNumber
        ? [t("order.refunded.creditNote", { creditNote: order.creditNoteNumber, invoice: order.invoiceNumber ?? "" })]
        : []),
    ],
    [{ href: orderUrl, text: t("order.seeOrder") }],
  );
}

/**
 * The mail a buyer gets when part of the price is given back (a price reduction, partial-refunds.server.ts): the amount,
 * the card it goes back to, the reason, and the credit note (Rechnungskorrektur) that documents it. One mail per note.
 */
export function orderPartlyRefundedMail(order: OrderRow, note: { number: string; grossCents: number; reason: string }, orderUrl: string): MailToSend {
  const locale = orderLocale(order);
  const t = translatorFor(locale, "mail");
  const card = t("order.cardEnding", { brand: cardBrandName(order.cardBrand), last4: order.cardLast4 });
  return noticeMail(
    `order-partly-refunded:${note.number}`,
    order,
    t("order.partlyRefunded.subject", { shop, number: order.number }),
    [
      t("order.partlyRefunded.refund", { number: order.number, amount: formatMoney(note.grossCents, locale), card }),
      t("order.partlyRefunded.reason", { reason: note.reason }),
      t("order.partlyRefunded.creditNote", { creditNote: note.number, invoice: order.invoiceNumber ?? "" }),
    ],
    [{ href: orderUrl, text: t("order.seeOrder") }],
  );
}

/**
 * The receipt for a withdrawal made with the withdrawal function (§ 356a Abs. 1 S. 3 BGB, D206): on a durable medium,
 * at once, with the statement's content and the date and time it arrived, and what happens next. A declaration that
 * arrived after the withdrawal period (`late`) gets no promise of a refund: it says how many days after delivery it
 * came, and that we will check it and write.
 */
export function withdrawalReceiptMail(order: OrderRow, orderUrl: string, late: LateWithdrawal | null = null): MailToSend {
  const locale = orderLocale(order);
  const t = translatorFor(locale, "mail");
  const declaredAt = formatDateTime(order.withdrawalDeclaredAt ?? new Date(), locale);
  const deck = deckLine(order, locale);
  return noticeMail(
    `order-withdrawal:${order.id}`,
    order,
    t("order.withdrawal.subject", { shop, number: order.number }),
    [
      t("order.withdrawal.received", { at: declaredAt }),
      t("order.withdrawal.statement", { name: order.withdrawalName ?? order.name, number: order.number, deck, email: order.contact }),
      order.ownDesign
        ? t("order.withdrawal.nextOwnDesign")
        : late
          ? t("order.withdrawal.late", { days: late.daysAfterDelivery, delivered: formatDate(late.deliveredAt, locale) })
          : t("order.withdrawal.next"),
    ],
    [{ href: orderUrl, text: t("order.seeOrder") }],
  );
}
