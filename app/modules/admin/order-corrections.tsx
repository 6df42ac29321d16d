import { useEffect, useId, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { formMessageText } from "#app/modules/forms/form-message.ts";
import { SelectField, TextField } from "#app/components/form-fields.tsx";
import { ShipmentFields } from "./shipment-fields.tsx";
import { NOTE_MAX_LENGTH, type OrderIntent } from "./correction-schema.ts";
import { mailName, type ResendableMail } from "#app/modules/orders/resendable-mails.ts";
import { FormAlert } from "./form-alert.tsx";

/** What the order page's action answered to a form besides the moves: for which (`intent`), its errors, or what was done. */
export interface CorrectionReply {
  /** Null for a post that names no form (a tampered or outdated one): its message goes above the forms. */
  intent: OrderIntent | null;
  result: {
    status?: string;
    error?: Record<string, string[] | null> | null;
    initialValue?: Record<string, unknown> | null;
  };
  done?: string;
  /** Refused because the order is not one this applies to, or changed meanwhile (the page reloads). */
  refused?: string;
}

export function isCorrectionReply(reply: unknown): reply is CorrectionReply {
  return typeof reply === "object" && reply !== null && "intent" in reply;
}

/** The reply for this form, if the last post was this form's. */
function replyFor(reply: CorrectionReply | undefined, intent: OrderIntent) {
  const own = reply?.intent === intent ? reply : undefined;
  const failed = own && !own.done ? own : undefined;
  return {
    own,
    errors: failed?.result.error ?? {},
    posted: failed?.result.initialValue ?? null,
  };
}

const postedText = (posted: Record<string, unknown> | null, name: string) => (typeof posted?.[name] === "string" ? posted[name] : undefined);

/**
 * A form's frame: its heading, what was done or refused, the errors no field shows (hidden fields), the fields and the
 * button. A refused form puts the operator on the first field to fix (the button was disabled while the answer came).
 */
function CorrectionForm({
  intent,
  heading,
  reply,
  fieldNames,
  submit,
  formKey,
  children,
}: {
  intent: OrderIntent;
  /** The form's heading; or, for a form inside a disclosure, the id of the summary that names it (no heading then). */
  heading: string | { labelledBy: string };
  reply: CorrectionReply | undefined;
  /** The fields the form shows: errors of any other field are the form's. */
  fieldNames: string[];
  submit: string;
  /** Changes once the post was made (a new submission id): the form starts empty again. */
  formKey: string;
  children: ReactNode;
}) {
  const ownHeadingId = useId();
  const headingId = typeof heading === "string" ? ownHeadingId : heading.labelledBy;
  const navigation = useNavigation();
  const { own, errors } = replyFor(reply, intent);
  const formErrors = Object.entries(errors)
    .filter(([name]) => !fieldNames.includes(name))
    .flatMap(([, messages]) => messages ?? []);
  useEffect(() => {
    if (!own || own.done) return;
    document.querySelector(`form[data-intent="${intent}"]`)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [own, intent]);
  return (
    <Form key={formKey} method="post" className="stack" aria-labelledby={headingId} data-intent={intent} noValidate>
      {typeof heading === "string" ? <h3 id={headingId}>{heading}</h3> : null}
      <FormAlert messages={[own?.refused]} />
      <FormAlert messages={formErrors} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        {submit}
      </button>
    </Form>
  );
}

/** What the form's post did, shown outside the form (whose disclosure closes once it is done). */
function Done({ reply, intent }: { reply: CorrectionReply | undefined; intent: OrderIntent }) {
  return reply?.intent === intent && reply.done ? <p role="status">{reply.done}</p> : null;
}

/** An operator's internal note: appended to the history, never shown to the buyer. */
export function NoteForm({ submission, reply }: { submission: string; reply: CorrectionReply | undefined }) {
  const { t, i18n } = useTranslation("admin");
  const { errors, posted } = replyFor(reply, "note");
  const error = errors.note?.[0] ? formMessageText(i18n, errors.note[0]) : undefined;
  return (
    <>
      <Done reply={reply} intent="note" />
      <CorrectionForm
        intent="note"
        heading={t("corrections.note.heading")}
        reply={reply}
        fieldNames={["note"]}
        submit={t("corrections.note.submit")}
        formKey={submission}
      >
        <input type="hidden" name="submission" value={submission} />
        <div className="field">
          <label htmlFor="note">{t("corrections.note.label")}</label>
          <p id="note-hint" className="field__hint">
            {t("corrections.note.hint", {
              max: NOTE_MAX_LENGTH.toLocaleString(i18n.language),
            })}
          </p>
          <textarea
            id="note"
            name="note"
            className="admin__note-field"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            aria-describedby={error ? "note-hint note-error" : "note-hint"}
            aria-invalid={error ? true : undefined}
            defaultValue={postedText(posted, "note")}
          />
          <p id="note-error" className="field__error">
            {error}
          </p>
        </div>
      </CorrectionForm>
    </>
  );
}

/** The carrier and tracking number corrected, from the ones the operator sees (compare-and-set). */
export function ShipmentCorrectionForm({
  carrier,
  trackingNumber,
  reply,
}: {
  carrier: string;
  trackingNumber: string;
  reply: CorrectionReply | undefined;
}) {
  const { t } = useTranslation("admin");
  const { own, errors, posted } = replyFor(reply, "correct-tracking");
  const summaryId = useId();
  return (
    <>
      <Done reply={reply} intent="correct-tracking" />
      <details className="admin__correction" open={Boolean(own && !own.done)}>
        <summary id={summaryId}>{t("corrections.tracking.heading")}</summary>
        <CorrectionForm
          intent="correct-tracking"
          heading={{ labelledBy: summaryId }}
          reply={reply}
          fieldNames={["carrier", "trackingNumber"]}
          submit={t("corrections.tracking.submit")}
          formKey={`${carrier}:${trackingNumber}`}
        >
          <p className="admin__muted">{t("corrections.tracking.hint")}</p>
          <input type="hidden" name="expectedCarrier" value={carrier} />
          <input type="hidden" name="expectedTrackingNumber" value={trackingNumber} />
          <ShipmentFields errors={errors} posted={posted} current={{ carrier, trackingNumber }} idPrefix="correct-" />
        </CorrectionForm>
      </details>
    </>
  );
}

interface ResendMailFormProps {
  contact: string;
  /** A guest order's address can be corrected; an account's orders go to the account's address. */
  contactEditable: boolean;
  /** No address is left: nothing can be sent. */
  anonymised: boolean;
  mails: readonly ResendableMail[];
  lastMail: ResendableMail;
  submission: string;
  reply: CorrectionReply | undefined;
}

/** One of the order's mails sent again, to the order's address or (a guest order's) a corrected one. */
export function ResendMailForm({ contact, contactEditable, anonymised, mails, lastMail, submission, reply }: ResendMailFormProps) {
  const { t } = useTranslation("admin");
  const { own, errors, posted } = replyFor(reply, "resend-mail");
  const summaryId = useId();
  if (anonymised) return <p className="admin__muted">{t("corrections.resend.anonymised")}</p>;
  const postedMail = postedText(posted, "mail");
  return (
    <>
      <Done reply={reply} intent="resend-mail" />
      <details className="admin__correction" open={Boolean(own && !own.done)}>
        <summary id={summaryId}>{t("corrections.resend.heading")}</summary>
        <CorrectionForm
          intent="resend-mail"
          heading={{ labelledBy: summaryId }}
          reply={reply}
          fieldNames={contactEditable ? ["contact", "mail"] : ["mail"]}
          submit={t("corrections.resend.submit")}
          formKey={submission}
        >
          <input type="hidden" name="submission" value={submission} />
          <input type="hidden" name="expectedContact" value={contact} />
          {contactEditable ? (
            <TextField
              id="resend-contact"
              name="contact"
              type="email"
              label={t("corrections.resend.contact")}
              hint={t("corrections.resend.contactHint")}
              autoComplete="off"
              spellCheck={false}
              errors={errors.contact ?? undefined}
              defaultValue={postedText(posted, "contact") ?? contact}
            />
          ) : (
            <p className="admin__muted">{t("corrections.resend.accountHint", { contact })}</p>
          )}
          <SelectField
            id="resend-mail"
            name="mail"
            label={t("corrections.resend.mail")}
            errors={errors.mail ?? undefined}
            defaultValue={postedMail && (mails as readonly string[]).includes(postedMail) ? postedMail : lastMail}
          >
            {mails.map((mail) => {
              const name = mailName(mail);
              return (
                <option key={mail} value={mail}>
                  {t(name.key, name.values)}
                </option>
              );
            })}
          </SelectField>
        </CorrectionForm>
      </details>
    </>
  );
}
