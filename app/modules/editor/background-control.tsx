import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { useId } from "react";
import { backgroundSwatches } from "#app/modules/design/design.ts";

interface BackgroundControlProps {
  value: string;
  /** A change; the colour well sends a stream of them while the buyer explores, merged into one step. */
  onChange(colour: string, mergeKey?: string): void;
}

/** The deck's background: a few named colours, or any colour from the system's colour picker. */
export function BackgroundControl({ value, onChange }: BackgroundControlProps) {
  const id = useId();
  const { t } = useTranslation("editor");
  return (
    <fieldset className="choice-group editor-panel">
      <legend>{t("background.title")}</legend>
      <div className="swatches">
        {backgroundSwatches.map((swatch) => (
          <label key={swatch.value} className="swatch">
            <input
              type="radio"
              name={`${id}-background`}
              value={swatch.value}
              checked={value.toLowerCase() === swatch.value}
              onChange={() => onChange(swatch.value)}
            />
            {/* An SVG fill, not a style attribute: the page's policy allows no inline styles. */}
            <svg className="swatch__chip" viewBox="0 0 10 10" aria-hidden="true">
              <circle cx="5" cy="5" r="5" fill={swatch.value} />
            </svg>
            <span>{t(`background.swatches.${swatch.id}`)}</span>
          </label>
        ))}
      </div>
      <div className="field editor-colour-field">
        <label htmlFor={`${id}-custom`}>{t("background.other")}</label>
        <input
          id={`${id}-custom`}
          type="color"
          className="editor-colour"
          value={value.toLowerCase()}
          onChange={(event) => onChange(event.target.value, "background")}
        />
      </div>
    </fieldset>
  );
}
