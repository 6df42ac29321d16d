import { currentBuildId, type LatestBuild } from "./build-meta.ts";
import { CHUNK_ERROR_MESSAGE, hasChunkFailed, markChunkFailed } from "./chunk-error.ts";
import { startBuildWatcher } from "./build-watcher.ts";
import { isReloadHeld, onHoldReleased } from "./reload-holds.ts";
import { createReloadGuard, type ReloadGuard } from "./reload-guard.ts";


function refuseReload(): Error {
  markChunkFailed();
  return new Error(CHUNK_ERROR_MESSAGE);
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
 * React Router offers no hook there, so we watch for that log line: inside the 10 s window we throw from it,
 * which stops React Router before its reload. Either way a refused reload marks the chunk as failed, which
 * `useChunkErrorPage` turns into the error page (React Router itself would just render an empty page).
 *
 * Once the error page shows, no failure reloads any more: React Router commits the failed navigation, so the
 * next failed import (it retries while rendering) sees the target's path, which has no marker yet, and a
 * reload there would swap the error page for that page without its code.
 */
export function installChunkErrorGuard(guard: ReloadGuard = createReloadGuard(sessionStorageOrUndefined)) {
  const mayReload = () => !hasChunkFailed() && guard.claimReload(window.location.pathname);

  window.addEventListener("vite:preloadError", (event) => {
    if (mayReload()) {
      event.preventDefault();
      window.location.reload();
    } else {
      refuseReload(); // the import then rejects as usual
    }
  });

  const logError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    logError(...args);
    const routeModuleFailed = typeof args[0] === "string" && args[0].startsWith("Error loading route module");
    if (routeModuleFailed && !mayReload()) {
      throw refuseReload();
    }
  };
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
