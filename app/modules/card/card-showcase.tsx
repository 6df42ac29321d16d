import { useId, useState } from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { CARD_BACKGROUND_COUNT } from "./card-backgrounds.ts";
import { CARD_BRANDS, cardBrandInfo } from "./card-brand.ts";
import { CardForm } from "./card-form.tsx";

const backgroundNumbers = Array.from({ length: CARD_BACKGROUND_COUNT }, (_, i) => i + 1);

/**
 * The card preview with a demo form, for the Example page: the same form as on /Payment, plus a few of the
 * preview's options to play with (masking, background, forced brand). Nothing typed here is kept anywhere.
 */
export function CardShowcase() {
  const [masked, setMasked] = useState(true);
  const [background, setBackground] = useState("");
  const [type, setType] = useState("");
  const id = useId();
  const { t } = useTranslation("card");

  return (
    <section className="card-panel stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("showcase.title")}</h2>
      <p>{t("showcase.intro")}</p>
      <div className="card-showcase__options">
        <label className="choice">
          <input type="checkbox" checked={masked} onChange={(event) => setMasked(event.currentTarget.checked)} />
          <span className="choice__label">{t("showcase.mask")}</span>
        </label>
        <div className="field">
          <label htmlFor={`${id}-background`}>{t("showcase.background")}</label>
          <select
            id={`${id}-background`}
            value={background}
            onChange={(event) => setBackground(event.currentTarget.value)}
          >
            <option value="">{t("showcase.random")}</option>
            {backgroundNumbers.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t("showcase.brand")}</label>
          <select id={`${id}-type`} value={type} onChange={(event) => setType(event.currentTarget.value)}>
            <option value="">{t("showcase.fromNumber")}</option>
            {CARD_BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {cardBrandInfo[brand].name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <CardForm
        idPrefix="card-demo"
        preview={{ masked, background: background || undefined, type: type || undefined }}
      />
    </section>
  );
}
