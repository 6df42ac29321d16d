import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's (prerendered) HTML and while it hydrates, true once the page's scripts run. Controls that
 * only scripts can serve are disabled until then: a click before would do nothing, or be undone by hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
