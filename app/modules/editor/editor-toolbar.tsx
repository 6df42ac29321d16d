import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { SelectedEmoji } from "#app/modules/emoji/index.ts";
import { BUTTON_SHORTCUTS, SHORTCUT_VALUES, SHORTCUTS } from "./editor-keys.ts";
import { StickerButton } from "./sticker-button.tsx";

interface EditorToolbarProps {
  canAdd: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onAddText(): void;
  onAddSticker(emoji: SelectedEmoji): void;
  onUndo(): void;
  onRedo(): void;
}

/** Adding layers, undo and redo. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation("editor");
  return (
    <div className="editor-toolbar" role="group" aria-label={t("toolbar.label")}>
      <button
        type="button"
        className="button button--primary"
        data-add-text
        disabled={!props.canAdd}
        onClick={props.onAddText}
      >
        {t("toolbar.addText")}
      </button>
      <StickerButton disabled={!props.canAdd} onPick={props.onAddSticker} />
      <button
        type="button"
        className="button"
        disabled={!props.canUndo}
        onClick={props.onUndo}
        aria-keyshortcuts={BUTTON_SHORTCUTS.undo}
      >
        {t("toolbar.undo")}
      </button>
      <button
        type="button"
        className="button"
        disabled={!props.canRedo}
        onClick={props.onRedo}
        aria-keyshortcuts={BUTTON_SHORTCUTS.redo}
      >
        {t("toolbar.redo")}
      </button>
    </div>
  );
}

export function ShortcutHelp() {
  const { t } = useTranslation("editor");
  return (
    <details className="editor-help">
      <summary>{t("shortcuts.title")}</summary>
      <dl>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut}>
            <dt>{t(`shortcuts.${shortcut}.keys`)}</dt>
            <dd>{t(`shortcuts.${shortcut}.does`, SHORTCUT_VALUES)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
