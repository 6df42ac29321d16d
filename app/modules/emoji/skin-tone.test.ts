import { afterEach, describe, expect, it, vi } from "vitest";
import { realEmojiData } from "#tests/support/emoji-fixtures.ts";
import { SKIN_TONES } from "./emoji-types.ts";
import { readStoredTone, resolveTone, storeTone } from "./skin-tone.ts";

const data = realEmojiData();
const wave = data.byUnified.get("1f44b")!;
const holdingHands = data.byUnified.get("1f9d1-200d-1f91d-200d-1f9d1")!;
const grinning = data.byUnified.get("1f600")!;

describe("resolveTone", () => {
  it.each([
    ["1f3fb", "1f44b-1f3fb"],
    ["1f3fc", "1f44b-1f3fc"],
    ["1f3fd", "1f44b-1f3fd"],
    ["1f3fe", "1f44b-1f3fe"],
    ["1f3ff", "1f44b-1f3ff"],
  ] as const)("applies tone %s (the light one included) to an emoji with variants", (tone, unified) => {
    expect(resolveTone(wave, tone)).toEqual({ unified, tone });
  });

  it("keeps the neutral form for neutral", () => {
    expect(resolveTone(wave, "neutral")).toEqual({ unified: "1f44b", tone: "neutral" });
  });

  it("keeps emoji without variants neutral whatever the tone", () => {
    for (const tone of SKIN_TONES) expect(resolveTone(grinning, tone)).toEqual({ unified: "1f600", tone: "neutral" });
  });

  it("uses the same tone for both people of a two-person emoji", () => {
    expect(resolveTone(holdingHands, "1f3fb").unified).toBe("1f9d1-1f3fb-200d-1f91d-200d-1f9d1-1f3fb");
  });

  it("applies every tone to every emoji that has variants", () => {
    const withVariants = [...data.byUnified.values()].filter((entry) => entry.skins);
    expect(withVariants.length).toBeGreaterThan(300);
    for (const entry of withVariants) {
      for (const tone of SKIN_TONES.slice(1)) expect(resolveTone(entry, tone).tone).toBe(tone);
    }
  });
});

describe("the remembered tone", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("round-trips through localStorage and ignores junk", () => {
    const items = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
    });
    expect(readStoredTone()).toBe("neutral");
    storeTone("1f3fb");
    expect(readStoredTone()).toBe("1f3fb");
    items.set("deck-studio-emoji-tone", "purple");
    expect(readStoredTone()).toBe("neutral");
  });

  it("falls back to neutral when storage throws", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    });
    expect(readStoredTone()).toBe("neutral");
    expect(() => storeTone("1f3ff")).not.toThrow();
  });
});
