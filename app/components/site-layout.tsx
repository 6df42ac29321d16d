import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { RichText } from "./rich-text.tsx";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { LEGAL_PAGES, legalPath, WITHDRAWAL_PATH } from "#app/modules/legal/legal-pages.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { StepIndicator } from "./step-indicator.tsx";
import { StepNotice } from "./step-notice.tsx";
import { useFocusOnNavigation } from "./use-focus-on-navigation.ts";

/** The default layout around every page, error pages included. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useFocusOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipLink")}
      </a>
      <header className="site-header">
        <div className="site-header__bar">
          <Link to="/" className="site-header__brand">
            {catalog.shopName}
          </Link>
          <nav aria-label={t("nav.label")}>
            <ul className="site-header__nav">
              <li>
                <Link to="/editor" prefetch="intent">
                  {t("nav.design")}
                </Link>
              </li>
              <li>
                <Link to="/GripSize" prefetch="intent">
                  {t("nav.gripSize")}
                </Link>
              </li>
              <li>
                {/* One link for everyone: it leads to the order history, or to sign-in first. */}
                <Link to="/account">{t("nav.account")}</Link>
              </li>
            </ul>
          </nav>
          <LanguageSwitcher />
        </div>
        <StepIndicator />
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <StepNotice />
        {children}
      </main>
      <footer className="site-footer">
        <nav aria-label={t("footer.legalLabel")}>
          <ul className="site-footer__legal">
            {LEGAL_PAGES.map((page) => (
              <li key={page}>
                <Link to={legalPath(page)}>{t(`footer.${page}`)}</Link>
              </li>
            ))}
            {/* The withdrawal function (§ 356a BGB) is reachable from every page, as the law asks. */}
            <li>
              <Link to={WITHDRAWAL_PATH}>{t("footer.withdraw")}</Link>
            </li>
          </ul>
        </nav>
        <p>{t("footer.pricesIncludeVat", { shop: catalog.shopName, product: t("product.name") })}</p>
        <p>{t("footer.testMode")}</p>
        <p>
          <RichText
            message={t("footer.emojiCredit")}
            components={{
              twemoji: <a href="https://github.com/jdecked/twemoji" rel="noreferrer" />,
              licence: <a href="https://creativecommons.org/licenses/by/4.0/" rel="noreferrer" />,
            }}
          />
        </p>
      </footer>
    </>
  );
}
