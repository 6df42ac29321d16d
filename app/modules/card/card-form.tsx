import { useEffect, type ChangeEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { ErrorSummary, TextField, type FormErrorItem } from "#app/components/form-fields.tsx";
import { ScriptButton } from "#app/components/script-button.tsx";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { cardBrandInfo, isCardBrand } from "./card-brand.ts";
import { keepDigits, reformatCardNumberInput, splitPastedExpiry, type TextWithCaret } from "./card-format.ts";
import { CardPreview, type CardPreviewProps } from "./card-preview.tsx";
import { securityCodeLength, type CardField } from "./card-validation.ts";
import { useCardFocus, type CardInput } from "./use-card-focus.ts";
import { CARD_FIELDS, useCardForm, type CardFormState } from "./use-card-form.ts";
import "./card-form.css";

/** A field's label: the card namespace's `fields.<field>`. */
function fieldLabel(t: TFunction<"card">, field: CardField): string {
  return t(`fields.${field}`);
}

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

export interface CardFieldsProps extends CardFormProps {
  card: CardFormState;
  /**
   * Give the inputs their `name`s, so that the surrounding form submits them (the Payment page, which sends
   * the card to the payment processor through our server). Off by default, so a demo can never send card data.
   */
  named?: boolean;
  /** Focus handlers for the group of fields, e.g. to hold a build-update reload while the buyer types. */
  groupProps?: { onFocus?: () => void; onBlur?: (event: React.FocusEvent<HTMLElement>) => void };
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

/** The card preview above the card fields (number, name, expiry month and year, security code). */
export function CardFields({ card, idPrefix = "card", preview, named = false, groupProps }: CardFieldsProps) {
  const focus = useCardFocus();
  const { values, errors } = card;
  const idOf = (field: CardField) => cardFieldId(idPrefix, field);
  // A field the buyer entered before the page came alive fired its focus event before React listened: tell the card
  // now, so that the security code typed early still shows the card's back.
  useEffect(() => {
    const field = CARD_FIELDS.find((each) => document.activeElement?.id === idOf(each));
    if (field) focus.inputProps(inputOf[field]).onFocus();
  }, []); // on mount only: later focus arrives through the fields' own events
  const codeLength = securityCodeLength(values.cardNumber);
  const { t } = useTranslation("card");

  const fieldProps = (field: CardField) => {
    const { onFocus, onBlur } = focus.inputProps(inputOf[field]);
    const message = errors[field];
    return {
      id: idOf(field),
      name: named ? field : undefined,
      label: fieldLabel(t, field),
      value: values[field],
      errors: message ? [message] : undefined,
      onFocus,
      onBlur: () => {
        onBlur();
        card.blur(field);
      },
    };
  };

  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const inputType = (event.nativeEvent as Partial<InputEvent>).inputType ?? "";
    const edit = reformatCardNumberInput(editedText(event), values.cardNumber, inputType);
    card.change("cardNumber", applyEdit(event.currentTarget, edit));
  };
  const onDigitsChange = (field: CardField, maxDigits: number) => (event: ChangeEvent<HTMLInputElement>) => {
    card.change(field, applyEdit(event.currentTarget, keepDigits(editedText(event), maxDigits)));
  };
  const digitsField = { inputMode: "numeric", spellCheck: false, autoCorrect: "off" } as const;

  return (
    <div className="card-form" {...groupProps}>
      <CardPreview {...values} {...focus.cardProps} {...preview} className="card-form__preview" />
      <div className="card-form__fields">
        <TextField
          {...fieldProps("cardNumber")}
          {...digitsField}
          autoComplete="cc-number"
          hint={t("hints.brands", { brands: acceptedBrandNames })}
          onChange={onNumberChange}
        />
        <TextField
          {...fieldProps("cardName")}
          autoComplete="cc-name"
          spellCheck={false}
          autoCorrect="off"
          onChange={(event) => card.change("cardName", event.currentTarget.value)}
        />
        <fieldset className="card-form__row">
          <legend>{t("fields.expiry")}</legend>
          <TextField
            {...fieldProps("cardMonth")}
            {...digitsField}
            autoComplete="cc-exp-month"
            maxLength={2}
            className="card-form__expiry"
            onChange={onDigitsChange("cardMonth", 2)}
            onPaste={(event) => {
              // "08/31" pasted from a card manager fills both fields instead of leaving "08" and an empty year.
              const expiry = splitPastedExpiry(event.clipboardData.getData("text"));
              if (!expiry) return;
              event.preventDefault();
              card.change("cardMonth", expiry.cardMonth);
              card.change("cardYear", expiry.cardYear);
            }}
          />
          <TextField
            {...fieldProps("cardYear")}
            {...digitsField}
            autoComplete="cc-exp-year"
            maxLength={4}
            className="card-form__expiry"
            onChange={onDigitsChange("cardYear", 4)}
          />
        </fieldset>
        <TextField
          {...fieldProps("cardCvv")}
          {...digitsField}
          autoComplete="cc-csc"
          maxLength={4}
          className="card-form__cvv"
          hint={t(codeLength === 4 ? "hints.cvvFront" : "hints.cvvBack")}
          onChange={onDigitsChange("cardCvv", 4)}
        />
      </div>
    </div>
  );
}

export function cardFieldId(idPrefix: string, field: CardField): string {
  return `${idPrefix}-${inputOf[field]}`;
}

/** The fields' error summary items, each linking to its field, with the fields' labels in the page's language. */
export function cardSummaryItems(
  card: CardFormState,
  t: TFunction<"card">,
  idPrefix = "card",
  /** The server's refusals of card fields (a reply's `error`), for a field the browser has no error for. */
  serverErrors: Record<string, string[] | null | undefined> = {},
): FormErrorItem[] {
  return CARD_FIELDS.flatMap((field) => {
    const message = card.errors[field] ?? serverErrors[field]?.[0];
    return message ? [{ fieldId: cardFieldId(idPrefix, field), label: fieldLabel(t, field), message }] : [];
  });
}

/** Shows every card error and moves focus to the first; returns whether the card details are complete. */
export function checkCardFields(card: CardFormState, idPrefix = "card"): boolean {
  const found = card.checkAll();
  const first = CARD_FIELDS.find((field) => found[field] !== undefined);
  if (first) document.getElementById(cardFieldId(idPrefix, first))?.focus();
  return first === undefined;
}

/**
 * A stand-alone card form with a live preview (the /Example showcase). "Check card details" validates every
 * field and lists what is wrong; it is type="button" and the fields have no `name`, so this form can never
 * submit card data, not even before the page has hydrated. The Payment page uses CardFields in the order form.
 */
export function CardForm({ idPrefix = "card", preview }: CardFormProps) {
  const card = useCardForm();
  const { t } = useTranslation("card");
  const summaryItems = cardSummaryItems(card, t, idPrefix);
  return (
    <div className="stack">
      {card.checked ? <ErrorSummary items={summaryItems} /> : null}
      <form noValidate aria-label={t("form.label")} onSubmit={(event) => event.preventDefault()}>
        <CardFields card={card} idPrefix={idPrefix} preview={preview} />
        <div className="actions">
          <ScriptButton className="button" onClick={() => checkCardFields(card, idPrefix)}>
            {t("form.check")}
          </ScriptButton>
        </div>
        <p role="status" className="card-form__status">
          {card.checked && summaryItems.length === 0 ? t("form.complete") : ""}
        </p>
      </form>
    </div>
  );
}
