import { ScriptButton } from "#app/components/script-button.tsx";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { useState, type KeyboardEvent } from "react";
import { EmojiArt } from "./emoji-art.tsx";
import { CATEGORY_ICONS, type ArtSource } from "./emoji-data.ts";
import type { CategoryKey } from "./emoji-types.ts";

interface EmojiCategoryBarProps {
  categories: { key: CategoryKey; label: string }[];
  /** The category in view (scroll-spy); none while search results are shown. */
  current: CategoryKey | null;
  onJump: (key: CategoryKey) => void;
  /** Where the icons come from (scripts/build-emoji-assets.mjs CATEGORY_ICONS); null for native glyphs. */
  iconArt: (unified: string) => ArtSource;
}

const ROVING_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A toolbar of buttons that scroll the grid to a category (not a tablist: there is one scrolling panel, not
 * one panel per tab). One Tab stop; the arrow keys, Home and End move between the buttons. The Tab stop is kept
 * by category, so that it stays on the same button when "Recently used" is added in front.
 */
export function EmojiCategoryBar({ categories, current, onJump, iconArt }: EmojiCategoryBarProps) {
  const [focused, setFocused] = useState<CategoryKey | null>(null);
  const { t } = useTranslation("emoji");
  const tabStop = Math.max(0, categories.findIndex(({ key }) => key === focused));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = ROVING_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(tabStop, categories.length);
    setFocused(categories[next]?.key ?? null);
    event.currentTarget.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  }

  return (
    <div className="emoji-picker__categories" role="toolbar" aria-label={t("categories.label")} onKeyDown={onKeyDown}>
      {categories.map(({ key, label }, index) => (
        <ScriptButton
          key={key}
          className="emoji-picker__category"
          aria-label={label}
          title={label}
          aria-current={key === current ? "true" : undefined}
          tabIndex={index === tabStop ? 0 : -1}
          onFocus={() => setFocused(key)}
          onClick={() => onJump(key)}
        >
          <EmojiArt unified={CATEGORY_ICONS[key]} art={iconArt(CATEGORY_ICONS[key])} size={22} />
        </ScriptButton>
      ))}
    </div>
  );
}
