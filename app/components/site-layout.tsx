import type { ReactNode } from "react";
import { Link } from "react-router";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { StepIndicator } from "./step-indicator.tsx";
import { StepNotice } from "./step-notice.tsx";

/** The default layout around every page, error pages included. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__bar">
          <Link to="/" className="site-header__brand">
            {catalog.shopName}
          </Link>
          <nav aria-label="Main">
            <ul className="site-header__nav">
              <li>
                <Link to="/editor" prefetch="intent">
                  Design
                </Link>
              </li>
              <li>
                <Link to="/GripSize" prefetch="intent">
                  Grip &amp; size
                </Link>
              </li>
              <li>
                {/* One link for everyone: it leads to the order history, or to sign-in first. */}
                <Link to="/account">Account</Link>
              </li>
            </ul>
          </nav>
        </div>
        <StepIndicator />
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <StepNotice />
        {children}
      </main>
      <footer className="site-footer">
        <p>
          {catalog.shopName} · {catalog.product.name}. All prices include VAT.
        </p>
        <p>Card payments run in test mode: no real money is charged.</p>
        <p>
          Emoji artwork:{" "}
          <a href="https://github.com/jdecked/twemoji" rel="noreferrer">
            Twemoji
          </a>{" "}
          by Twitter, Inc. and other contributors, licensed under{" "}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="noreferrer">
            CC BY 4.0
          </a>
          .
        </p>
      </footer>
    </>
  );
}
