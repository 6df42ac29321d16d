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
  return (
    <fieldset className="choice-group editor-panel">
      <legend>Background colour</legend>
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
            <span>{swatch.name}</span>
          </label>
        ))}
      </div>
      <div className="field editor-colour-field">
        <label htmlFor={`${id}-custom`}>Other colour</label>
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
