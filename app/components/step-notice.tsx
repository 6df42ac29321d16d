import { useLocation } from "react-router";

/** Why the buyer landed on this step (sent back by a step rule); announced politely. */
export function StepNotice() {
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return (
    <p className="step-notice" role="status">
      {typeof notice === "string" ? notice : null}
    </p>
  );
}
