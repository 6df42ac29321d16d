import { Link, useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { formatDate, formatDateTime, formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { cardBrandName } from "#app/modules/card/card-brand.ts";
import { PostalAddress } from "#app/modules/checkout/postal-address.tsx";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import { OrderHistory, TransitionForms, type TransitionReply } from "#app/modules/admin/order-actions.tsx";
import { PartialRefunds } from "#app/modules/admin/partial-refund-form.tsx";
import { isCorrectionReply, NoteForm, ResendMailForm, ShipmentCorrectionForm } from "#app/modules/admin/order-corrections.tsx";
import "#app/modules/admin/order-corrections.css";
import { carrierName } from "#app/modules/orders/carriers.ts";
import { InvoiceLink } from "#app/modules/orders/invoice-link.tsx";
import { PlacedOrderPrices } from "#app/modules/orders/order-details.tsx";
import { OrderStatusBadge } from "#app/modules/orders/order-status-badge.tsx";
import { refundsCharge, type OrderStatus } from "#app/modules/orders/order-status.ts";
import { declaredInOrderName } from "#app/modules/orders/withdrawal.ts";
import { lateWithdrawal as lateWithdrawalOf } from "#app/modules/orders/withdrawal-period.ts";
import type { Route } from "./+types/admin-order";
import { adminOrderAction, adminOrderLoader } from "./admin-order.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const loaderData = args.data;
  const { t } = metaTranslator(args, "admin");
  const title = loaderData ? t("meta.orderTitle", { number: loaderData.order.number }) : t("meta.orderTitleFallback");
  return pageMeta({ title, description: t("meta.orderDescription"), noindex: true });
};

export const loader = ({ request, params, context }: Route.LoaderArgs) => adminOrderLoader(request, context, params.orderId);

export const action = ({ request, params, context }: Route.ActionArgs) => adminOrderAction(request, context, params.orderId);

/**
 * A move refused because the order moved on meanwhile (409) reloads the order: the page then shows its status,
 * history and next steps as they are now. React Router skips reloading after an error status by default.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function AdminOrder() {
  const { order, next, printPath, history, corrections, partialRefunds } = useLoaderData<typeof loader>();
  // A withdrawal declared after the 14-day period that the delivery (in the history) started: no refund is due.
  const delivery = history.find((event) => event.kind === "status" && event.to === "delivered");
  const lateWithdrawal = lateWithdrawalOf(delivery?.at, order.withdrawalDeclaredAt);
  // A move's reply goes to the moves' forms; a note's or a correction's (it names its `intent`) to its own form.
  const answer: unknown = useActionData<typeof action>();
  const correction = isCorrectionReply(answer) ? answer : undefined;
  const reply = correction ? undefined : (answer as TransitionReply | undefined);
  const { t } = useTranslation("admin");
  const locale = useLocale();
  return (
    <div className="stack">
      <p>
        <Link to="/admin">{t("order.allOrders")}</Link>
      </p>
      <div className="admin__heading">
        <h1>{t("order.heading", { number: order.number })}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="admin__muted">
        {t("order.placed", {
          date: formatDateTime(order.createdAt, locale),
          kind: order.account === "Account" ? t("order.kindAccount") : t("order.kindGuest"),
        })}
      </p>
      {correction && correction.intent === null ? (
        <div className="error-summary" role="alert">
          {Object.values(correction.result.error ?? {}).flatMap((messages) => messages ?? []).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {order.withdrawalDeclaredAt ? (
        <div className="admin__notice" role="note">
          <p>{t("order.withdrawal", { at: formatDateTime(order.withdrawalDeclaredAt, locale), name: order.withdrawalName ?? order.name })}</p>
          {/* The withdrawal function asks for no more than a name, the number and the order's address: another name is taken, and pointed out. */}
          {declaredInOrderName(order) ? null : (
            <p className="admin__warning">{t("order.withdrawalOtherName", { declared: order.withdrawalName, name: order.name })}</p>
          )}
          {lateWithdrawal && !refundsCharge(order.status) && !order.ownDesign ? (
            <p>
              {t("order.withdrawalLate", {
                days: lateWithdrawal.daysAfterDelivery,
                delivered: formatDate(lateWithdrawal.deliveredAt, locale),
              })}
            </p>
          ) : (
            <p>{t(withdrawalStep(order))}</p>
          )}
        </div>
      ) : null}
      <div className="admin__detail">
        <div className="stack admin__detail-side">
          <section className="card-panel stack" aria-labelledby="next-title">
            <h2 id="next-title">{t("order.nextStep")}</h2>
            <TransitionForms
              status={order.status}
              next={next}
              // What a cancel or return refunds: what price reductions left.
              totalCents={order.totalCents - partialRefunds.refundedCents}
              reply={reply}
              withdrawn={Boolean(order.withdrawalDeclaredAt) && !lateWithdrawal && !order.ownDesign}
            />
          </section>
          <section className="card-panel" aria-labelledby="preview-title">
            <h2 id="preview-title">{t("order.design")}</h2>
            <DeckPreview className="admin__preview" design={order.design} size={order.size} grip={order.grip} />
          </section>
          <section className="card-panel stack" aria-labelledby="history-title">
            <h2 id="history-title">{t("order.history")}</h2>
            <OrderHistory events={history} />
            <NoteForm submission={corrections.noteSubmission} reply={correction} />
          </section>
        </div>
        <div className="stack admin__detail-main">
          <section className="card-panel stack" aria-labelledby="deck-title">
            <h2 id="deck-title">{t("order.deck")}</h2>
            <dl className="admin__facts">
              <dt>{t("order.width")}</dt>
              <dd>{formatDeckSize(order.size, locale)}</dd>
              <dt>{t("order.gripTape")}</dt>
              <dd>{order.grip ? t("order.gripApplied") : t("order.noGrip")}</dd>
              <dt>{t("order.layers")}</dt>
              <dd>{order.design.layers.length === 0 ? t("order.noLayers") : order.design.layers.length}</dd>
              <dt>{t("order.background")}</dt>
              <dd>{order.design.background}</dd>
            </dl>
            <p>
              {t("order.printFiles")}{" "}
              <a href={`${printPath}/png`} download>
                {t("order.downloadPng")}
              </a>{" "}
              ·{" "}
              <a href={`${printPath}/svg`} download>
                {t("order.downloadSvg")}
              </a>
            </p>
          </section>
          <section className="card-panel stack" aria-labelledby="buyer-title">
            <h2 id="buyer-title">{t("order.buyer")}</h2>
            <dl className="admin__facts">
              <dt>{t("order.email")}</dt>
              <dd>
                <a href={`mailto:${order.contact}`}>{order.contact}</a>
              </dd>
            </dl>
            <ResendMailForm
              contact={order.contact}
              contactEditable={corrections.contactEditable}
              anonymised={corrections.anonymised}
              mails={corrections.mails}
              lastMail={corrections.lastMail}
              submission={corrections.resendSubmission}
              reply={correction}
            />
            <h3>{t("order.shipTo")}</h3>
            <PostalAddress address={order} />
          </section>
          <section className="card-panel stack" aria-labelledby="money-title">
            <h2 id="money-title">{t("order.money")}</h2>
            <PlacedOrderPrices order={order} />
            <p>
              <InvoiceLink href={`/admin/orders/${order.id}/invoice`} />
            </p>
            {order.creditNoteNumber ? (
              <p>
                <InvoiceLink href={`/admin/orders/${order.id}/credit-note`} creditNote />
              </p>
            ) : null}
            <dl className="admin__facts">
              <dt>{t("order.card")}</dt>
              <dd>{t("order.cardLine", { brand: cardBrandName(order.cardBrand), last4: order.cardLast4, expiry: order.cardExpiry })}</dd>
              <dt>{t("order.processor")}</dt>
              <dd>{order.paymentProvider}</dd>
              <dt>{t("order.charge")}</dt>
              <dd>
                <code>{order.paymentReference}</code>
              </dd>
              {order.refundReference ? (
                <>
                  <dt>{t("order.refund")}</dt>
                  <dd>
                    <code>{order.refundReference}</code> ({formatMoney(order.totalCents - partialRefunds.refundedCents, locale)})
                  </dd>
                </>
              ) : null}
            </dl>
            <PartialRefunds panel={partialRefunds} reply={answer} refunded={refundsCharge(order.status)} />
          </section>
          {order.carrier ? (
            <section className="card-panel stack" aria-labelledby="shipment-title">
              <h2 id="shipment-title">{t("order.shipment")}</h2>
              <p>
                {t("order.trackingNumber", { carrier: carrierName(order.carrier) })}{" "}
                {order.trackingUrl ? (
                  <a href={order.trackingUrl} rel="noreferrer" target="_blank">
                    {order.trackingNumber}
                  </a>
                ) : (
                  order.trackingNumber
                )}
              </p>
              {corrections.shipment ? (
                <ShipmentCorrectionForm carrier={order.carrier} trackingNumber={order.trackingNumber ?? ""} reply={correction} />
              ) : null}
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * What the operator does about a withdrawal: nothing once the order is refunded; else answer (own design: no right of
 * withdrawal, as stored with the order) or refund.
 */
function withdrawalStep(order: { status: OrderStatus; ownDesign: boolean }) {
  if (refundsCharge(order.status)) return "order.withdrawalRefunded" as const;
  return order.ownDesign ? ("order.withdrawalOwnDesign" as const) : ("order.withdrawalNext" as const);
}
