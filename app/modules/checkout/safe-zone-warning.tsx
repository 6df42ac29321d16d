import { useMemo } from "react";
import { Link } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { deckOutline } from "#app/modules/design/deck-geometry.ts";
import { layersOutsideSafeZone } from "#app/modules/design/design-model.ts";
import type { Design } from "#app/modules/design/design.ts";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";

/**
 * The editor marks a layer outside the safe zone; a buyer who goes on to check out (or picks a width that pushes a
 * layer over the edge) is told again here, before paying, with the way back to the editor: what lies beyond the
 * safe zone may be cut off at the deck's rounded edge.
 */
export function SafeZoneWarning({ design, size }: { design: Design; size: number }) {
  const { t } = useTranslation("checkout");
  const count = useMemo(() => layersOutsideSafeZone(design, deckOutline(size)).size, [design, size]);
  if (count === 0) return null;
  return (
    <p className="safe-zone-warning" data-testid="safe-zone-warning">
      <RichText message={t("safeZone.outside", { count })} components={{ editor: <Link to="/editor" /> }} />
    </p>
  );
}
