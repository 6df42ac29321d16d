import { matchRoutes, type Location, type RouteObject } from "react-router";

/** The parts of React Router's browser router (`window.__reactRouterDataRouter`) this module reads. */
export interface RouterView {
  routes: RouteObject[];
  state: {
    location: Location;
    matches: readonly { route: { id?: string } }[];
    navigation: { location?: Location };
  };
}

/** The parts of React Router's manifest (`window.__reactRouterManifest`) this module reads. */
export interface ModuleManifest {
  routes: Record<string, { module: string } | undefined>;
}

const href = (location: Location) => location.pathname + location.search + location.hash;

/**
 * The page a failed route-module import belongs to: the page being navigated to, or the one just shown (React
 * Router may commit a navigation before the module's import fails). Null when it belongs to neither: a link's
 * prefetch (on hover or focus) for a page the buyer has not opened, which must never reload the page they are on.
 */
export function pageOfFailedModule(moduleUrl: string, router: RouterView, manifest: ModuleManifest): string | null {
  const usesModule = (matches: readonly { route: { id?: string } }[] | null) =>
    matches?.some((match) => match.route.id !== undefined && manifest.routes[match.route.id]?.module === moduleUrl) ?? false;
  const pending = router.state.navigation.location;
  if (pending && usesModule(matchRoutes(router.routes, pending))) return href(pending);
  if (usesModule(router.state.matches)) return href(router.state.location);
  return null;
}

/** The module named in React Router's log line "Error loading route module `/assets/…js`, reloading page...". */
export function failedRouteModule(logLine: unknown): string | null {
  if (typeof logLine !== "string" || !logLine.startsWith("Error loading route module")) return null;
  return /`([^`]+)`/.exec(logLine)?.[1] ?? null;
}
