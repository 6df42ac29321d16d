// @vitest-environment happy-dom
// How the picker opens: what it shows before data.json and before the recent list (IndexedDB) have arrived.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEmojiDataForTests } from "./emoji-data.ts";
import firstScreen from "./emoji-first-screen.json";
import { EmojiPicker } from "./emoji-picker.tsx";
import { fakePickerScroller, trimmedData } from "#tests/support/emoji-fixtures.ts";
import type { RecentEmoji } from "./emoji-types.ts";

// The recent list arrives when a test says so.
const recent = vi.hoisted(() => ({ resolve: (_list: RecentEmoji[] | null) => {}, calls: 0 }));
vi.mock("./recent-emoji.ts", () => ({
  knownRecentEmoji: () => undefined,
  loadRecentEmoji: () => {
    recent.calls++;
    return new Promise<RecentEmoji[] | null>((resolve) => (recent.resolve = resolve));
  },
  rememberEmoji: async () => null,
}));

const data = trimmedData();
let deliverData = () => {};

fakePickerScroller();

beforeEach(() => {
  resetEmojiDataForTests();
  recent.calls = 0;
  // data.json arrives when a test says so.
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          deliverData = () => resolve(new Response(JSON.stringify(data), { headers: { "Content-Type": "application/json" } }));
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const recentGroup = () => screen.queryByRole("rowgroup", { name: "Recently used" });
const recentButton = () => screen.queryByRole("button", { name: "Recently used" });

async function arrive(step: () => void) {
  await act(async () => {
    step();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("opening the picker", { timeout: 15_000 }, () => {
  it("shows its bundled first screen, drawn from the sheet, before data.json has arrived", async () => {
    render(<EmojiPicker />);
    await arrive(() => recent.resolve([]));
    const grid = screen.getByRole("grid", { name: "Emoji" });
    const buttons = within(grid).getAllByRole("button");
    expect(buttons[0]?.getAttribute("aria-label")).toBe("grinning face");
    expect(buttons[0]?.querySelector("img")?.getAttribute("src")).toBe(`/emoji/${firstScreen.sheet}`);
    expect(buttons.length).toBeLessThanOrEqual(firstScreen.emojis.length);
    // Still loading: announced, not drawn over the emoji.
    expect(screen.getByRole("status").textContent).toBe("Loading emoji…");
    expect(screen.getByRole("status").parentElement?.className).toBe("visually-hidden");

    await arrive(deliverData);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(within(grid).getAllByRole("button")[0]).toBe(buttons[0]); // the same element: nothing redrawn
  });

  it("does not show the first screen while it does not know whether recent emoji go above it", async () => {
    render(<EmojiPicker />);
    expect(screen.queryByRole("grid")).toBeNull();
    await arrive(() => recent.resolve([{ unified: "1f602", tone: "neutral" }]));
    expect(screen.queryByRole("grid")).toBeNull(); // recent emoji need the data's names
    await arrive(deliverData);
    const groups = screen.getAllByRole("rowgroup");
    expect(groups[0]?.getAttribute("aria-label")).toBe("Recently used");
    expect(within(groups[0]!).getByRole("button").getAttribute("aria-label")).toBe("face with tears of joy");
  });

  it("shows the grid before the recent list arrives, and adds the list at the top if the grid was not touched", async () => {
    render(<EmojiPicker />);
    await arrive(deliverData);
    expect(screen.getByRole("button", { name: "grinning face" })).toBeTruthy();
    expect(recentGroup()).toBeNull();
    await arrive(() => recent.resolve([{ unified: "1f602", tone: "neutral" }]));
    expect(screen.getAllByRole("rowgroup")[0]?.getAttribute("aria-label")).toBe("Recently used");
    expect(recentButton()).toBeTruthy();
  });

  it("keeps the grid as it is when the recent list arrives after the user moved into it", async () => {
    render(<EmojiPicker />);
    await arrive(deliverData);
    const grinning = screen.getByRole("button", { name: "grinning face" });
    grinning.focus();
    fireEvent.keyDown(grinning, { key: "ArrowRight" });
    const focused = document.activeElement;
    expect(focused?.getAttribute("aria-label")).not.toBe("grinning face");
    await arrive(() => recent.resolve([{ unified: "1f602", tone: "neutral" }]));
    expect(recentGroup()).toBeNull();
    expect(recentButton()).toBeNull();
    expect(document.activeElement).toBe(focused);
    expect((focused as HTMLElement).tabIndex).toBe(0);
  });

  it("keeps the grid as it is when the recent list arrives during a search", async () => {
    render(<EmojiPicker />);
    await arrive(deliverData);
    fireEvent.change(screen.getByPlaceholderText("Search emoji"), { target: { value: "joy" } });
    await arrive(() => recent.resolve([{ unified: "1f602", tone: "neutral" }]));
    expect(recentButton()).toBeNull();
    fireEvent.change(screen.getByPlaceholderText("Search emoji"), { target: { value: "" } });
    expect(recentGroup()).toBeNull();
  });
});
