import { useEffect } from "react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDate, formatDateTime, pageMeta } from "#app/modules/catalog/format.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { orderStore } from "#app/modules/checkout/order-store.ts";
import { deckOutline } from "#app/modules/design/deck-geometry.ts";
import { DeckPair } from "#app/modules/design/deck-preview.tsx";
import { InvoiceLink, PartialCreditNoteLinks } from "#app/modules/orders/invoice-link.tsx";
import { OrderDetails } from "#app/modules/orders/order-details.tsx";
import { OrderProgress } from "#app/modules/orders/order-progress.tsx";
import type { Route } from "./+types/order";
import { orderAction, orderLoader } from "./order.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const loaderData = args.data;
  const { t } = metaTranslator(args, "orders");
  const title = loaderData ? t("meta.title", { number: loaderData.order.number }) : t("meta.titleFallback");
  return pageMeta({ title, description: t("meta.description"), noindex: true });
};

export const loader = ({ request, params, context }: Route.LoaderArgs) => orderLoader(request, context, params.orderId);

export const action = ({ request, params, context }: Route.ActionArgs) => orderAction(request, context, params.orderId);

export default function OrderConfirmation() {
  const {
    order,
    design,
    printPath,
    printQuery,
    invoicePath,
    creditNotePath,
    partialCreditNotes,
    checkoutId,
    offerAccount,
    offerKeep,
    justPlaced,
    accountOutcome,
    withdrawPath,
  } = useLoaderData<typeof loader>();
  // The order is placed: the buyer's next visit starts a new, empty order (only the checkout just completed).
  useEffect(() => orderStore.completeCheckout(checkoutId), [checkoutId]);
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const printArea = deckOutline(order.size);
  return (
    <div className="page page--split">
      <div className="page__content stack">
        {justPlaced ? (
          <>
            <h1>{t("page.thankYou")}</h1>
            <p className="lead">
              <Trans
                t={t}
                i18nKey="page.placedLead"
                values={{ number: order.number, contact: order.contact, days: catalog.product.madeToOrderWorkingDays }}
                components={{ strong: <strong /> }}
              />
            </p>
          </>
        ) : (
          <>
            <h1>{t("page.heading", { number: order.number })}</h1>
            <p className="lead">{t("page.placed", { date: formatDate(order.createdAt, locale) })}</p>
          </>
        )}
        <OrderProgress order={order} />
        <DeckPair className="deck-pair--large" design={design} size={order.size} grip={order.grip} />
        <OrderDetails order={order} />
        <p>
          <InvoiceLink href={invoicePath} />
        </p>
        <PartialCreditNoteLinks notes={partialCreditNotes} />
        {creditNotePath ? (
          <p>
            <InvoiceLink href={creditNotePath} creditNote />
          </p>
        ) : null}
        {order.withdrawalDeclaredAt ? (
          <p>{t("page.withdrawalReceived", { at: formatDateTime(order.withdrawalDeclaredAt, locale) })}</p>
        ) : withdrawPath ? (
          <p>
            <Link to={withdrawPath}>{t("page.withdraw")}</Link>
          </p>
        ) : null}
        <p>
          <Link to="/">{t("page.backToShop")}</Link>
        </p>
      </div>
      {/* Beside the order on a laptop, after it on a phone: the account offer first, then the print file (a tall
          picture that used to push the offer a screen further down). */}
      <div className="page__aside stack">
        {offerAccount ? (
          <aside>
            <CreateAccount email={order.contact} />
          </aside>
        ) : offerKeep ? (
          <aside>
            <KeepOrder email={order.contact} orderNumber={order.number} />
          </aside>
        ) : accountOutcome ? (
          <aside>
            <AccountReady outcome={accountOutcome} orderNumber={order.number} />
          </aside>
        ) : null}
        <section className="stack" aria-labelledby="print-title">
          <h2 id="print-title">{t("page.printTitle")}</h2>
          <p>{t("page.printText")}</p>
          <img
            className="print-preview"
            src={`${printPath}/svg${printQuery}`}
            alt={t("page.printAlt")}
            // Its proportions, so that its box is kept while it loads (lazily).
            width={Math.round(printArea.width)}
            height={Math.round(printArea.length)}
            loading="lazy"
          />
          <p>
            <a href={`${printPath}/png${printQuery}`} download>
              {t("page.downloadPng")}
            </a>{" "}
            ·{" "}
            <a href={`${printPath}/svg${printQuery}`} download>
              {t("page.svg")}
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}

/** Moves the focus to a message as it appears, so that it is read out and seen where the form was. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** Where the account offer was: the claim page made the account (or signed in), and the order is in it. */
function AccountReady({ outcome, orderNumber }: { outcome: "created" | "kept"; orderNumber: string }) {
  const { t } = useTranslation("orders");
  return (
    <section className="card-panel stack" aria-labelledby="account-ready-title">
      <h2 id="account-ready-title">{outcome === "created" ? t("accountReady.created") : t("accountReady.kept")}</h2>
      <p role="status" tabIndex={-1} ref={focusOnMount} className="notice">
        {outcome === "created"
          ? t("accountReady.createdText", { number: orderNumber })
          : t("accountReady.keptText", { number: orderNumber })}
      </p>
      <p>
        <Trans t={t} i18nKey="accountReady.where" components={{ account: <Link to="/account" /> }} />
      </p>
    </section>
  );
}

/** The signed-in buyer's own guest order (their account's address) goes into the account with one click. */
function KeepOrder({ email, orderNumber }: { email: string; orderNumber: string }) {
  const reply = useActionData<typeof action>();
  const refused = reply && "error" in reply ? reply.error[""]?.[0] : undefined;
  const { t } = useTranslation("orders");
  return (
    <section className="card-panel stack" aria-labelledby="keep-order-title">
      <h2 id="keep-order-title">{t("keepOrder.title")}</h2>
      {refused ? (
        <p role="alert" className="field__error">
          {refused}
        </p>
      ) : null}
      <p>
        <Trans t={t} i18nKey="keepOrder.text" values={{ email, number: orderNumber }} components={{ strong: <strong /> }} />
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="keep" />
        <button type="submit" className="button button--primary">
          {t("keepOrder.add")}
        </button>
      </Form>
    </section>
  );
}

/** A guest order is kept in an account through a link sent to its e-mail address (order-claims.server.ts). */
function CreateAccount({ email }: { email: string }) {
  const reply = useActionData<typeof action>();
  const sentTo = reply && "sentTo" in reply ? reply.sentTo : null;
  const { t } = useTranslation("orders");
  return (
    <section className="card-panel stack" aria-labelledby="create-account-title">
      <h2 id="create-account-title">{t("createAccount.title")}</h2>
      {sentTo ? (
        <p role="status" tabIndex={-1} ref={focusOnMount}>
          <Trans t={t} i18nKey="createAccount.sent" values={{ email: sentTo }} components={{ strong: <strong /> }} />
        </p>
      ) : (
        <>
          <p>
            <Trans t={t} i18nKey="createAccount.offer" values={{ email }} components={{ strong: <strong /> }} />
          </p>
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="claim-link" />
            <button type="submit" className="button button--primary">
              {t("createAccount.send")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
