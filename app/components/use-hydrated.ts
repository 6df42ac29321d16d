import { createContext, startTransition, useContext, useEffect, useState, useSyncExternalStore } from "react";

/**
 * Whether the page's scripts have taken it over, as the root layout provides it (useHydrationPhase): false in the
 * server's HTML and while the page hydrates, then true. Null outside the root (a component rendered on its own): there
 * a render in the browser counts as hydrated at once.
 */
export const HydratedContext = createContext<boolean | null>(null);

const noSubscription = () => () => {};

/**
 * False in the server's (prerendered) HTML and while it hydrates, true once the page's scripts run. Controls that
 * only scripts can serve are disabled until then: a click before would do nothing, or be undone by hydration.
 */
export function useHydrated(): boolean {
  const phase = useContext(HydratedContext);
  return useSyncExternalStore(
    noSubscription,
    () => phase ?? true,
    () => phase ?? false,
  );
}

let hydratedOnce = false;

/**
 * The root layout's phase, for HydratedContext: false for hydration, then true, set in a transition once hydration
 * has committed (this is the root's effect, so it runs after every child's). What renders otherwise once the page is
 * live (the tab's order draft, buttons only scripts serve) then re-renders in slices the browser can interrupt. A
 * store read that differs from the server's at hydration would instead force one synchronous re-render of all of them
 * right after it: the longest task of a checkout page's load on a slow phone (bench:lighthouse, D242).
 */
export function useHydrationPhase(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
