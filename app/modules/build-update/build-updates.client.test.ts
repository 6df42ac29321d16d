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
