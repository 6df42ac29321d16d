import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { TFunction } from "i18next";
import { formMessageText } from "#app/modules/forms/form-message.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { formatDateTime, formatMoney } from "#app/modules/catalog/format.ts";
import { carrierName } from "#app/modules/orders/carriers.ts";
import { isOrderStatus, refundsCharge, type OrderStatus } from "#app/modules/orders/order-status.ts";
import { describePartialRefund } from "./partial-refund-form.tsx";
import { ShipmentFields } from "./shipment-fields.tsx";
import { FormAlert } from "./form-alert.tsx";

/** What the order page's action answered: for which form (`to`), its errors, or that the move was made. */
export interface TransitionReply {
  to: unknown;
  /** conform's reply: the errors, and what was posted (`initialValue`), which a page rendered without scripts shows again. */
  result: { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
  done?: string;
  /** The move was made, but the buyer's mail about it could not be written: the order has no e-mail address (anonymised). */
  unmailed?: string;
  /** The move was refused because the order moved on meanwhile: shown above the forms, which may have changed. */
  refused?: string;
  /** The processor refused the refund: the form now offers to go on without it (the money back by a chargeback). */
  refundRefused?: boolean;
}

interface TransitionFormsProps {
  status: OrderStatus;
  next: readonly OrderStatus[];
  totalCents: number;
  reply: TransitionReply | undefined;
  /**
   * The buyer has withdrawn, with a right to (not their own design, in time): the refund is the step to take. Before
   * shipping it comes first, and the steps forward stay possible (the buyer may take the withdrawal back) but warn.
   */
  withdrawn?: boolean;
}

/** The steps in the order shown: a withdrawn order that has not shipped offers its cancel (the refund) first. */
export function orderedSteps(status: OrderStatus, next: readonly OrderStatus[], withdrawn: boolean): readonly OrderStatus[] {
  if (!withdrawn || !beforeShipping(status)) return next;
  return [...next.filter((to) => refundsCharge(to)), ...next.filter((to) => !refundsCharge(to))];
}

function beforeShipping(status: OrderStatus): boolean {
  return status === "paid" || status === "in_production";
}

/** One form per step the order may take next; each carries the status the operator saw (compare-and-set). */
export function TransitionForms({ status, next, totalCents, reply, withdrawn = false }: TransitionFormsProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { t, i18n } = useTranslation("admin");
  const locale = useLocale();
  useFocusOnInvalidField(reply);
  // A reply for no form shown here (a tampered or outdated post): its messages go above the forms, not nowhere.
  const unplaced = reply && !reply.done && !next.includes(reply.to as OrderStatus) ? Object.values(reply.result.error ?? {}).flatMap((messages) => messages ?? []) : [];
  return (
    <div className="stack">
      {reply?.done ? <p role="status">{reply.done}</p> : null}
      {reply?.done && reply.unmailed ? (
        <p className="admin__warning" role="alert">
          {reply.unmailed}
        </p>
      ) : null}
      <FormAlert messages={unplaced} />
      <FormAlert messages={[reply?.refused]} />
      {next.length === 0 ? <p>{t("transition.nothingMore", { status: t(`statusInSentence.${status}`).toLowerCase() })}</p> : null}
      {orderedSteps(status, next, withdrawn).map((to, index) => {
        const errors = reply && reply.to === to && !reply.done ? (reply.result.error ?? {}) : {};
        // The hidden fields' errors (a status missing or unknown) are the form's: no field shows them.
        const formErrors = [...(errors[""] ?? []), ...(errors.expected ?? []), ...(errors.to ?? [])];
        const id = `to-${to}`;
        // A step forward for an order the buyer withdrew from: possible, but said not to be the one to take.
        const againstWithdrawal = withdrawn && beforeShipping(status) && !refundsCharge(to);
        return (
          <Form
            key={to}
            method="post"
            className={index > 0 && (refundsCharge(to) || againstWithdrawal) ? "stack admin__cancel" : "stack"}
            aria-labelledby={`${id}-button`}
            noValidate
          >
            <input type="hidden" name="expected" value={status} />
            <input type="hidden" name="to" value={to} />
            <FormAlert messages={formErrors} />
            {to === "shipped" ? <ShipmentFields errors={errors} posted={reply && reply.to === to && !reply.done ? reply.result.initialValue : null} /> : null}
            {refundsCharge(to) ? (
              <div className="field">
                <label className="choice choice--wide">
                  <input
                    type="checkbox"
                    name="confirm"
                    aria-describedby={errors.confirm?.[0] ? `${id}-confirm-error` : undefined}
                    aria-invalid={errors.confirm?.[0] ? true : undefined}
                  />
                  <span className="choice__label">{t("transition.refundConfirm", { amount: formatMoney(totalCents, locale) })}</span>
                </label>
                <p id={`${id}-confirm-error`} className="field__error">
                  {errors.confirm?.[0] ? formMessageText(i18n, errors.confirm[0]) : null}
                </p>
                {reply?.refundRefused && reply.to === to ? (
                  <label className="choice choice--wide">
                    <input type="checkbox" name="refundedElsewhere" />
                    <span className="choice__label">{t("transition.refundedElsewhere")}</span>
                  </label>
                ) : null}
              </div>
            ) : null}
            {againstWithdrawal ? (
              <p id={`${id}-withdrawn`} className="admin__warning">
                {t("transition.againstWithdrawal")}
              </p>
            ) : null}
            <button
              id={`${id}-button`}
              type="submit"
              aria-describedby={againstWithdrawal ? `${id}-withdrawn` : undefined}
              className={refundsCharge(to) === withdrawn ? "button button--primary" : "button"}
              disabled={busy}
            >
              {t(`transition.${to}`)}
            </button>
          </Form>
        );
      })}
    </div>
  );
}

/**
 * A refused form puts the operator on its first field to fix: the submit button was disabled while the answer came,
 * which had left the focus on the page's body (a keyboard user started again from the top).
 */
function useFocusOnInvalidField(reply: TransitionReply | undefined) {
  useEffect(() => {
    if (!reply || reply.done || !isOrderStatus(reply.to)) return;
    const form = document.querySelector(`form[aria-labelledby="to-${reply.to}-button"]`);
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reply]);
}


interface HistoryEvent {
  id: string;
  at: string;
  actor: string;
  kind: string;
  from: string | null;
  to: string;
  details: Record<string, string>;
}

/** The order's history, oldest first: when, who, what. */
export function OrderHistory({ events }: { events: HistoryEvent[] }) {
  const { t } = useTranslation("admin");
  const { t: tOrders } = useTranslation("orders");
  const locale = useLocale();
  return (
    <ol className="admin__history">
      {events.map((event) => (
        <li key={event.id} className={event.kind === "note" ? "admin__history-note" : undefined}>
          <strong>{describePartialRefund(event, t, locale) ?? describe(event, t, tOrders)}</strong>
          {/* An operator's note, as typed: text (React escapes it), its lines kept. */}
          {event.kind === "note" ? (
            <NoteText text={event.details.erased ? t("corrections.history.erased") : (event.details.text ?? "")} />
          ) : (
            <br />
          )}
          <span className="admin__muted">
            {formatDateTime(event.at, locale)} · {actorName(event.actor, t)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function NoteText({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <p className="admin__note-text">
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </p>
  );
}

/** An operator by e-mail as stored; the buyer and the shop itself in the page's language. */
function actorName(actor: string, t: TFunction<"admin">): string {
  return actor === "buyer" || actor === "system" ? t(`history.actors.${actor}`) : actor;
}

/** The processor's refusal codes the back office words itself (transition.refusalReasons). */
const REFUSAL_REASON_KEYS = { charge_disputed: true } as const;

/** The mails a history entry may name as sent again (corrections.mails). */
const RESENT_MAIL_KEYS = { confirmation: true, shipped: true, refunded: true } as const;

function describe(event: HistoryEvent, t: TFunction<"admin">, tOrders: TFunction<"orders">): string {
  const label = isOrderStatus(event.to) ? tOrders(`status.${event.to}`) : event.to;
  if (event.kind === "placed") return t("history.placed");
  if (event.kind === "withdrawal") return t("history.withdrawal", { name: event.details.name ?? "" });
  if (event.kind === "note") return t("corrections.history.note");
  if (event.kind === "tracking-corrected") {
    const { fromCarrier, fromTrackingNumber, carrier, trackingNumber } = event.details;
    return t("corrections.history.trackingCorrected", {
      fromCarrier: carrierName(fromCarrier ?? null),
      fromTrackingNumber: fromTrackingNumber ?? "",
      carrier: carrierName(carrier ?? null),
      trackingNumber: trackingNumber ?? "",
    });
  }
  if (event.kind === "mail-resent") {
    const { mail, fromContact, contact } = event.details;
    const name = mail && mail in RESENT_MAIL_KEYS ? t(`corrections.mails.${mail as keyof typeof RESENT_MAIL_KEYS}`) : (mail ?? "");
    return fromContact ? t("corrections.history.contactCorrected", { from: fromContact, to: contact ?? "", mail: name }) : t("corrections.history.mailResent", { mail: name });
  }
  const { carrier, trackingNumber, refundReference, creditNoteNumber, refundedElsewhere, attempted, reason } = event.details;
  if (event.kind === "refund-refused") {
    const target = attempted && isOrderStatus(attempted) ? t(`statusInSentence.${attempted}`).toLowerCase() : (attempted ?? "");
    const said = reason && reason in REFUSAL_REASON_KEYS ? t(`transition.refusalReasons.${reason as "charge_disputed"}`) : (reason ?? "");
    return t("history.refundRefused", { attempted: target, reason: said });
  }
  if (refundedElsewhere) {
    return creditNoteNumber
      ? t("history.refundedElsewhereWithCreditNote", { status: label, creditNote: creditNoteNumber })
      : t("history.refundedElsewhere", { status: label });
  }
  if (carrier && trackingNumber) return t("history.shipped", { status: label, carrier: carrierName(carrier), trackingNumber });
  if (refundReference && creditNoteNumber) {
    return t("history.refundedWithCreditNote", { status: label, reference: refundReference, creditNote: creditNoteNumber });
  }
  if (refundReference) return t("history.refunded", { status: label, reference: refundReference });
  return label;
}
