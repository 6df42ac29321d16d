// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadWhenSafe } from "./build-updates.client.ts";
import { holdReload } from "./reload-holds.ts";
import type { ModuleManifest, RouterView } from "./failed-route-page.ts";

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => setHidden(false));

describe("reloadWhenSafe", () => {
  it("reloads at once when nothing holds the page", () => {
    const reload = vi.fn();
    reloadWhenSafe(reload);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("waits while card digits are held, and reloads when the hold is released", () => {
    const reload = vi.fn();
    const release = holdReload("card digits typed");
    reloadWhenSafe(reload);
    expect(reload).not.toHaveBeenCalled();
    release();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("waits until every hold is released", () => {
    const reload = vi.fn();
    const releaseA = holdReload("a");
    const releaseB = holdReload("b");
    reloadWhenSafe(reload);
    releaseA();
    expect(reload).not.toHaveBeenCalled();
    releaseB();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("reloads when the tab is hidden even while held, and only once", () => {
    const reload = vi.fn();
    const release = holdReload("card digits typed");
    reloadWhenSafe(reload);
    setHidden(true);
    expect(reload).toHaveBeenCalledOnce();
    release();
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("installChunkErrorGuard (React Router's failed route-module import)", () => {
  const originalConsoleError = console.error;
  const originalPushState = Object.getOwnPropertyDescriptor(window.history, "pushState");
  afterEach(() => {
    console.error = originalConsoleError;
    if (originalPushState) Object.defineProperty(window.history, "pushState", originalPushState);
    else delete (window.history as { pushState?: unknown }).pushState;
    window.history.replaceState(null, "", "/");
  });

  /** A fresh module graph per test: whether a chunk failed is page-lifetime state. */
  async function install(claims: boolean[], routing?: () => { router: RouterView; manifest: ModuleManifest }) {
    vi.resetModules();
    const { installChunkErrorGuard } = await import("./build-updates.client.ts");
    const { hasChunkFailed } = await import("./chunk-error.ts");
    const claimReload = vi.fn(() => claims.shift() ?? false);
    console.error = vi.fn();
    installChunkErrorGuard({ claimReload }, routing);
    const routeModuleFails = () => console.error("Error loading route module `/assets/grip-size.js`, reloading page...");
    return { claimReload, hasChunkFailed, routeModuleFails };
  }

  it("lets React Router reload when the guard allows it, and leaves other errors alone", async () => {
    const { claimReload, hasChunkFailed, routeModuleFails } = await install([true]);
    expect(() => console.error("something else")).not.toThrow();
    expect(claimReload).not.toHaveBeenCalled();
    expect(routeModuleFails).not.toThrow();
    expect(claimReload).toHaveBeenCalledWith("/");
    expect(hasChunkFailed()).toBe(false);
  });

  it("stops the reload inside the guard's window and marks the page for the error page", async () => {
    const { hasChunkFailed, routeModuleFails } = await install([false]);
    expect(routeModuleFails).toThrow(/could not be loaded/);
    expect(hasChunkFailed()).toBe(true);
  });

  it("never reloads once the error page shows, even on a path without a marker", async () => {
    const { claimReload, routeModuleFails } = await install([false, true]);
    expect(routeModuleFails).toThrow();
    window.history.pushState(null, "", "/GripSize"); // React Router commits the failed navigation
    expect(routeModuleFails).toThrow();
    expect(claimReload).toHaveBeenCalledTimes(1);
  });

  describe("with React Router's state", () => {
    const manifest: ModuleManifest = { routes: { root: { module: "/assets/root.js" }, home: { module: "/assets/home.js" }, gripSize: { module: "/assets/grip-size.js" } } };
    const routes = [{ id: "root", path: "/", children: [{ id: "home", index: true }, { id: "gripSize", path: "GripSize" }] }];
    const at = (pathname: string) => ({ pathname, search: "", hash: "", state: null, key: "k" });
    const router = (pathname: string, navigatingTo?: string): RouterView => ({
      routes,
      state: {
        location: at(pathname),
        matches: [{ route: { id: "root" } }, { route: { id: pathname === "/" ? "home" : "gripSize" } }],
        navigation: { location: navigatingTo ? at(navigatingTo) : undefined },
      },
    });

    it("reloads onto the page being opened, once, when its code fails before the navigation commits", async () => {
      const { claimReload, routeModuleFails } = await install([true], () => ({ router: router("/", "/GripSize"), manifest }));
      expect(routeModuleFails).not.toThrow();
      expect(claimReload).toHaveBeenCalledWith("/GripSize");
      expect(window.location.pathname).toBe("/GripSize"); // the URL React Router's reload loads
      const entries = window.history.length;
      window.history.pushState(null, "", "/GripSize"); // React Router committing meanwhile
      expect(window.history.length).toBe(entries);
      expect(routeModuleFails).toThrow(/reloading/); // the navigation's own failure, after the prefetch's
      expect(claimReload).toHaveBeenCalledTimes(1);
    });

    it("reloads the page just shown when the navigation committed first", async () => {
      window.history.pushState(null, "", "/GripSize");
      const { claimReload, routeModuleFails } = await install([true], () => ({ router: router("/GripSize"), manifest }));
      expect(routeModuleFails).not.toThrow();
      expect(claimReload).toHaveBeenCalledWith("/GripSize");
    });

    it("never reloads for a prefetch of a link the buyer has not followed", async () => {
      const { claimReload, hasChunkFailed, routeModuleFails } = await install([true], () => ({ router: router("/"), manifest }));
      expect(routeModuleFails).toThrow(/page stays/);
      expect(claimReload).not.toHaveBeenCalled();
      expect(hasChunkFailed()).toBe(false);
      expect(window.location.pathname).toBe("/");
    });
  });
});
