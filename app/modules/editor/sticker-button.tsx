import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from "react";
import { useCloseOnOutsidePointer } from "#app/components/use-close-on-outside-pointer.ts";
import type { SelectedEmoji } from "#app/modules/emoji/index.ts";

// The picker loads when the buyer first reaches for it (or hovers the button), not with the editor.
const loadPicker = () => import("#app/modules/emoji/emoji-picker.tsx");
// On the way to a click (pointerdown, focus), its data and first screen too, as the picker field's toggle does.
const preloadPicker = () => {
  void loadPicker();
  void import("#app/modules/emoji/emoji-data.ts").then(({ preloadEmojiPicker }) => preloadEmojiPicker());
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
  useCloseOnOutsidePointer(open, wrapper, setOpen);

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
        onPointerDown={preloadPicker}
        onFocus={preloadPicker}
      >
        Add sticker
      </button>
      {open ? (
        <div
          id={popupId}
          role="dialog"
          aria-label="Choose a sticker"
          className="editor-sticker__popup"
          onKeyDown={onKeyDown}
        >
          <Suspense fallback={<p role="status">Loading the emoji picker…</p>}>
            <EmojiPicker
              label="Stickers"
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

