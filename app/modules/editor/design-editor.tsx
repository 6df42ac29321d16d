import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { useDeferredValue, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import { BackgroundControl } from "./background-control.tsx";
import { deckOutline } from "#app/modules/design/deck-geometry.ts";
import type { Design, Layer } from "#app/modules/design/design.ts";
import {
  canAddLayer,
  findLayer,
  layersOutsideSafeZone,
  rotateLayer,
  setBackground,
  updateEmojiLayer,
  updateTextLayer,
} from "#app/modules/design/design-model.ts";
import {
  addSticker,
  addText,
  announceDrag,
  commitLayerChange,
  duplicate,
  layersFull,
  remove,
  reorder,
  restore,
  runLayerAction,
  type EditorContext,
} from "./editor-actions.ts";
import { CanvasLegend, EditorCanvas } from "./editor-canvas.tsx";
import { focusLayerElement, useAnnouncer, useFocusRequests, useStableHandlers } from "./editor-hooks.ts";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { historyKeyAction, layerKeyAction } from "./editor-keys.ts";
import { EditorToolbar, ShortcutHelp } from "./editor-toolbar.tsx";
import { LayerList } from "./layer-list.tsx";
import { LayerProperties } from "./layer-properties.tsx";
import { useDesignHistory } from "./use-design-history.ts";
import { useLayerDrag } from "./use-layer-drag.ts";
import "./editor.css";

interface DesignEditorProps {
  design: Design;
  onDesignChange(design: Design): void;
  /** The deck's width in inches; 0 (not chosen yet) edits the narrowest. */
  size: number;
  grip: boolean;
  /** Shown beside the deck, in sight while the buyer edits: the price and the next step. */
  summary?: ReactNode;
}

/**
 * The deck editor: the canvas with the deck in true proportions, the preview on the deck, and the tools.
 * The design lives in the order (onDesignChange saves every step); selection and undo history live here.
 * The stage (canvas, preview, summary) stays in sight while the tools scroll: editor.css makes it sticky, at the
 * top of a phone's screen and beside the tools on a wider one.
 */
export function DesignEditor({ design, onDesignChange, size, grip, summary }: DesignEditorProps) {
  const outline = useMemo(() => deckOutline(size), [size]);
  const history = useDesignHistory(design, onDesignChange);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [status, announce] = useAnnouncer();
  const svgRef = useRef<SVGSVGElement>(null);
  const toolsRef = useRef<HTMLFieldSetElement>(null);
  const helpId = useId();
  const legendId = useId();
  const hydrated = useHydrated();
  const { t } = useTranslation("editor");
  const editor: EditorContext = {
    t,
    history,
    outline,
    select: setSelectedId,
    focus: useFocusRequests(svgRef, toolsRef),
    announce,
  };
  const shown = history.shown;
  const selected = findLayer(shown, selectedId);
  const outside = useMemo(() => layersOutsideSafeZone(shown, outline), [shown, outline]);
  // While a pointer drags, the canvas follows every move; the preview and the panels catch up when there is
  // time. Otherwise they show the design exactly: a text field must never lag behind its own typing.
  const deferred = useDeferredValue(shown);
  const settled = history.previewing ? deferred : shown;
  const settledOutside = useMemo(
    () => (settled === shown ? outside : layersOutsideSafeZone(settled, outline)),
    [settled, shown, outside, outline],
  );
  const settledSelected = findLayer(settled, selectedId);
  const drag = useLayerDrag({
    svgRef,
    outline,
    history,
    onDragEnd: (kind, id, before, after) => announceDrag(editor, kind, id, before, after),
  });
  const layerHandlers = useStableHandlers({
    onPointerDown(event, layer, kind) {
      setSelectedId(layer.id);
      focusLayerElement(svgRef.current, layer.id);
      drag.begin(kind, event, layer);
    },
    onFocus: (layer) => setSelectedId(layer.id),
    onKeyDown(event, layer) {
      const action = layerKeyAction(event);
      if (!action) return;
      event.preventDefault();
      runLayerAction(editor, action, layer.id);
    },
  });

  function onEditorKeyDown(event: KeyboardEvent) {
    const action = historyKeyAction(event);
    if (!action || event.defaultPrevented) return;
    event.preventDefault();
    restore(editor, action, svgRef.current);
  }

  return (
    <div className="editor" onKeyDown={onEditorKeyDown}>
      <div className="editor__stage">
        <EditorCanvas
          svgRef={svgRef}
          design={shown}
          outline={outline}
          selectedId={selected?.id ?? null}
          outside={outside}
          handlers={layerHandlers}
          canvasHandlers={drag.canvasHandlers}
          onBackgroundPointerDown={() => drag.isDragging() || setSelectedId(null)}
          helpId={helpId}
          legendId={legendId}
        />
        <div className="editor__aside">
          {summary}
          <figure className="editor__preview">
            <DeckPreview design={settled} size={size} grip={grip} className="deck-preview editor__preview-deck" />
            <figcaption>{t("preview.caption")}</figcaption>
          </figure>
        </div>
      </div>
      {/* Disabled until the scripts run: before, a click would be lost and a choice undone by hydration. */}
      <fieldset className="editor__tools stack" ref={toolsRef} disabled={!hydrated} aria-label={t("tools.label")}>
        {/* A browser without scripts never gets the tools: say so, and what it can still order (D235). */}
        <noscript>
          <p className="editor-note">{t("tools.noScripts")}</p>
        </noscript>
        <EditorToolbar
          canAdd={canAddLayer(history.saved)}
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          onAddText={() => addText(editor)}
          onAddSticker={(emoji) => addSticker(editor, emoji)}
          onUndo={() => restore(editor, "undo", svgRef.current)}
          onRedo={() => restore(editor, "redo", svgRef.current)}
        />
        {canAddLayer(history.saved) ? null : <p className="editor-note">{layersFull(t)}</p>}
        <LayerList design={settled} selectedId={selectedId} outside={settledOutside} onSelect={setSelectedId} />
        {settledSelected ? (
          <SelectedLayerPanel
            editor={editor}
            layer={settledSelected}
            design={settled}
            outside={settledOutside.has(settledSelected.id)}
          />
        ) : (
          <p className="editor-note">{t("tools.selectHint")}</p>
        )}
        <BackgroundControl
          value={history.saved.background}
          onChange={(colour, mergeKey) => history.commit(setBackground(history.saved, colour), mergeKey)}
        />
        <CanvasLegend id={legendId} />
        <ShortcutHelp />
      </fieldset>
      <p id={helpId} className="visually-hidden">
        {t("canvas.layerHelp")}
      </p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </div>
  );
}

interface SelectedLayerPanelProps {
  editor: EditorContext;
  layer: Layer;
  design: Design;
  outside: boolean;
}

/** The selected layer's controls, wired to the editor's actions. */
function SelectedLayerPanel({ editor, layer, design, outside }: SelectedLayerPanelProps) {
  const { saved } = editor.history;
  const id = layer.id;
  return (
    <LayerProperties
      layer={layer}
      index={design.layers.indexOf(layer)}
      count={design.layers.length}
      outside={outside}
      canDuplicate={canAddLayer(saved)}
      onTextChange={(patch, mergeKey) => commitLayerChange(editor, updateTextLayer(saved, id, patch), id, { mergeKey })}
      onEmojiChange={(patch, mergeKey) =>
        commitLayerChange(editor, updateEmojiLayer(saved, id, patch), id, { mergeKey })
      }
      onRotate={(degrees, mergeKey) => commitLayerChange(editor, rotateLayer(saved, id, degrees), id, { mergeKey })}
      onDuplicate={() => duplicate(editor, id, false)}
      onReorder={(move) => reorder(editor, id, move, false)}
      onRemove={() => remove(editor, id)}
    />
  );
}
