import { useState, type KeyboardEvent } from "react";
import { EmojiArt } from "./emoji-art";
import type { CategoryKey } from "./emoji-types";

/** The emoji each category button shows: emoji without tone variants, so that every tone reads the same. */
const CATEGORY_ICONS: Record<CategoryKey, string> = {
  recent: "1f558",
  smileys_people: "1f600",
  animals_nature: "1f43b",
  food_drink: "1f354",
  activities: "26bd",
  travel_places: "1f697",
  objects: "1f4a1",
  symbols: "1f523",
  flags: "1f3c1",
};

interface EmojiCategoryBarProps {
  categories: { key: CategoryKey; label: string }[];
  /** The category in view (scroll-spy); none while search results are shown. */
  current: CategoryKey | null;
  onJump: (key: CategoryKey) => void;
  /** Where the icons come from; null for native glyphs. */
  iconUrl: (unified: string) => string | null;
}

const ROVING_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A toolbar of buttons that scroll the grid to a category (not a tablist: there is one scrolling panel, not
 * one panel per tab). One Tab stop; the arrow keys, Home and End move between the buttons.
 */
export function EmojiCategoryBar({ categories, current, onJump, iconUrl }: EmojiCategoryBarProps) {
  const [focused, setFocused] = useState(0);
  const tabStop = Math.min(focused, categories.length - 1);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = ROVING_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(tabStop, categories.length);
    setFocused(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  }

  return (
    <div className="emoji-picker__categories" role="toolbar" aria-label="Emoji categories" onKeyDown={onKeyDown}>
      {categories.map(({ key, label }, index) => (
        <button
          key={key}
          type="button"
          className="emoji-picker__category"
          aria-label={label}
          title={label}
          aria-current={key === current ? "true" : undefined}
          tabIndex={index === tabStop ? 0 : -1}
          onFocus={() => setFocused(index)}
          onClick={() => onJump(key)}
        >
          <EmojiArt unified={CATEGORY_ICONS[key]} imageUrl={iconUrl(CATEGORY_ICONS[key])} size={22} />
        </button>
      ))}
    </div>
  );
}
