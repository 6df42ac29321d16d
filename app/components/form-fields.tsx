import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { formMessageText } from "#app/modules/forms/form-message.ts";

/**
 * Form fields that are accessible by construction: a real label, the hint and the error tied to the control
 * with aria-describedby, aria-invalid while in error, and reserved space so an error does not shift the page.
 */

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
  children: (describedBy: string | undefined, invalid: true | undefined) => ReactNode;
}

function FieldFrame({ id, label, hint, errors, children }: FieldFrameProps) {
  const { i18n } = useTranslation();
  const error = errors?.[0] ? formMessageText(i18n, errors[0]) : undefined;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {/* Always there (empty without a hint), so that fields side by side share their rows (app.css). */}
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      {children(describedBy, error ? true : undefined)}
      <p id={errorId} className="field__error">
        {error}
      </p>
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
};

export function TextField({ id, label, hint, errors, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors}>
      {(describedBy, invalid) => (
        <input id={id} type="text" aria-describedby={describedBy} aria-invalid={invalid} {...input} />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
  children: ReactNode;
};

export function SelectField({ id, label, hint, errors, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors}>
      {(describedBy, invalid) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={invalid} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export interface FormErrorItem {
  fieldId: string;
  label: string;
  message: string;
  /** Where to fix it, when the field is on another page (otherwise the link goes to `#fieldId`). */
  href?: string;
}

/** The summary items of some fields: the first error of each field that has one, with the field's label. */
export function fieldErrorItems(entries: [{ id: string; errors?: string[] }, string][]): FormErrorItem[] {
  return entries.flatMap(([field, label]) =>
    field.errors?.[0] ? [{ fieldId: field.id, label, message: field.errors[0] }] : [],
  );
}

/** Shown after a failed submit: every error at once, each a link to its field. */
export function ErrorSummary({ items, formErrors = [] }: { items: FormErrorItem[]; formErrors?: string[] }) {
  const titleId = useId();
  const { i18n, t } = useTranslation();
  if (items.length === 0 && formErrors.length === 0) return null;
  const count = items.length;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {count > 0 ? t("errorSummary.correct", { count }) : t("errorSummary.attention")}
      </h2>
      <ul>
        {formErrors.map((message) => (
          <li key={message}>{formMessageText(i18n, message)}</li>
        ))}
        {items.map((item) => (
          <li key={item.href ? `${item.href}:${item.label}` : item.fieldId}>
            <a href={item.href ?? `#${item.fieldId}`}>
              {item.label}: {formMessageText(i18n, item.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
