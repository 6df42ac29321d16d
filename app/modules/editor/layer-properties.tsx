import { useId, useState, type ReactNode } from "react";
import { cleanLayerText, DESIGN_LIMITS, TEXT_ALIGNS, type Layer, type TextAlign, type TextLayer } from "#app/modules/design/design.ts";
import type { EmojiPatch, ReorderMove, TextPatch } from "#app/modules/design/design-model.ts";
import { BUTTON_SHORTCUTS } from "./editor-keys.ts";
import { BUNDLED_FONTS, fontById, isFontId } from "#app/modules/design/fonts.ts";
import { layerName } from "./layer-labels.ts";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";

export interface LayerPropertiesProps {
  layer: Layer;
  index: number;
  count: number;
  outside: boolean;
  canDuplicate: boolean;
  /** A change from a control; controls that send a stream of changes (typing, sliders) pass a merge key. */
  onTextChange(patch: TextPatch, mergeKey?: string): void;
  onEmojiChange(patch: EmojiPatch, mergeKey?: string): void;
  onRotate(degrees: number, mergeKey: string): void;
  onDuplicate(): void;
  onReorder(move: ReorderMove): void;
  onRemove(): void;
}

/** The selected layer's settings and actions. */
export function LayerProperties(props: LayerPropertiesProps) {
  const { layer } = props;
  const { t } = useTranslation("editor");
  return (
    <section className="editor-panel stack" aria-labelledby="layer-properties-title">
      <h2 id="layer-properties-title">{t("properties.selected", { name: layerName(layer, t) })}</h2>
      <SafeZoneNote outside={props.outside} />
      {layer.kind === "text" ? (
        <TextControls key={layer.id} layer={layer} onChange={props.onTextChange} />
      ) : (
        <RangeControl
          label={t("properties.stickerSize")}
          value={layer.size}
          range={DESIGN_LIMITS.emojiSizeMm}
          unit="mm"
          onChange={(size) => props.onEmojiChange({ size }, `size:${layer.id}`)}
        />
      )}
      <RangeControl
        label={t("properties.rotation")}
        value={layer.rotation}
        range={DESIGN_LIMITS.rotation}
        unit="°"
        onChange={(degrees) => props.onRotate(degrees, `rotate:${layer.id}`)}
      />
      <LayerActions {...props} />
    </section>
  );
}

function SafeZoneNote({ outside }: { outside: boolean }) {
  const { t } = useTranslation("editor");
  return outside ? (
    <p className="editor-note editor-note--warning">
      <strong>{t("safeZone.outsideTitle")}</strong> {t("safeZone.outsideExplained")}
    </p>
  ) : (
    <p className="editor-note">{t("safeZone.inside")}</p>
  );
}

function TextControls({ layer, onChange }: { layer: TextLayer; onChange: LayerPropertiesProps["onTextChange"] }) {
  const id = useId();
  const [dropped, setDropped] = useState(false);
  const font = fontById(layer.font);
  const { t } = useTranslation("editor");
  function onText(input: string) {
    const cleaned = cleanLayerText(input);
    setDropped(cleaned.dropped);
    onChange({ text: cleaned.text }, `text:${layer.id}`);
  }
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t("properties.text")}</label>
        <textarea
          id={`${id}-text`}
          className="editor-textarea"
          rows={2}
          value={layer.text}
          maxLength={DESIGN_LIMITS.textMaxChars}
          aria-describedby={`${id}-count${dropped ? ` ${id}-dropped` : ""}`}
          onChange={(event) => onText(event.target.value)}
          style={{ fontFamily: `"${font.family}", sans-serif`, fontWeight: font.weight }}
        />
        <p id={`${id}-count`} className="field__hint">
          {t("properties.textCount", { length: layer.text.length, max: DESIGN_LIMITS.textMaxChars, lines: DESIGN_LIMITS.textMaxLines })}
        </p>
        {dropped ? (
          <p id={`${id}-dropped`} className="editor-note editor-note--warning" role="status">
            {t("properties.dropped")}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-font`}>{t("properties.font")}</label>
        <select
          id={`${id}-font`}
          value={layer.font}
          onChange={(event) => isFontId(event.target.value) && onChange({ font: event.target.value })}
        >
          {BUNDLED_FONTS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-colour`}>{t("properties.textColour")}</label>
        <input
          id={`${id}-colour`}
          type="color"
          className="editor-colour"
          value={layer.color}
          onChange={(event) => onChange({ color: event.target.value }, `colour:${layer.id}`)}
        />
      </div>
      <RangeControl
        label={t("properties.textSize")}
        value={layer.fontSize}
        range={DESIGN_LIMITS.fontSizeMm}
        unit="mm"
        onChange={(fontSize) => onChange({ fontSize }, `size:${layer.id}`)}
      />
      <AlignmentControl value={layer.align} onChange={(align) => onChange({ align })} />
    </>
  );
}

function AlignmentControl({ value, onChange }: { value: TextAlign; onChange(align: TextAlign): void }) {
  const name = useId();
  const { t } = useTranslation("editor");
  return (
    <fieldset className="choice-group">
      <legend>{t("properties.alignment")}</legend>
      <div className="choice-group__options">
        {TEXT_ALIGNS.map((align) => (
          <label key={align} className="choice">
            <input type="radio" name={name} value={align} checked={value === align} onChange={() => onChange(align)} />
            <span className="choice__label">{t(`properties.align.${align}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface RangeControlProps {
  label: string;
  value: number;
  range: { min: number; max: number };
  unit: "mm" | "°";
  onChange(value: number): void;
}

function RangeControl({ label, value, range, unit, onChange }: RangeControlProps) {
  const id = useId();
  const rounded = Math.round(value);
  const { t } = useTranslation("editor");
  return (
    <div className="field editor-range">
      <div className="editor-range__head">
        <label htmlFor={id}>{label}</label>
        {/* Shown, not spoken twice: the slider says its value itself (aria-valuetext). */}
        <span aria-hidden="true">{unit === "mm" ? t("units.mm", { value: rounded }) : t("units.degrees", { value: rounded })}</span>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={1}
        value={rounded}
        aria-valuetext={unit === "mm" ? t("units.millimetres", { value: rounded }) : t("units.degreesSpoken", { value: rounded })}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}

function LayerActions(props: LayerPropertiesProps) {
  const last = props.count - 1;
  const { t } = useTranslation("editor");
  return (
    <div className="editor-actions" role="group" aria-label={t("actions.label")}>
      <ActionButton onClick={props.onDuplicate} disabled={!props.canDuplicate} shortcut={BUTTON_SHORTCUTS.duplicate}>
        {t("actions.duplicate")}
      </ActionButton>
      <ActionButton onClick={() => props.onReorder("forward")} disabled={props.index >= last} shortcut={BUTTON_SHORTCUTS.forward}>
        {t("actions.forward")}
      </ActionButton>
      <ActionButton onClick={() => props.onReorder("backward")} disabled={props.index <= 0} shortcut={BUTTON_SHORTCUTS.backward}>
        {t("actions.backward")}
      </ActionButton>
      <ActionButton onClick={props.onRemove} shortcut={BUTTON_SHORTCUTS.remove} danger>
        {t("actions.remove")}
      </ActionButton>
    </div>
  );
}

interface ActionButtonProps {
  onClick(): void;
  disabled?: boolean;
  shortcut: string;
  danger?: boolean;
  children: ReactNode;
}

function ActionButton({ onClick, disabled, shortcut, danger, children }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`button button--small${danger ? " button--danger" : ""}`}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={shortcut}
    >
      {children}
    </button>
  );
}
