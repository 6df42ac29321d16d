import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RecentEmoji } from "./emoji-types.ts";
import { addRecent, loadRecentEmoji, MAX_RECENT, rememberEmoji, resetRecentStoreForTests, sanitiseRecent } from "./recent-emoji.ts";

const wave: RecentEmoji = { unified: "1f44b", tone: "1f3fb" };
const heart: RecentEmoji = { unified: "2764-fe0f", tone: "neutral" };

describe("addRecent", () => {
  it("puts the newest first", () => {
    expect(addRecent([heart], wave)).toEqual([wave, heart]);
  });

  it("moves a repeated pick to the front instead of listing it twice", () => {
    expect(addRecent([heart, wave], wave)).toEqual([wave, heart]);
  });

  it("keeps the tone, and the same emoji in another tone as another entry", () => {
    const darkWave: RecentEmoji = { unified: "1f44b", tone: "1f3ff" };
    expect(addRecent([wave], darkWave)).toEqual([darkWave, wave]);
  });

  it(`keeps at most ${MAX_RECENT}`, () => {
    let list: RecentEmoji[] = [];
    for (let n = 0; n < 30; n++) list = addRecent(list, { unified: `1f${n}`, tone: "neutral" });
    expect(list).toHaveLength(24);
    expect(list[0]?.unified).toBe("1f29");
    expect(list.at(-1)?.unified).toBe("1f6");
  });
});

describe("sanitiseRecent", () => {
  it("drops malformed items and anything that is not a list", () => {
    expect(sanitiseRecent([wave, { unified: 3 }, { unified: "1f600", tone: "blue" }, null])).toEqual([wave]);
    expect(sanitiseRecent({ id: 0 })).toEqual([]);
  });
});

describe("the stored list (IndexedDB)", () => {
  beforeEach(() => {
    vi.stubGlobal("indexedDB", new IDBFactory());
    resetRecentStoreForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetRecentStoreForTests();
  });

  it("starts empty and keeps picks newest first with their tones", async () => {
    expect(await loadRecentEmoji()).toEqual([]);
    await rememberEmoji(heart);
    await rememberEmoji(wave);
    await rememberEmoji(heart);
    resetRecentStoreForTests(); // as after a reload
    expect(await loadRecentEmoji()).toEqual([heart, wave]);
  });

  it("keeps the whole list under one record of the deck-studio-emoji/recent store", async () => {
    await rememberEmoji(wave);
    await rememberEmoji(heart);
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const open = indexedDB.open("deck-studio-emoji");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const request = open.result.transaction("recent").objectStore("recent").getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      };
    });
    expect(keys).toHaveLength(1);
  });

  it("reads without creating the database: an empty list until something has been picked", async () => {
    expect(await loadRecentEmoji()).toEqual([]);
    expect((await indexedDB.databases()).map(({ name }) => name)).not.toContain("deck-studio-emoji");
    await rememberEmoji(wave);
    expect((await indexedDB.databases()).map(({ name }) => name)).toContain("deck-studio-emoji");
  });

  it("caps the stored list at 24", async () => {
    for (let n = 0; n < 26; n++) await rememberEmoji({ unified: `1f${n}`, tone: "neutral" });
    expect(await loadRecentEmoji()).toHaveLength(24);
  });
});

describe("without IndexedDB", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetRecentStoreForTests();
  });

  it("reports no recent list instead of failing", async () => {
    vi.stubGlobal("indexedDB", undefined);
    resetRecentStoreForTests();
    expect(await loadRecentEmoji()).toBeNull();
    expect(await rememberEmoji(wave)).toBeNull();
  });

  it("does not touch IndexedDB when the module is imported", async () => {
    const open = vi.fn();
    vi.stubGlobal("indexedDB", { open });
    vi.resetModules();
    await import("./recent-emoji.ts");
    await import("./emoji-picker.tsx");
    expect(open).not.toHaveBeenCalled();
  });
});
