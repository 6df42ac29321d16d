import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from "react";
import { DEFAULT_IMAGE_BASE_URL, preloadEmojiPicker } from "./emoji-data.ts";
import { EmojiPicker, type EmojiPickerProps } from "./emoji-picker.tsx";
import type { InsertMode, SelectedEmoji } from "./emoji-types.ts";
import { insertEmoji, type TextSelection } from "./text-insertion.ts";
import { useCloseOnOutside } from "#app/components/use-close-on-outside.ts";
import { ScriptButton } from "#app/components/script-button.tsx";

export interface EmojiPickerFieldProps extends Omit<EmojiPickerProps, "autoFocus" | "label"> {
  /** The field's visible label. */
  label: string;
  /** `input` (default) for one line, `textarea` for several. */
  fieldType?: "input" | "textarea";
  /** Controlled text; leave undefined and use `defaultValue` for an uncontrolled field. */
  value?: string;
  defaultValue?: string;
  /** Called with the whole new text after typing or after an emoji was put in. */
  onValueChange?: (text: string) => void;
  /** Where a picked emoji goes: `insert` at the caret (default; appended if the field was never focused), `prepend` or `append`. */
  mode?: InsertMode;
  /** Gap in px between the field and the popup below it. Default 6. */
  offset?: number;
  /** Accessible name of the toggle button. Default "Choose emoji". */
  toggleLabel?: string;
  id?: string;
  name?: string;
  placeholder?: string;
  /** Rows of a textarea. */
  rows?: number;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * A text input or textarea with a toggle button that opens the emoji picker in a popup below it, right-aligned.
 * A pick goes into the text (see `mode`) and the popup stays open for more; a click outside or Escape closes
 * it, Escape returning focus to the toggle. The picker's data and first-screen artwork start loading when the
 * toggle is pressed or focused, so that they are on their way by the click; nothing loads with the page.
 */
export function EmojiPickerField(props: EmojiPickerFieldProps) {
  const { t } = useTranslation("emoji");
  const locale = useLocale();
  const { label, fieldType = "input", mode = "insert", offset = 6, toggleLabel = t("field.toggle"), ...rest } = props;
  const { value, defaultValue, onValueChange, id, name, placeholder, rows, onSelect, ...pickerProps } = rest;
  const generatedId = useId();
  const fieldId = id ?? `${generatedId}-field`;
  const popupId = `${generatedId}-popup`;
  const [text, setText] = useFieldText(value, defaultValue, onValueChange);
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { fieldRef, selection, trackSelection, placeCaret } = useCaret();
  useCloseOnOutside(open, wrapperRef, setOpen);
  const { imageBaseUrl = DEFAULT_IMAGE_BASE_URL, native = false } = pickerProps;
  const preload = () => preloadEmojiPicker(imageBaseUrl, { art: !native, locale });

  function onPick(emoji: SelectedEmoji) {
    const result = insertEmoji(text, emoji.native, mode, selection.current);
    setText(result.text);
    placeCaret(result.caret);
    onSelect?.(emoji);
  }

  function onPopupKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  }

  const fieldProps = {
    id: fieldId,
    name,
    placeholder,
    className: "emoji-field__input",
    value: text,
    onChange: (event: ChangeEvent<FieldElement>) => {
      setText(event.target.value);
      trackSelection(event);
    },
    onSelect: trackSelection,
    onBlur: trackSelection,
  };
  return (
    <div className="field emoji-field">
      <label htmlFor={fieldId}>{label}</label>
      <div className="emoji-field__control" ref={wrapperRef}>
        {fieldType === "textarea" ? (
          <textarea {...fieldProps} rows={rows} ref={fieldRef as RefObject<HTMLTextAreaElement>} />
        ) : (
          <input {...fieldProps} type="text" ref={fieldRef as RefObject<HTMLInputElement>} />
        )}
        <ScriptButton
          ref={toggleRef}
          className="emoji-field__toggle"
          aria-label={toggleLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          onPointerDown={preload}
          onFocus={preload}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <SmileyIcon />
        </ScriptButton>
        {open ? (
          <div
            id={popupId}
            role="dialog"
            aria-label={t("field.popup", { label })}
            className="emoji-field__popup"
            style={{ "--emoji-popup-offset": `${offset}px` } as CSSProperties}
            onKeyDown={onPopupKeyDown}
          >
            <EmojiPicker {...pickerProps} autoFocus onSelect={onPick} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Controlled when `value` is given, otherwise the field keeps its own text starting at `defaultValue`. */
function useFieldText(value: string | undefined, defaultValue = "", onValueChange?: (text: string) => void) {
  const [own, setOwn] = useState(defaultValue);
  const text = value ?? own;
  const setText = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return [text, setText] as const;
}

/**
 * The caret as the user left it, read from the field's own events: the picker has focus when an emoji is picked.
 * Null until the user has been in the field. After an insertion the caret is put right after the emoji.
 */
function useCaret() {
  const fieldRef = useRef<FieldElement>(null);
  const selection = useRef<TextSelection | null>(null);
  const [caretToPlace, setCaretToPlace] = useState<{ at: number } | null>(null);

  function trackSelection(event: SyntheticEvent<FieldElement>) {
    const { selectionStart, selectionEnd } = event.currentTarget;
    if (selectionStart !== null && selectionEnd !== null) selection.current = { start: selectionStart, end: selectionEnd };
  }

  // After React has written the new text, which moves the browser's caret to the end.
  useLayoutEffect(() => {
    if (!caretToPlace || !fieldRef.current) return;
    fieldRef.current.setSelectionRange(caretToPlace.at, caretToPlace.at);
  }, [caretToPlace]);

  function placeCaret(at: number) {
    selection.current = { start: at, end: at };
    setCaretToPlace({ at });
  }
  return { fieldRef, selection, trackSelection, placeCaret };
}


function SmileyIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="10" r="1.4" fill="currentColor" />
      <circle cx="15" cy="10" r="1.4" fill="currentColor" />
      <path d="M7.5 14.5a5 5 0 0 0 9 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
