import { renderToStaticMarkup } from "react-dom/server";
import { Trans } from "react-i18next";
import { describe, expect, it } from "vitest";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { LOCALES } from "#app/modules/i18n/locales.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import { RichText } from "./rich-text.tsx";

const links = {
  twemoji: <a href="https://github.com/jdecked/twemoji" rel="noreferrer" />,
  licence: <a href="https://creativecommons.org/licenses/by/4.0/" rel="noreferrer" />,
};

describe("RichText", () => {
  for (const locale of LOCALES) {
    it(`writes the footer's ${locale} credit as Trans does`, () => {
      const message = translatorFor(locale, "common")("footer.emojiCredit");
      const ours = renderToStaticMarkup(<RichText message={message} components={links} />);
      const trans = renderToStaticMarkup(withI18n(<Trans i18nKey="footer.emojiCredit" components={links} />, locale));
      expect(ours).toBe(trans);
      expect(ours).toContain(">Twemoji</a>");
    });
  }

  for (const locale of LOCALES) {
    it(`writes the Payment step's ${locale} terms as Trans does`, () => {
      const t = translatorFor(locale, "legal");
      const terms = { terms: <a href="/terms" />, withdrawal: <a href="/withdrawal" /> };
      const ours = renderToStaticMarkup(<RichText message={t("orderTerms.text")} components={terms} />);
      const trans = renderToStaticMarkup(withI18n(<Trans t={t} i18nKey="orderTerms.text" components={terms} />, locale));
      expect(ours).toBe(trans);
      expect(ours).toContain('<a href="/withdrawal">');
    });
  }

  it("keeps text around, between and after the pieces, and a piece without an element as text", () => {
    const markup = renderToStaticMarkup(
      <RichText message="Read <a>the terms</a> and <b>this</b> & that" components={{ a: <a href="/terms" /> }} />,
    );
    expect(markup).toBe('Read <a href="/terms">the terms</a> and this &amp; that');
  });
});
