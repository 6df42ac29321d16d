import { catalog } from "#app/modules/catalog/catalog.ts";
import { DEFAULT_LOCALE, type Locale } from "#app/modules/i18n/locales.ts";

/** Text for HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The shop's brand colour for links in mail (app.css --brand; mail clients know no custom properties). */
export const MAIL_LINK_STYLE = "color:#c2410c";

/** A paragraph's spacing in mail: below it only, so the first one starts at the card's top like a heading does. */
export const MAIL_PARAGRAPH_STYLE = "margin:0 0 12px";

/**
 * A mail's HTML: one simple column that mail clients render alike, inline styles only (clients drop <style>
 * and external sheets). `body` is HTML already escaped by the caller; `lang` is the mail's language (the order's,
 * or the request's that caused it), so that a screen reader reads it in the right voice.
 */
export function mailDocument(title: string, body: string, lang: Locale = DEFAULT_LOCALE): string {
  return [
    "<!doctype html>",
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f3ec;font-family:Arial,Helvetica,sans-serif;color:#171614">',
    // The shop's name above the card, as the site's header shows it: who the mail is from, at a glance.
    `<p style="max-width:560px;margin:0 auto 12px;font-size:18px;font-weight:bold;letter-spacing:0.08em;text-transform:uppercase;color:#c2410c">${escapeHtml(catalog.shopName)}</p>`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    body,
    "</div></body></html>",
  ].join("");
}
