import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from "react";
import { useCloseOnOutside } from "#app/components/use-close-on-outside.ts";
import type { SelectedEmoji } from "#app/modules/emoji/index.ts";

// The picker loads when the buyer first reaches for it (or hovers the button), not with the editor.
const loadPicker = () => import("#app/modules/emoji/emoji-picker.tsx");
// On the way to a click (pointerdown, focus), its data and first screen too, as the picker field's toggle does.
const preloadPicker = (locale: Locale) => {
  void loadPicker();
  void import("#app/modules/emoji/emoji-data.ts").then(({ preloadEmojiPicker }) => preloadEmojiPicker(undefined, { locale }));
};
const EmojiPicker = lazy(() => loadPicker().then((module) => ({ default: module.EmojiPicker })));

interface StickerButtonProps {
  disabled: boolean;
  onPick(emoji: SelectedEmoji): void;
}

/** "Add sticker": opens the emoji picker in a popup; a pick adds the sticker and closes it. */
export function StickerButton({ disabled, onPick }: StickerButtonProps) {
  const popupId = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useCloseOnOutside(open, wrapper, setOpen);
  const { t } = useTranslation("editor");
  const locale = useLocale();

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  // The popup is a dialog and owns its keys: Ctrl+Z in its search box is the text's undo, not the design's.
  function onKeyDown(event: KeyboardEvent) {
    event.stopPropagation();
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
  }

  return (
    <div className="editor-sticker" ref={wrapper}>
      <button
        ref={toggle}
        type="button"
        className="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        disabled={disabled}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onPointerEnter={() => void loadPicker()}
        onPointerDown={() => preloadPicker(locale)}
        onFocus={() => preloadPicker(locale)}
      >
        {t("toolbar.addSticker")}
      </button>
      {open ? (
        <div
          id={popupId}
          role="dialog"
          aria-label={t("sticker.dialog")}
          className="editor-sticker__popup"
          onKeyDown={onKeyDown}
        >
          <Suspense fallback={<p role="status">{t("sticker.loading")}</p>}>
            <EmojiPicker
              label={t("sticker.pickerLabel")}
              autoFocus
              onSelect={(emoji) => {
                setOpen(false);
                onPick(emoji);
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

