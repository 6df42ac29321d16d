import { catalog } from "#app/modules/catalog/catalog.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { escapeHtml, MAIL_LINK_STYLE, MAIL_PARAGRAPH_STYLE, mailDocument } from "#app/modules/mail/mail-html.ts";

/**
 * The mails of sign-up and password reset. Each says what happened, what to do, and what to do if it was not you,
 * in the language of the request that caused it (the page the buyer used).
 */

type Mail = { to: string; subject: string; text: string; html: string };

function mail(
  locale: Locale,
  to: string,
  subject: string,
  paragraphs: { text: string; link?: { href: string; label: string } }[],
): Mail {
  const notYou = translatorFor(locale, "mail")("account.notYou");
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph.text, ...(paragraph.link ? [paragraph.link.href] : []), ""]),
    notYou,
    "",
    catalog.shopName,
  ].join("\n");
  const html = mailDocument(
    subject,
    [
      ...paragraphs.map((paragraph) =>
        paragraph.link
          ? `<p style="${MAIL_PARAGRAPH_STYLE}">${escapeHtml(paragraph.text)}<br><a href="${escapeHtml(paragraph.link.href)}" style="${MAIL_LINK_STYLE}">${escapeHtml(paragraph.link.label)}</a></p>`
          : `<p style="${MAIL_PARAGRAPH_STYLE}">${escapeHtml(paragraph.text)}</p>`,
      ),
      `<p style="${MAIL_PARAGRAPH_STYLE}">${escapeHtml(notYou)}</p>`,
    ].join(""),
    locale,
  );
  return { to, subject, text, html };
}

const shop = catalog.shopName;

export function confirmSignUpMail(to: string, link: string, locale: Locale = "en"): Mail {
  const t = translatorFor(locale, "mail");
  return mail(locale, to, t("account.confirmSignUp.subject", { shop }), [
    { text: t("account.confirmSignUp.asked", { shop }) },
    { text: t("account.confirmSignUp.open"), link: { href: link, label: t("account.confirmSignUp.link") } },
  ]);
}

export function accountExistsMail(to: string, resetLink: string, signInUrl: string, locale: Locale = "en"): Mail {
  const t = translatorFor(locale, "mail");
  return mail(locale, to, t("account.accountExists.subject", { shop }), [
    { text: t("account.accountExists.asked", { shop }) },
    { text: t("account.accountExists.signIn"), link: { href: signInUrl, label: t("account.accountExists.signInLink") } },
    { text: t("account.accountExists.forgot"), link: { href: resetLink, label: t("account.accountExists.resetLink") } },
  ]);
}

export function passwordResetMail(to: string, link: string, locale: Locale = "en"): Mail {
  const t = translatorFor(locale, "mail");
  return mail(locale, to, t("account.passwordReset.subject", { shop }), [
    { text: t("account.passwordReset.asked", { shop }) },
    { text: t("account.passwordReset.open"), link: { href: link, label: t("account.passwordReset.link") } },
  ]);
}

export function noAccountMail(to: string, signUpUrl: string, locale: Locale = "en"): Mail {
  const t = translatorFor(locale, "mail");
  return mail(locale, to, t("account.noAccount.subject", { shop }), [
    { text: t("account.noAccount.asked", { shop }) },
    { text: t("account.noAccount.guest"), link: { href: signUpUrl, label: t("account.noAccount.link") } },
  ]);
}
