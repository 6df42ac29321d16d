import { useId } from "react";
import { SKIN_TONES, type SkinTone } from "./emoji-types.ts";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";

interface EmojiSkinTonesProps {
  legend: string;
  tone: SkinTone;
  onChange: (tone: SkinTone) => void;
}

/** Radio buttons drawn as colour chips: one Tab stop, arrow keys choose, each with its tone's name. */
export function EmojiSkinTones({ legend, tone, onChange }: EmojiSkinTonesProps) {
  const name = useId();
  const { t } = useTranslation("emoji");
  return (
    <fieldset className="emoji-picker__tones">
      <legend className="emoji-picker__tones-legend">{legend}</legend>
      <div className="emoji-picker__tone-list">
        {SKIN_TONES.map((option) => (
          <label key={option} className="emoji-picker__tone" title={t(`skinTone.tones.${option}`)}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === tone}
              onChange={() => onChange(option)}
              className="emoji-picker__tone-input"
            />
            <span className={`emoji-picker__tone-chip emoji-picker__tone-chip--${option}`} aria-hidden="true" />
            <span className="visually-hidden">{t(`skinTone.tones.${option}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
