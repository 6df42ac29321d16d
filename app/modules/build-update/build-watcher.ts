import { buildMetaUrl, LATEST_BUILD_URL, type BuildMeta, type LatestBuild } from "./build-meta.ts";

export const META_PREFETCH_DELAY_MS = 1_000;
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface BuildWatcherDeps {
  currentId: string;
  fetchJson: <T>(url: string) => Promise<T | null>;
  /** The Network Information API's effective type, when the browser reports one. */
  effectiveConnectionType: () => string | undefined;
  isHidden: () => boolean;
  onVisible: (listener: () => void) => () => void;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  onNewBuild: (latest: LatestBuild) => void;
}

/**
 * Spec §7/§9: 1 s after the app is ready, fetch this build's meta (not on slow-2g); check `latest.json` every
 * 60 minutes, and when the tab becomes visible again after at least that long. A different id means a new build.
 * A missing meta file also means our build is gone from the server, so the latest build is checked at once.
 */
export function startBuildWatcher(deps: BuildWatcherDeps): () => void {
  let lastCheck = deps.now();
  let announced = false;

  async function checkLatest() {
    lastCheck = deps.now();
    const latest = await deps.fetchJson<LatestBuild>(LATEST_BUILD_URL);
    if (latest && latest.id !== deps.currentId && !announced) {
      announced = true;
      deps.onNewBuild(latest);
    }
  }

  async function prefetchMeta() {
    if (deps.effectiveConnectionType() === "slow-2g") return;
    const meta = await deps.fetchJson<BuildMeta>(buildMetaUrl(deps.currentId));
    if (!meta) await checkLatest();
  }

  deps.setTimeout(() => void prefetchMeta(), META_PREFETCH_DELAY_MS);
  const interval = deps.setInterval(() => {
    if (!deps.isHidden()) void checkLatest();
  }, BUILD_CHECK_INTERVAL_MS);
  const stopVisible = deps.onVisible(() => {
    if (deps.now() - lastCheck >= BUILD_CHECK_INTERVAL_MS) void checkLatest();
  });

  return () => {
    deps.clearInterval(interval);
    stopVisible();
  };
}
