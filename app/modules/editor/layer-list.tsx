import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { memo } from "react";
import type { Design } from "#app/modules/design/design.ts";
import { layerName } from "./layer-labels.ts";

interface LayerListProps {
  design: Design;
  selectedId: string | null;
  outside: ReadonlySet<string>;
  onSelect(id: string): void;
}

/** The layers front to back, each a button that selects it, with the safe-zone flag in words. */
export const LayerList = memo(function LayerList({ design, selectedId, outside, onSelect }: LayerListProps) {
  const frontFirst = design.layers.toReversed();
  const { t } = useTranslation("editor");
  return (
    <section className="editor-panel" aria-labelledby="layer-list-title">
      <h2 id="layer-list-title">{t("layers.title")}</h2>
      {frontFirst.length === 0 ? (
        <p className="editor-note">{t("layers.none")}</p>
      ) : (
        <ol className="editor-layers">
          {frontFirst.map((layer) => (
            <li key={layer.id}>
              <button
                type="button"
                className="editor-layers__item"
                aria-pressed={layer.id === selectedId}
                onClick={() => onSelect(layer.id)}
              >
                <span>{layerName(layer, t)}</span>
                {outside.has(layer.id) ? <span className="editor-layers__flag">{t("safeZone.outside")}</span> : null}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});
