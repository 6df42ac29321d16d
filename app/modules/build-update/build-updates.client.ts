import { currentBuildId, type LatestBuild } from "./build-meta.ts";
import { DEFAULT_LOCALE, isLocale } from "#app/modules/i18n/locales.ts";
import { chunkErrorMessage, hasChunkFailed, markChunkFailed } from "./chunk-error.ts";
import { startBuildWatcher } from "./build-watcher.ts";
import { isReloadHeld, onHoldReleased } from "./reload-holds.ts";
import { createReloadGuard, type ReloadGuard } from "./reload-guard.ts";
import { failedRouteModule, pageOfFailedModule, type ModuleManifest, type RouterView } from "./failed-route-page.ts";


/** Marks the page for the error page; the error, in the page's language, is what React Router may show too. */
function refuseReload(): Error {
  markChunkFailed();
  const lang = document.documentElement.lang;
  return new Error(chunkErrorMessage(isLocale(lang) ? lang : DEFAULT_LOCALE));
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Failed chunk loads after a new build reload the page once per path within 10 s (spec §4, §8).
 * Two sources: Vite's `vite:preloadError` (our own lazy imports), and React Router's route-module import,
 * which logs "Error loading route module" and then calls `location.reload()` itself with no loop guard.
 * React Router offers no hook there, so we watch for that log line:
 * - The reload is for the page whose code failed: the page the buyer was going to. React Router reloads the
 *   current URL, which is still the page they came from if the navigation has not committed, so that page's
 *   URL is pushed first; either way the buyer lands, once, on the fresh page they asked for.
 * - A failed prefetch (a link hovered, not followed) reloads nothing: the page in use, perhaps with card digits
 *   typed, stays. Following the link fails again and is handled then.
 * - Inside the 10 s window, or once the error page shows, we throw from the log line, which stops React
 *   Router before its reload, and mark the chunk as failed: `useChunkErrorPage` turns that into the error page
 *   (React Router would just render an empty page). A page loaded whole whose own code fails is handled by the
 *   hydration starter (document-hints.mjs), with the same marker.
 */
export function installChunkErrorGuard(
  guard: ReloadGuard = createReloadGuard(sessionStorageOrUndefined),
  routing: () => { router: RouterView; manifest: ModuleManifest } | undefined = reactRouterGlobals,
) {
  const mayReload = (path: string) => !hasChunkFailed() && guard.claimReload(path);
  let reloading = false;

  window.addEventListener("vite:preloadError", (event) => {
    if (mayReload(window.location.pathname)) {
      event.preventDefault();
      window.location.reload();
    } else {
      refuseReload(); // the import then rejects as usual
    }
  });

  const logError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    logError(...args);
    const moduleUrl = failedRouteModule(args[0]);
    if (moduleUrl === null) return;
    const current = routing();
    const page = current ? pageOfFailedModule(moduleUrl, current.router, current.manifest) : currentHref();
    if (page === null) throw new Error(`Prefetch of ${moduleUrl} failed; the page stays.`);
    // A second failure while the reload is under way (prefetch and navigation both failing) just waits for it.
    if (reloading) throw new Error(`${moduleUrl} failed; the page is reloading.`);
    if (!mayReload(new URL(page, window.location.href).pathname)) throw refuseReload();
    reloading = true;
    if (page !== currentHref()) window.history.pushState(null, "", page); // React Router reloads this URL next
    // The document is being replaced: if React Router commits the navigation meanwhile (it can, before the
    // component's module is in), its entry would be a second one for the same page, and Back would stay on it.
    window.history.pushState = () => {};
  };
}

function currentHref(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

function reactRouterGlobals() {
  const globals = window as { __reactRouterDataRouter?: RouterView; __reactRouterManifest?: ModuleManifest };
  const router = globals.__reactRouterDataRouter;
  const manifest = globals.__reactRouterManifest;
  return router && manifest ? { router, manifest } : undefined;
}

/** Reloads onto the new build, but never under a buyer who holds the page (card digits typed). */
export function reloadWhenSafe(reload: () => void = () => window.location.reload()) {
  if (!isReloadHeld() || document.hidden) {
    reload();
    return;
  }
  const done = () => {
    stopHoldListener();
    document.removeEventListener("visibilitychange", onVisibilityChange);
    reload();
  };
  const onVisibilityChange = () => {
    if (document.hidden) done();
  };
  const stopHoldListener = onHoldReleased(() => {
    if (!isReloadHeld()) done();
  });
  document.addEventListener("visibilitychange", onVisibilityChange);
}

async function fetchJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { cache: "no-store", headers: { Accept: "application/json" } });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null; // offline or a network hiccup: try again at the next check
  }
}

/** Starts watching for new builds; returns the function that stops it. The order state survives the reload. */
export function startBuildUpdates(onNewBuild: (latest: LatestBuild) => void = () => reloadWhenSafe()): () => void {
  const currentId = currentBuildId();
  if (!currentId) return () => {};
  return startBuildWatcher({
    currentId,
    fetchJson,
    effectiveConnectionType: () =>
      (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType,
    isHidden: () => document.hidden,
    onVisible: (listener) => {
      const handler = () => {
        if (!document.hidden) listener();
      };
      document.addEventListener("visibilitychange", handler);
      return () => document.removeEventListener("visibilitychange", handler);
    },
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    onNewBuild,
  });
}
