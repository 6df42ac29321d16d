import { useLocation } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { formMessageText } from "#app/modules/forms/form-message.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Why the buyer landed on this step (sent back by a step rule, as a message key); announced politely.
 * The notice lives in the browser's history state, which the server never sees: it is shown once hydrated, so a
 * reload of the step renders the server's empty line first instead of a hydration mismatch.
 */
export function StepNotice() {
  const state = useLocation().state as { notice?: unknown } | null;
  const notice = useHydrated() ? state?.notice : undefined;
  const { i18n } = useTranslation();
  return (
    <p className="step-notice" role="status">
      {typeof notice === "string" ? formMessageText(i18n, notice) : null}
    </p>
  );
}
