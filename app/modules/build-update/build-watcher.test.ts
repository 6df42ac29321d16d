import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_CHECK_INTERVAL_MS, META_PREFETCH_DELAY_MS, startBuildWatcher, type BuildWatcherDeps } from "./build-watcher.ts";

const MINUTE = 60_000;

function setup(overrides: Partial<BuildWatcherDeps> & { latestId?: string; metaExists?: boolean } = {}) {
  const { latestId = "current", metaExists = true, ...rest } = overrides;
  const visibleListeners: (() => void)[] = [];
  let hidden = false;
  const requests: string[] = [];
  const onNewBuild = vi.fn();
  const deps: BuildWatcherDeps = {
    currentId: "current",
    fetchJson: async <T>(url: string) => {
      requests.push(url);
      if (url.includes("/meta/")) return (metaExists ? { id: "current", time: "", prerendered: [], redirects: {} } : null) as T;
      return { id: latestId, time: "2026-11-21T00:00:00Z" } as T;
    },
    effectiveConnectionType: () => "4g",
    isHidden: () => hidden,
    onVisible: (listener) => {
      visibleListeners.push(listener);
      return () => {};
    },
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
    onNewBuild,
    ...rest,
  };
  const stop = startBuildWatcher(deps);
  return {
    requests,
    onNewBuild,
    stop,
    hide: () => (hidden = true),
    show: () => {
      hidden = false;
      for (const listener of visibleListeners) listener();
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("build watcher", () => {
  it("fetches this build's meta 1 s after start, not before", async () => {
    const { requests } = setup();
    await vi.advanceTimersByTimeAsync(META_PREFETCH_DELAY_MS - 1);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual(["/builds/meta/current.json"]);
  });

  it("fetches no meta on a slow-2g connection", async () => {
    const { requests } = setup({ effectiveConnectionType: () => "slow-2g" });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(requests).toEqual([]);
  });

  it("checks latest.json every 60 minutes and announces a different id once", async () => {
    const { requests, onNewBuild } = setup({ latestId: "newer" });
    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(requests.filter((url) => url.endsWith("latest.json"))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1 * MINUTE);
    expect(onNewBuild).toHaveBeenCalledWith({ id: "newer", time: "2026-11-21T00:00:00Z" });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledOnce();
  });

  it("stays quiet while the build is current", async () => {
    const { onNewBuild, requests } = setup();
    await vi.advanceTimersByTimeAsync(3 * BUILD_CHECK_INTERVAL_MS);
    expect(requests.filter((url) => url.endsWith("latest.json"))).toHaveLength(3);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it("checks when the tab becomes visible again after 60 minutes or more, not sooner", async () => {
    const { requests, hide, show } = setup();
    hide();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    show();
    expect(requests.filter((url) => url.endsWith("latest.json"))).toHaveLength(0);
    hide();
    await vi.advanceTimersByTimeAsync(31 * MINUTE); // the hourly tick fell while hidden and was skipped
    expect(requests.filter((url) => url.endsWith("latest.json"))).toHaveLength(0);
    show();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.filter((url) => url.endsWith("latest.json"))).toHaveLength(1);
  });

  it("checks latest at once when this build's meta is gone from the server", async () => {
    const { onNewBuild } = setup({ metaExists: false, latestId: "newer" });
    await vi.advanceTimersByTimeAsync(META_PREFETCH_DELAY_MS);
    expect(onNewBuild).toHaveBeenCalledOnce();
  });

  it("stops checking once stopped", async () => {
    const { requests, stop } = setup();
    stop();
    await vi.advanceTimersByTimeAsync(2 * BUILD_CHECK_INTERVAL_MS);
    expect(requests.filter((url) => url.endsWith("latest.json"))).toHaveLength(0);
  });
});
