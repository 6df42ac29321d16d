import { useEffect, useMemo, useRef, useState } from "react";

/** The inputs of a card form. */
export type CardInput = "number" | "name" | "month" | "year" | "cvv";

/** What the preview highlights: month and year share the one date area (spec §4). */
export type CardFocusTarget = "number" | "name" | "date" | "cvv";

/** Spec §4 and §9: the highlight clears this long after blur, unless another card field took focus. */
export const HIGHLIGHT_CLEAR_DELAY_MS = 300;

export interface CardFocusState {
  /** The preview area to highlight; stays set for HIGHLIGHT_CLEAR_DELAY_MS after the field loses focus. */
  focusedField: CardFocusTarget | null;
  /** True exactly while the security-code field has focus: the card shows its back. */
  flipped: boolean;
}

export interface CardInputFocusHandlers {
  onFocus: () => void;
  onBlur: () => void;
}

const CARD_INPUTS: readonly CardInput[] = ["number", "name", "month", "year", "cvv"];

function targetOf(input: CardInput): CardFocusTarget {
  return input === "month" || input === "year" ? "date" : input;
}

/**
 * Focus tracking for a card form, so the form tells the preview what to show instead of the preview reading
 * the DOM. Spread `cardProps` on the CardPreview and `inputProps(input)` on each field:
 *
 *     const focus = useCardFocus();
 *     <CardPreview {...values} {...focus.cardProps} />
 *     <input {...focus.inputProps("cvv")} />
 */
export function useCardFocus() {
  const [state, setState] = useState<CardFocusState>({ focusedField: null, flipped: false });
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const handlers = useMemo(() => {
    const cancelClear = () => {
      clearTimeout(clearTimer.current);
      clearTimer.current = undefined;
    };
    const focus = (input: CardInput) => {
      // Blur of the previous field comes first; cancelling its timer keeps the highlight moving, not blinking.
      cancelClear();
      setState({ focusedField: targetOf(input), flipped: input === "cvv" });
    };
    const blur = () => {
      // The card turns back at once; only the highlight lingers, so that tabbing across fields glides.
      setState((current) => (current.flipped ? { ...current, flipped: false } : current));
      cancelClear();
      clearTimer.current = setTimeout(() => {
        clearTimer.current = undefined;
        setState((current) => ({ ...current, focusedField: null }));
      }, HIGHLIGHT_CLEAR_DELAY_MS);
    };
    const byInput = Object.fromEntries(
      CARD_INPUTS.map((input) => [input, { onFocus: () => focus(input), onBlur: blur }]),
    ) as Record<CardInput, CardInputFocusHandlers>;
    return { byInput, cancelClear };
  }, []);

  useEffect(() => handlers.cancelClear, [handlers]);

  return {
    cardProps: state,
    inputProps: (input: CardInput): CardInputFocusHandlers => handlers.byInput[input],
  };
}
