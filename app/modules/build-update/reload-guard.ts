/**
 * Spec §4/§8: after a failed chunk load the page reloads fully, at most once per path within 10 seconds,
 * guarded by a session-storage marker. A second failure inside that window must not reload again (that would
 * loop on a broken deployment); the caller shows the error page instead.
 */
import { RELOAD_GUARD_MS, RELOAD_MARKER_PREFIX } from "./chunk-reload.mjs";

export { RELOAD_GUARD_MS };

export interface ReloadGuard {
  /** True, and the marker set, when a reload for `path` is allowed now; false inside the 10 s window. */
  claimReload(path: string): boolean;
}

export function createReloadGuard(storage: () => Storage | undefined, now: () => number = Date.now): ReloadGuard {
  return {
    claimReload(path) {
      const key = RELOAD_MARKER_PREFIX + path;
      const store = storage();
      const last = Number(store?.getItem(key));
      if (Number.isFinite(last) && last > 0 && now() - last < RELOAD_GUARD_MS) return false;
      try {
        store?.setItem(key, String(now()));
      } catch {
        // Without storage we cannot remember the reload, so allow none: a loop is worse than an error page.
        return false;
      }
      return store !== undefined;
    },
  };
}
