import { catalog } from "#app/modules/catalog/catalog.ts";
import { escapeHtml, MAIL_LINK_STYLE, mailDocument } from "#app/modules/mail/mail-html.ts";

/** The mails of sign-up and password reset. Each says what happened, what to do, and what to do if it was not you. */

type Mail = { to: string; subject: string; text: string; html: string };

function mail(to: string, subject: string, paragraphs: { text: string; link?: { href: string; label: string } }[]): Mail {
  const notYou = "If it was not you, ignore this mail: nothing changes.";
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
          ? `<p>${escapeHtml(paragraph.text)}<br><a href="${escapeHtml(paragraph.link.href)}" style="${MAIL_LINK_STYLE}">${escapeHtml(paragraph.link.label)}</a></p>`
          : `<p>${escapeHtml(paragraph.text)}</p>`,
      ),
      `<p>${escapeHtml(notYou)}</p>`,
    ].join(""),
  );
  return { to, subject, text, html };
}

export const confirmSignUpMail = (to: string, link: string) =>
  mail(to, `Finish creating your ${catalog.shopName} account`, [
    { text: `Someone, most likely you, asked for a ${catalog.shopName} account with this address.` },
    { text: "Open this link within 2 hours to finish creating it:", link: { href: link, label: "Create my account" } },
  ]);

export const accountExistsMail = (to: string, resetLink: string, signInUrl: string) =>
  mail(to, `You have a ${catalog.shopName} account`, [
    { text: `Someone, most likely you, asked for a new ${catalog.shopName} account with this address. You have one already.` },
    { text: "Sign in with it:", link: { href: signInUrl, label: "Sign in" } },
    { text: "Forgot its password? Choose a new one within 2 hours:", link: { href: resetLink, label: "Choose a new password" } },
  ]);

export const passwordResetMail = (to: string, link: string) =>
  mail(to, `A new password for your ${catalog.shopName} account`, [
    { text: `Someone, most likely you, asked for a new password for the ${catalog.shopName} account with this address.` },
    { text: "Open this link within 2 hours to choose one:", link: { href: link, label: "Choose a new password" } },
  ]);

export const noAccountMail = (to: string, signUpUrl: string) =>
  mail(to, `About a ${catalog.shopName} password`, [
    { text: `Someone, most likely you, asked for a new password for a ${catalog.shopName} account with this address, but it has none.` },
    { text: "Orders placed as a guest need no account. To create one:", link: { href: signUpUrl, label: "Create an account" } },
  ]);
