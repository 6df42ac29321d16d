import { useEffect } from "react";
import { useNavigate } from "react-router";
import { orderStore } from "./order-store.ts";
import { firstIncompleteStep, type CheckoutStep } from "./step-rules.ts";

/**
 * Sends a buyer who skipped ahead to the first incomplete step, with the reason shown there. It runs after
 * hydration, when the order restored from session storage is known (the server renders without it).
 */
export function useStepGuard(step: CheckoutStep, { signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    const missing = firstIncompleteStep(orderStore.getSnapshot(), step, { signedIn });
    if (missing) void navigate(missing.path, { replace: true, state: { notice: missing.reason } });
  }, [navigate, step, signedIn]);
}
