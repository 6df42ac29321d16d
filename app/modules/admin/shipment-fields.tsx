import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { SelectField, TextField } from "#app/components/form-fields.tsx";
import { CARRIERS } from "#app/modules/orders/carriers.ts";

/**
 * The carrier and tracking number, for shipping an order and for correcting its shipment. After a refused post the
 * fields start from what was posted: a page rendered anew (no scripts) would otherwise come back empty under a
 * message about what was typed. `current` is the shipment being corrected, if any (no "Choose" then).
 */
export function ShipmentFields({
  errors,
  posted,
  current,
  idPrefix = "",
}: {
  errors: Record<string, string[] | null>;
  posted?: Record<string, unknown> | null;
  current?: { carrier: string; trackingNumber: string };
  idPrefix?: string;
}) {
  const { t } = useTranslation("admin");
  const postedCarrier = typeof posted?.carrier === "string" && posted.carrier in CARRIERS ? posted.carrier : undefined;
  const postedTracking = typeof posted?.trackingNumber === "string" ? posted.trackingNumber : undefined;
  return (
    <>
      <SelectField
        id={`${idPrefix}carrier`}
        name="carrier"
        label={t("transition.carrier")}
        errors={errors.carrier ?? undefined}
        defaultValue={postedCarrier ?? current?.carrier ?? ""}
      >
        {current ? null : (
          <option value="" disabled>
            {t("transition.choose")}
          </option>
        )}
        {Object.entries(CARRIERS).map(([code, carrier]) => (
          <option key={code} value={code}>
            {carrier.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${idPrefix}trackingNumber`}
        name="trackingNumber"
        label={t("transition.trackingNumber")}
        autoComplete="off"
        spellCheck={false}
        errors={errors.trackingNumber ?? undefined}
        defaultValue={postedTracking ?? current?.trackingNumber}
      />
    </>
  );
}
