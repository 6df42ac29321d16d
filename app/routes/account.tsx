import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { AccountForm } from "#app/modules/accounts/account-form.tsx";
import { formatDate, formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import { InvoiceLink, PartialCreditNoteLink } from "#app/modules/orders/invoice-link.tsx";
import { OrderStatusBadge } from "#app/modules/orders/order-status-badge.tsx";
import { AddressBook } from "#app/modules/accounts/address-book.tsx";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { DataRights } from "#app/modules/accounts/data-rights.tsx";
import { accountAction, accountLoader } from "./account.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = (args) => {
  const { t } = metaTranslator(args, "account");
  return pageMeta({ title: t("meta.title"), description: t("meta.description"), noindex: true });
};

export const loader = ({ request, context }: Route.LoaderArgs) => accountLoader(request, context);

/** Signed out: the Login step's sign-in, back to this page. Signed in: the address book's forms. */
export const action = ({ request, context }: Route.ActionArgs) => accountAction(request, context);

export default function Account() {
  const { email, orders, addresses, editing, notice, forOrder } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const locale = useLocale();
  if (!email) return <SignIn forOrder={forOrder} />;
  const formResult = reply?.form === "address" ? (reply.result as SubmissionResult<string[]>) : undefined;
  const listErrors = reply?.form === "address-list" ? ((reply.result as SubmissionResult<string[]>).error?.[""] ?? []) : [];
  return (
    <div className="page stack account">
      <h1>{t("page.heading")}</h1>
      <p>
        <Trans t={t} i18nKey="page.signedInAs" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <Form method="post" action="/logout">
        <button type="submit" className="button">
          {t("page.signOut")}
        </button>
      </Form>
      <section aria-labelledby="orders-title" className="stack">
        <h2 id="orders-title">{t("page.ordersTitle")}</h2>
        {orders.length === 0 ? (
          <p>
            <Trans t={t} i18nKey="page.noOrders" components={{ editor: <Link to="/editor" /> }} />
          </p>
        ) : (
          <table className="order-history">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t("page.columnDesign")}</span>
                </th>
                <th scope="col">{t("page.columnOrder")}</th>
                <th scope="col">{t("page.columnDate")}</th>
                <th scope="col" className="order-history__deck">
                  {t("page.columnDeck")}
                </th>
                <th scope="col">{t("page.columnTotal")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <DeckPreview className="order-history__thumb" design={order.design} size={order.size} grip={order.grip} />
                  </td>
                  <th scope="row">
                    <Link className="order-history__number" to={`/orders/${order.id}`}>
                      {order.number}
                    </Link>
                    <br />
                    <OrderStatusBadge status={order.status} />
                    <br />
                    <InvoiceLink href={`/orders/${order.id}/invoice`} short />
                    {order.creditNoteNumber ? (
                      <>
                        <br />
                        <InvoiceLink href={`/orders/${order.id}/credit-note`} short creditNote />
                      </>
                    ) : null}
                    {(order.partialCreditNotes ?? []).map((number) => (
                      <span key={number}>
                        <br />
                        <PartialCreditNoteLink href={`/orders/${order.id}/credit-notes/${number}`} number={number} />
                      </span>
                    ))}
                  </th>
                  <td>{formatDate(order.createdAt, locale)}</td>
                  <td className="order-history__deck">
                    {formatDeckSize(order.size, locale)}
                    {order.grip ? t("page.withGrip") : ""}
                  </td>
                  <td>{formatMoney(order.totalCents, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <AddressBook addresses={addresses} editing={editing} notice={notice} formResult={formResult} listErrors={listErrors} />
      <DataRights />
    </div>
  );
}

function SignIn({ forOrder }: { forOrder: boolean }) {
  const reply = useActionData<typeof action>();
  const lastResult = reply?.form === "signin" ? (reply.result as SubmissionResult<string[]>) : undefined;
  const { t } = useTranslation("account");
  return (
    <div className="page page--narrow stack">
      <h1>{t("page.heading")}</h1>
      <p>{t(forOrder ? "signIn.introOrder" : "signIn.intro")}</p>
      <AccountForm id="account-sign-in" kind="sign-in" intent="signin" lastResult={lastResult} submitLabel={t("signIn.submit")} primary />
      <p>
        <Link to="/account/reset">{t("signIn.forgot")}</Link> · {t("signIn.noAccount")}{" "}
        <Link to="/Login?next=/account">{t("signIn.create")}</Link>

      </p>
    </div>
  );
}
