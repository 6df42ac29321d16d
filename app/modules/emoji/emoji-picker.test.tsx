// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEmojiDataForTests } from "./emoji-data.ts";
import firstScreen from "./emoji-first-screen.json";
import { EmojiPicker } from "./emoji-picker.tsx";
import { EmojiPickerField } from "./emoji-picker-field.tsx";
import { fakePickerScroller, trimmedData } from "#tests/support/emoji-fixtures.ts";

const data = trimmedData();

fakePickerScroller();

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(data), { headers: { "Content-Type": "application/json" } })),
  );
  // No IndexedDB here: the picker works without its recent group.
  vi.stubGlobal("indexedDB", undefined);
  localStorage.clear();
  resetEmojiDataForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPicker(onSelect = vi.fn()) {
  render(<EmojiPicker onSelect={onSelect} />);
  await screen.findByRole("button", { name: "grinning face" });
  return onSelect;
}

function search(text: string) {
  fireEvent.change(screen.getByPlaceholderText("Search emoji"), { target: { value: text } });
}

describe("EmojiPicker", { timeout: 15_000 }, () => {
  it("shows search, the category buttons, the grid and the skin-tone chooser", async () => {
    await renderPicker();
    expect(screen.getByRole("searchbox", { name: "Search emoji" })).toBeTruthy();
    const toolbar = screen.getByRole("toolbar", { name: "Emoji categories" });
    expect(within(toolbar).getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual([
      "Smiles & People",
      "Animals & Nature",
      "Food & Drink",
      "Activities",
      "Travel places",
      "Objects",
      "Symbols",
      "Flags",
    ]);
    expect(screen.getByRole("grid", { name: "Emoji" })).toBeTruthy();
    expect(screen.getByRole("rowgroup", { name: "Smiles & People" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Skin tone" })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/emoji/data.json");
  });

  it("finds 👋 for `wave` and shows the empty text when nothing matches", async () => {
    await renderPicker();
    search("wave");
    const results = await screen.findByRole("grid", { name: "Search results" });
    expect(within(results).getAllByRole("button")[0]?.getAttribute("aria-label")).toBe("waving hand");
    search("qwxzv");
    expect(await screen.findByText("No emoji has been found!")).toBeTruthy();
    expect(screen.queryByRole("grid")).toBeNull();
  });

  it("picks in the chosen tone, the light one included, and remembers the tone", async () => {
    const onSelect = await renderPicker();
    fireEvent.click(screen.getByRole("radio", { name: "Light" }));
    search("wave");
    fireEvent.click(await screen.findByRole("button", { name: "waving hand" }));
    expect(onSelect).toHaveBeenCalledWith({
      unified: "1f44b-1f3fb",
      native: "👋🏻",
      name: "waving hand",
      tone: "1f3fb",
      imageUrl: "/emoji/svg/1f44b-1f3fb.svg",
    });
    expect(localStorage.getItem("deck-studio-emoji-tone")).toBe("1f3fb");
    // Not on the first screen's sheet: the first cell of the results' first requested sheet, fetched as soon as
    // it is rendered.
    const image = screen.getByRole("button", { name: "waving hand" }).querySelector("img");
    expect(image?.getAttribute("src")).toMatch(/^\/emoji\/sheets\/1f44b-1f3fb_[0-9a-f_-]+\.svg$/);
    expect(image?.getAttribute("class")).toBe("emoji-art emoji-art--sheet emoji-art--size-28 emoji-cell-0");
    expect(image?.getAttribute("width")).toBe("28");
    expect(image?.hasAttribute("loading")).toBe(false);
  });

  it("draws the first screen and the category icons from one sheet", async () => {
    await renderPicker();
    const sheet = `/emoji/${firstScreen.sheet}`;
    const grinning = screen.getByRole("button", { name: "grinning face" }).querySelector("img");
    expect(grinning?.getAttribute("src")).toBe(sheet);
    expect(grinning?.classList).toContain(`emoji-cell-${firstScreen.sheetCodes.indexOf("1f600")}`);
    expect(grinning?.classList).toContain("emoji-art--size-28");
    const icon = screen.getByRole("button", { name: "Food & Drink" }).querySelector("img");
    expect(icon?.getAttribute("src")).toBe(sheet);
    expect(icon?.classList).toContain(`emoji-cell-${firstScreen.sheetCodes.indexOf("1f354")}`);
    expect(icon?.classList).toContain("emoji-art--size-22");
  });

  it("keeps one emoji in the Tab order and moves it with the arrow keys", async () => {
    await renderPicker();
    const grid = screen.getByRole("grid");
    const first = within(grid).getByRole("button", { name: "grinning face" });
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    const second = within(grid).getAllByRole("button")[1]!;
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(second.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
  });

  it("applies the theme as a class, `light` by default and for unknown values", async () => {
    const { container, rerender } = render(<EmojiPicker theme="dark" />);
    expect(container.firstElementChild?.className).toContain("emoji-picker--dark");
    rerender(<EmojiPicker theme={"neon" as "dark"} />);
    expect(container.firstElementChild?.className).toContain("emoji-picker--light");
    await screen.findAllByRole("button", { name: "grinning face" });
  });

  it("offers a retry when the data cannot be loaded", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("nope", { status: 500 })));
    render(<EmojiPicker imageBaseUrl="/not-there" />);
    expect(await screen.findByText("The emoji could not be loaded.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("EmojiPickerField", { timeout: 15_000 }, () => {
  async function openPicker() {
    fireEvent.click(screen.getByRole("button", { name: "Choose emoji" }));
    return screen.findByRole("button", { name: "grinning face" });
  }

  it("inserts at the caret, also at position 0", async () => {
    render(<EmojiPickerField label="Message" fieldType="textarea" defaultValue="Hello" />);
    const field = screen.getByLabelText<HTMLTextAreaElement>("Message");
    field.setSelectionRange(0, 0);
    fireEvent.select(field);
    fireEvent.click(await openPicker());
    expect(field.value).toBe("😀Hello");
    fireEvent.click(screen.getByRole("button", { name: "grinning face" }));
    expect(field.value).toBe("😀😀Hello");
  });

  it.each([
    ["append", "Hi😀"],
    ["prepend", "😀Hi"],
  ] as const)("in %s mode puts the emoji there whatever the caret", async (mode, expected) => {
    render(<EmojiPickerField label="Subject" mode={mode} defaultValue="Hi" />);
    fireEvent.click(await openPicker());
    expect(screen.getByLabelText<HTMLInputElement>("Subject").value).toBe(expected);
  });

  it("opens below the field with the offset, closes on Escape returning focus to the toggle", async () => {
    render(<EmojiPickerField label="Message" offset={12} />);
    await openPicker();
    const toggle = screen.getByRole("button", { name: "Choose emoji" });
    const dialog = screen.getByRole("dialog");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(dialog.getAttribute("style")).toContain("--emoji-popup-offset: 12px");
    expect(document.activeElement).toBe(screen.getByPlaceholderText("Search emoji"));
    fireEvent.keyDown(screen.getByPlaceholderText("Search emoji"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it("starts loading the data when the toggle is pressed or focused, not before", async () => {
    render(<EmojiPickerField label="Message" />);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Choose emoji" }));
    expect(fetch).toHaveBeenCalledWith("/emoji/data.json");
    await openPicker();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("closes on a click outside, not on one inside", async () => {
    render(
      <>
        <EmojiPickerField label="Message" />
        <p>Elsewhere</p>
      </>,
    );
    await openPicker();
    fireEvent.pointerDown(screen.getByPlaceholderText("Search emoji"));
    expect(screen.getByRole("dialog")).toBeTruthy();
    await act(async () => fireEvent.pointerDown(screen.getByText("Elsewhere")));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
