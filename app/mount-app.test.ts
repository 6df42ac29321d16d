import { describe, expect, it, vi } from "vitest";
import { mountApp } from "./mount-app.ts";

describe("mountApp", () => {
  it("logs a failure while mounting instead of throwing", () => {
    const log = vi.fn();
    const failure = new Error("hydration exploded");
    expect(() =>
      mountApp(() => {
        throw failure;
      }, log),
    ).not.toThrow();
    expect(log).toHaveBeenCalledWith("The app failed to mount:", failure);
  });

  it("logs nothing when mounting succeeds", () => {
    const log = vi.fn();
    const hydrate = vi.fn();
    mountApp(hydrate, log);
    expect(hydrate).toHaveBeenCalledOnce();
    expect(log).not.toHaveBeenCalled();
  });
});
