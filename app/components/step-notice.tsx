import { useLocation } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { formMessageText } from "#app/modules/forms/form-message.ts";

/** Why the buyer landed on this step (sent back by a step rule, as a message key); announced politely. */
export function StepNotice() {
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const { i18n } = useTranslation();
  return (
    <p className="step-notice" role="status">
      {typeof notice === "string" ? formMessageText(i18n, notice) : null}
    </p>
  );
}
