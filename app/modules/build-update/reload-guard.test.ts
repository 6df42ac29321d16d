import { describe, expect, it } from "vitest";
import { createReloadGuard, RELOAD_GUARD_MS } from "./reload-guard.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    length: 0,
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: () => null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("reload guard", () => {
  it("allows one reload per path within 10 s, then again after", () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const guard = createReloadGuard(() => storage, () => now);
    expect(guard.claimReload("/Payment")).toBe(true);
    now += RELOAD_GUARD_MS - 1;
    expect(guard.claimReload("/Payment")).toBe(false);
    now += 1;
    expect(guard.claimReload("/Payment")).toBe(true);
  });

  it("keeps paths apart", () => {
    const storage = memoryStorage();
    const guard = createReloadGuard(() => storage, () => 5_000);
    expect(guard.claimReload("/")).toBe(true);
    expect(guard.claimReload("/GripSize")).toBe(true);
    expect(guard.claimReload("/")).toBe(false);
  });

  it("survives the reload itself: the marker lives in session storage", () => {
    const storage = memoryStorage();
    expect(createReloadGuard(() => storage, () => 1).claimReload("/")).toBe(true);
    expect(createReloadGuard(() => storage, () => 2).claimReload("/")).toBe(false);
  });

  it("allows no reload when it cannot remember one (no storage, or storage refusing writes)", () => {
    expect(createReloadGuard(() => undefined).claimReload("/")).toBe(false);
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error("denied"); } } as Storage;
    expect(createReloadGuard(() => refusing).claimReload("/")).toBe(false);
  });

  it("treats a garbled marker as no marker", () => {
    const storage = memoryStorage();
    storage.setItem("deck-studio:chunk-reload:/", "soon");
    expect(createReloadGuard(() => storage, () => 10).claimReload("/")).toBe(true);
  });
});
