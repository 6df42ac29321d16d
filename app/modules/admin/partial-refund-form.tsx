import { useEffect, useRef } from "react";
import type { TFunction } from "i18next";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { Form, useNavigation } from "react-router";
import { TextField } from "#app/components/form-fields.tsx";
import { formatDateTime, formatMoney } from "#app/modules/catalog/format.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { PARTIAL_REFUND_INTENT, REASON_MAX_LENGTH } from "./partial-refund-schema.ts";
import { FormAlert } from "./form-alert.tsx";

/** What the order page's action answered to the partial refund form. */
export interface PartialRefundReply {
  intent: typeof PARTIAL_REFUND_INTENT;
  result: { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
  done?: string;
  unmailed?: string;
  /** Another refund was made, or the order moved on, since the page was read (the page reloads). */
  refused?: string;
}

export function isPartialRefundReply(reply: unknown): reply is PartialRefundReply {
  return typeof reply === "object" && reply !== null && (reply as { intent?: unknown }).intent === PARTIAL_REFUND_INTENT;
}

export interface PartialRefundPanelData {
  requestId: string;
  offered: boolean;
  totalCents: number;
  refundedCents: number;
  refundableCents: number;
  notes: { number: string; at: string; grossCents: number; reason: string; actor: string; href: string }[];
}

/**
 * Partial refunds on the back office's order page: what was refunded so far with each credit note (Rechnungskorrektur)
 * to download (`refunded`: the order was cancelled or returned since, which refunded the rest), and, while the order is
 * paid and not refunded, the form that gives part of the amount back (a price
 * reduction). A plain POST with `intent`, so it works without scripts; it carries what the page showed as refunded
 * (compare-and-set) and the page view's submission id (one processor refund per form).
 */
export function PartialRefunds({ panel, reply, refunded = false }: { panel: PartialRefundPanelData; reply: unknown; refunded?: boolean }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const navigation = useNavigation();
  const own = isPartialRefundReply(reply) ? reply : undefined;
  const failed = own && !own.done ? own : undefined;
  const errors = failed?.result.error ?? {};
  const posted = failed?.result.initialValue ?? null;
  const formErrors = [...(errors[""] ?? []), ...(errors.requestId ?? []), ...(errors.expectedRefundedCents ?? []), ...(errors.intent ?? [])];
  const formRef = useRef<HTMLFormElement>(null);
  // A refused form puts the operator on its first field to fix.
  useEffect(() => {
    if (failed) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);
  if (!panel.offered && panel.notes.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <section className="stack" aria-labelledby="partial-refunds-title">
      <h3 id="partial-refunds-title">{t("partialRefund.heading")}</h3>
      <p>
        {refunded
          ? // Cancelled or returned: the rest went back with the Stornorechnung.
            t("partialRefund.refundedBefore", { refunded: money(panel.refundedCents), rest: money(panel.refundableCents) })
          : panel.refundedCents > 0
            ? t("partialRefund.refundedSoFar", { refunded: money(panel.refundedCents), total: money(panel.totalCents), left: money(panel.refundableCents) })
            : t("partialRefund.nothingYet")}
      </p>
      {panel.notes.length > 0 ? (
        <ul className="admin__partial-refunds">
          {panel.notes.map((note) => (
            <li key={note.number}>
              {t("partialRefund.note", { date: formatDateTime(note.at, locale), amount: money(note.grossCents), reason: note.reason, actor: note.actor })}{" "}
              <a href={note.href} download>
                {t("partialRefund.download", { number: note.number })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {own?.done ? <p role="status">{own.done}</p> : null}
      {own?.done && own.unmailed ? (
        <p className="admin__warning" role="alert">
          {own.unmailed}
        </p>
      ) : null}
      <FormAlert messages={[own?.refused]} />
      {panel.offered ? (
        // Keyed by the page view: after a refund the page's new submission id gives an empty form.
        <Form key={panel.requestId} ref={formRef} method="post" className="stack" aria-labelledby="partial-refund-submit" noValidate>
          <input type="hidden" name="intent" value={PARTIAL_REFUND_INTENT} />
          <input type="hidden" name="requestId" value={panel.requestId} />
          <input type="hidden" name="expectedRefundedCents" value={String(panel.refundedCents)} />
          <FormAlert messages={formErrors} />
          <TextField
            id="refund-amount"
            name="amount"
            label={t("partialRefund.amount")}
            hint={t("partialRefund.amountHint", { left: money(panel.refundableCents) })}
            inputMode="decimal"
            autoComplete="off"
            maxLength={30}
            errors={errors.amount ?? undefined}
            defaultValue={typeof posted?.amount === "string" ? posted.amount : undefined}
          />
          <TextField
            id="refund-reason"
            name="reason"
            label={t("partialRefund.reason")}
            hint={t("partialRefund.reasonHint", { max: REASON_MAX_LENGTH })}
            autoComplete="off"
            maxLength={REASON_MAX_LENGTH}
            errors={errors.reason ?? undefined}
            defaultValue={typeof posted?.reason === "string" ? posted.reason : undefined}
          />
          <button id="partial-refund-submit" type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("partialRefund.submit")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * A partial refund's history entry, or its refused attempt, in the page's language (amounts formatted in it); null for
 * any other entry (order-actions.tsx describes those).
 */
export function describePartialRefund(
  event: { kind: string; details: Record<string, string> },
  t: TFunction<"admin">,
  locale: Locale,
): string | null {
  const { amountCents, refundReference, creditNoteNumber, reason, attempted } = event.details;
  const amount = formatMoney(Number(amountCents ?? 0), locale);
  if (event.kind === "partial-refund") {
    return t("history.partialRefund", { amount, reference: refundReference ?? "", creditNote: creditNoteNumber ?? "", reason: reason ?? "" });
  }
  if (event.kind === "refund-refused" && attempted === "partial-refund") {
    const said = reason === "charge_disputed" ? t("transition.refusalReasons.charge_disputed") : (reason ?? "");
    return t("history.partialRefundRefused", { amount, reason: said });
  }
  return null;
}
