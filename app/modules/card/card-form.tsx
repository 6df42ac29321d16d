import type { ChangeEvent } from "react";
import { ErrorSummary, TextField, type FormErrorItem } from "~/components/form-fields";
import { catalog } from "~/modules/catalog/catalog";
import { cardBrandInfo, isCardBrand } from "./card-brand";
import { keepDigits, reformatCardNumberInput, type TextWithCaret } from "./card-format";
import { CardPreview, type CardPreviewProps } from "./card-preview";
import { securityCodeLength, type CardField } from "./card-validation";
import { useCardFocus, type CardInput } from "./use-card-focus";
import { CARD_FIELDS, useCardForm } from "./use-card-form";
import "./card-form.css";

const fieldLabels: Record<CardField, string> = {
  cardNumber: "Card number",
  cardName: "Name on card",
  cardMonth: "Month (MM)",
  cardYear: "Year (YY)",
  cardCvv: "Security code",
};

const inputOf: Record<CardField, CardInput> = {
  cardNumber: "number",
  cardName: "name",
  cardMonth: "month",
  cardYear: "year",
  cardCvv: "cvv",
};

const acceptedBrandNames = catalog.acceptedCardBrands
  .filter(isCardBrand)
  .map((brand) => cardBrandInfo[brand].name)
  .join(", ");

export interface CardFormProps {
  /** Prefix of the fields' ids; give each form on a page its own. Default "card". */
  idPrefix?: string;
  /** Passed on to the preview. */
  preview?: Pick<CardPreviewProps, "masked" | "background" | "labels" | "type">;
}

/** Puts the edited text and caret straight into the field, so React's re-render finds nothing to move. */
function applyEdit(input: HTMLInputElement, edit: TextWithCaret): string {
  input.value = edit.value;
  if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
  return edit.value;
}

function editedText(event: ChangeEvent<HTMLInputElement>): TextWithCaret {
  const input = event.currentTarget;
  return { value: input.value, caret: input.selectionStart ?? input.value.length };
}

/**
 * The card details with a live preview: number, name, expiry month and year, security code.
 *
 * There is no "Pay" button yet: submitting the order is a later issue, and a button that does nothing would
 * mislead. "Check card details" validates every field and lists what is wrong; it is type="button" and the
 * fields have no `name`, so nothing can ever submit card data, not even before the page has hydrated.
 */
export function CardForm({ idPrefix = "card", preview }: CardFormProps) {
  const form = useCardForm();
  const focus = useCardFocus();
  const { values, errors } = form;
  const idOf = (field: CardField) => `${idPrefix}-${inputOf[field]}`;
  const codeLength = securityCodeLength(values.cardNumber);

  const fieldProps = (field: CardField) => {
    const { onFocus, onBlur } = focus.inputProps(inputOf[field]);
    const message = errors[field];
    return {
      id: idOf(field),
      label: fieldLabels[field],
      value: values[field],
      errors: message ? [message] : undefined,
      onFocus,
      onBlur: () => {
        onBlur();
        form.blur(field);
      },
    };
  };

  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const inputType = (event.nativeEvent as Partial<InputEvent>).inputType ?? "";
    const edit = reformatCardNumberInput(editedText(event), values.cardNumber, inputType);
    form.change("cardNumber", applyEdit(event.currentTarget, edit));
  };
  const onDigitsChange = (field: CardField, maxDigits: number) => (event: ChangeEvent<HTMLInputElement>) => {
    form.change(field, applyEdit(event.currentTarget, keepDigits(editedText(event), maxDigits)));
  };

  const checkAll = () => {
    const found = form.checkAll();
    const first = CARD_FIELDS.find((field) => found[field] !== undefined);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const summaryItems: FormErrorItem[] = CARD_FIELDS.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: idOf(field), label: fieldLabels[field], message }] : [];
  });
  const digitsField = { inputMode: "numeric", spellCheck: false, autoCorrect: "off" } as const;

  return (
    <div className="card-form">
      <CardPreview {...values} {...focus.cardProps} {...preview} className="card-form__preview" />
      {form.checked ? <ErrorSummary items={summaryItems} /> : null}
      <form
        className="card-form__fields"
        noValidate
        aria-label="Card details"
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField
          {...fieldProps("cardNumber")}
          {...digitsField}
          autoComplete="cc-number"
          hint={`We take ${acceptedBrandNames}.`}
          onChange={onNumberChange}
        />
        <TextField
          {...fieldProps("cardName")}
          autoComplete="cc-name"
          spellCheck={false}
          autoCorrect="off"
          onChange={(event) => form.change("cardName", event.currentTarget.value)}
        />
        <fieldset className="card-form__row">
          <legend>Expiry date</legend>
          <TextField
            {...fieldProps("cardMonth")}
            {...digitsField}
            autoComplete="cc-exp-month"
            maxLength={2}
            onChange={onDigitsChange("cardMonth", 2)}
          />
          <TextField
            {...fieldProps("cardYear")}
            {...digitsField}
            autoComplete="cc-exp-year"
            maxLength={4}
            onChange={onDigitsChange("cardYear", 4)}
          />
        </fieldset>
        <TextField
          {...fieldProps("cardCvv")}
          {...digitsField}
          autoComplete="cc-csc"
          maxLength={4}
          className="card-form__cvv"
          hint={codeLength === 4 ? "4 digits, on the front of the card." : "3 digits, on the back of the card."}
          onChange={onDigitsChange("cardCvv", 4)}
        />
        <div className="actions">
          <button type="button" className="button" onClick={checkAll}>
            Check card details
          </button>
        </div>
        <p role="status" className="card-form__status">
          {form.checked && summaryItems.length === 0 ? "The card details are complete." : ""}
        </p>
      </form>
    </div>
  );
}
