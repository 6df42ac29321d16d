import { useRef, useState } from "react";
import {
  validateCard,
  type CardErrors,
  type CardField,
  type CardValidationOptions,
  type CardValues,
} from "./card-validation.ts";

/**
 * The card form's values and which errors are on show. Values live in this component state only: card data
 * never goes to the order store, web storage or the URL (product §6).
 *
 * When errors show: a field the buyer changed is checked when it loses focus (tabbing through untouched fields
 * shows nothing); once it shows an error it is re-checked on every input, and the error goes away as soon as the
 * value is right; `checkAll` shows every error at once.
 */

export const EMPTY_CARD_VALUES: CardValues = { cardNumber: "", cardName: "", cardMonth: "", cardYear: "", cardCvv: "" };

export const CARD_FIELDS: readonly CardField[] = ["cardNumber", "cardName", "cardMonth", "cardYear", "cardCvv"];

type ShownFields = ReadonlySet<CardField>;

/** After an input: fields on show stay on show only while they are still wrong. */
export function shownAfterInput(shown: ShownFields, errors: CardErrors): ShownFields {
  return new Set([...shown].filter((field) => errors[field] !== undefined));
}

/**
 * After a blur: the field shows its error if it has one. Month and year are one date, so once both are filled
 * leaving either also shows the other's error (an expiry in the past is reported on the month or the year).
 */
export function shownAfterBlur(
  shown: ShownFields,
  field: CardField,
  values: CardValues,
  errors: CardErrors,
): ShownFields {
  const next = new Set(shown);
  const isDate = field === "cardMonth" || field === "cardYear";
  const fields: CardField[] = isDate && values.cardMonth && values.cardYear ? ["cardMonth", "cardYear"] : [field];
  for (const candidate of fields) {
    if (errors[candidate] !== undefined) next.add(candidate);
    else next.delete(candidate);
  }
  return next;
}

export type CardFormState = ReturnType<typeof useCardForm>;

export function useCardForm(options: CardValidationOptions = {}) {
  const [values, setValues] = useState<CardValues>(EMPTY_CARD_VALUES);
  const [shown, setShown] = useState<ShownFields>(() => new Set());
  const [checked, setChecked] = useState(false);
  // The newest values, also between a change and the render it causes: two changes in one batch (fields typed
  // before hydration and given back together) must both count, not the second one over the first.
  const latest = useRef(values);
  latest.current = values;
  const changed = useRef(new Set<CardField>());
  const allErrors = validateCard(values, options);
  const errors: CardErrors = Object.fromEntries(CARD_FIELDS.filter((f) => shown.has(f)).map((f) => [f, allErrors[f]]));

  return {
    values,
    /** The messages on show, by field. */
    errors,
    /** True once `checkAll` has run: the form shows an error summary from then on. */
    checked,
    change(field: CardField, value: string) {
      const next = { ...latest.current, [field]: value };
      latest.current = next;
      changed.current.add(field);
      setValues(next);
      setShown((current) => shownAfterInput(current, validateCard(next, options)));
    },
    blur(field: CardField) {
      if (!changed.current.has(field)) return;
      setShown((current) => shownAfterBlur(current, field, values, allErrors));
    },
    /** Empties the security code (after a declined payment: the buyer types it again, nothing else). */
    clearSecurityCode() {
      setValues((current) => ({ ...current, cardCvv: "" }));
    },
    /** Shows every error; returns them so the caller can move focus to the first. */
    checkAll(): CardErrors {
      setShown(new Set(CARD_FIELDS.filter((field) => allErrors[field] !== undefined)));
      setChecked(true);
      return allErrors;
    },
  };
}
