import type { SelectedEmoji } from "#app/modules/emoji/index.ts";
import { BUTTON_SHORTCUTS, SHORTCUTS } from "./editor-keys.ts";
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
  return (
    <div className="editor-toolbar" role="group" aria-label="Add layers, undo and redo">
      <button
        type="button"
        className="button button--primary"
        data-add-text
        disabled={!props.canAdd}
        onClick={props.onAddText}
      >
        Add text
      </button>
      <StickerButton disabled={!props.canAdd} onPick={props.onAddSticker} />
      <button
        type="button"
        className="button"
        disabled={!props.canUndo}
        onClick={props.onUndo}
        aria-keyshortcuts={BUTTON_SHORTCUTS.undo}
      >
        Undo
      </button>
      <button
        type="button"
        className="button"
        disabled={!props.canRedo}
        onClick={props.onRedo}
        aria-keyshortcuts={BUTTON_SHORTCUTS.redo}
      >
        Redo
      </button>
    </div>
  );
}

export function ShortcutHelp() {
  return (
    <details className="editor-help">
      <summary>Keyboard shortcuts</summary>
      <dl>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys}>
            <dt>{shortcut.keys}</dt>
            <dd>{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
