// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadWhenSafe } from "./build-updates.client.ts";
import { holdReload } from "./reload-holds.ts";

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
  afterEach(() => {
    console.error = originalConsoleError;
    window.history.replaceState(null, "", "/");
  });

  /** A fresh module graph per test: whether a chunk failed is page-lifetime state. */
  async function install(claims: boolean[]) {
    vi.resetModules();
    const { installChunkErrorGuard } = await import("./build-updates.client.ts");
    const { hasChunkFailed } = await import("./chunk-error.ts");
    const claimReload = vi.fn(() => claims.shift() ?? false);
    console.error = vi.fn();
    installChunkErrorGuard({ claimReload });
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
});
