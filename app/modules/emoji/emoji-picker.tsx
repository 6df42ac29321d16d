import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { DEFAULT_IMAGE_BASE_URL, imageUrlOf, nativeOf } from "./emoji-data";
import { EmojiCategoryBar } from "./emoji-category-bar";
import { EmojiGrid, type EmojiGridHandle } from "./emoji-grid";
import { buildGridModel, type GridCell, type GridModel, type GridSection } from "./emoji-grid-model";
import { searchEmoji } from "./emoji-search";
import { EmojiSkinTones } from "./emoji-skin-tones";
import {
  DEFAULT_CATEGORY_NAMES,
  THEMES,
  type CategoryKey,
  type EmojiData,
  type EmojiTheme,
  type RecentEmoji,
  type SelectedEmoji,
  type SkinTone,
} from "./emoji-types";
import { resolveTone } from "./skin-tone";
import { useEmojiResources, useRememberEmoji, useSkinTone } from "./use-emoji-resources";
import "./emoji-picker.css";

/** The picker's fixed texts (spec §2, §8); each can be replaced, e.g. for another language. */
export interface EmojiPickerTexts {
  /** Placeholder and accessible name of the search box. Default "Search emoji". */
  placeholder: string;
  /** Label of the skin-tone chooser. Default "Skin tone". */
  skinTone: string;
  /** Shown when a search finds nothing. Default "No emoji has been found!". */
  noResults: string;
}

export const DEFAULT_TEXTS: EmojiPickerTexts = {
  placeholder: "Search emoji",
  skinTone: "Skin tone",
  noResults: "No emoji has been found!",
};

export interface EmojiPickerProps {
  /** Called with the emoji picked by click, Enter or Space. The picker stays open for more picks. */
  onSelect?: (emoji: SelectedEmoji) => void;
  /** `light` (default), `dark`, or `auto` to follow the system's colour scheme. Unknown values give `light`. */
  theme?: EmojiTheme;
  /**
   * Where data.json and svg/ are served from (scripts/build-emoji-assets.mjs writes them to public/emoji).
   * Default "/emoji": the shop's own server, never a CDN.
   */
  imageBaseUrl?: string;
  /** Show the system's emoji glyphs instead of the Twemoji artwork. Default false. */
  native?: boolean;
  /** Keep and show the recently used emoji (IndexedDB; absent where IndexedDB is not). Default true. */
  showRecent?: boolean;
  /** Hide the skin-tone chooser; emoji are then shown and picked in their neutral form. Default false. */
  disableSkinTones?: boolean;
  /** Replaces category names, by key (defaults: the spec's names, e.g. smileys_people "Smiles & People"). */
  categoryNames?: Partial<Record<CategoryKey, string>>;
  /** Replaces the fixed texts. */
  texts?: Partial<EmojiPickerTexts>;
  /** Accessible name of the picker. Default "Emoji picker". */
  label?: string;
  /** Focus the search box when the picker mounts (the attached picker does, on opening). Default false. */
  autoFocus?: boolean;
  className?: string;
}

const SEARCH_RESULTS_LABEL = "Search results";
// The category icons all have Twemoji art, and they show before the data (which lists the exceptions) arrives.
const NO_GLYPH_ONLY = { glyphOnly: new Set<string>() };

/**
 * A self-contained emoji picker: search, category buttons, a virtualised emoji grid and a skin-tone chooser.
 * Its data and artwork come from the shop's own server, fetched when it mounts (never during server
 * rendering). Use `EmojiPickerField` to attach it to a text input or textarea.
 */
export function EmojiPicker(props: EmojiPickerProps) {
  const { imageBaseUrl = DEFAULT_IMAGE_BASE_URL, native = false, showRecent = true, disableSkinTones = false } = props;
  const texts = { ...DEFAULT_TEXTS, ...props.texts };
  const names = useCategoryNames(props.categoryNames);
  const { state, recent, retry } = useEmojiResources(imageBaseUrl, showRecent);
  const [chosenTone, setTone] = useSkinTone();
  const tone = disableSkinTones ? "neutral" : chosenTone;
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const searching = deferredQuery.trim() !== "";
  const [columns, setColumns] = useState(8);
  const model = useMemo(
    () => state.data && buildGridModel(gridSections(state.data, recent, tone, deferredQuery, names), columns),
    [state.data, recent, tone, deferredQuery, columns, names],
  );
  const navigation = useGridNavigation(model, deferredQuery, () => setQuery(""));
  const artUrl = useCallback(
    (unified: string) => (native || !state.data ? null : imageUrlOf(unified, state.data, imageBaseUrl)),
    [native, state.data, imageBaseUrl],
  );
  const onPick = usePick(props.onSelect, state.data, imageBaseUrl, useRememberEmoji(showRecent));

  const theme = THEMES.includes(props.theme as EmojiTheme) ? props.theme : "light";
  const currentCategory = searching || !model ? null : (model.sections[navigation.sectionInView]?.key ?? null);
  return (
    <div
      role="group"
      aria-label={props.label ?? "Emoji picker"}
      className={["emoji-picker", `emoji-picker--${theme}`, props.className].filter(Boolean).join(" ")}
    >
      <PickerSearch
        placeholder={texts.placeholder}
        autoFocus={props.autoFocus}
        query={query}
        onQueryChange={setQuery}
        onArrowDown={() => model?.cellCount && navigation.grid.current?.focusActive()}
      />
      <EmojiCategoryBar
        categories={availableCategories(recent, names)}
        current={currentCategory === "results" ? null : currentCategory}
        onJump={(key) => navigation.jump(key, query.trim() !== "")}
        iconUrl={(unified) => (native ? null : imageUrlOf(unified, NO_GLYPH_ONLY, imageBaseUrl))}
      />
      <div className="emoji-picker__body">
        {model && model.cellCount > 0 ? (
          <EmojiGrid
            model={model}
            label={searching ? SEARCH_RESULTS_LABEL : "Emoji"}
            activeIndex={Math.min(navigation.activeIndex, model.cellCount - 1)}
            onActiveIndexChange={navigation.setActiveIndex}
            onPick={onPick}
            artUrl={artUrl}
            onSectionInView={navigation.setSectionInView}
            onColumnsChange={setColumns}
            handleRef={navigation.grid}
          />
        ) : null}
        <PickerStatus state={state.status} model={model} searching={searching} texts={texts} onRetry={retry} />
      </div>
      <div className="emoji-picker__footer">
        {disableSkinTones ? null : <EmojiSkinTones legend={texts.skinTone} tone={chosenTone} onChange={setTone} />}
        {native ? null : <TwemojiCredit />}
      </div>
    </div>
  );
}

/** The spec's names with the caller's replacements, kept stable while their content is (props are often literals). */
function useCategoryNames(replacements: Partial<Record<CategoryKey, string>> | undefined) {
  const key = JSON.stringify(replacements ?? {});
  return useMemo(() => ({ ...DEFAULT_CATEGORY_NAMES, ...(JSON.parse(key) as typeof replacements) }), [key]);
}

/**
 * The active emoji (the grid's Tab stop), the section in view, and jumps to a category. A jump while searching
 * first clears the search; it happens once the categories are back.
 */
function useGridNavigation(model: GridModel | undefined, deferredQuery: string, clearSearch: () => void) {
  const grid = useRef<EmojiGridHandle>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [sectionInView, setSectionInView] = useState(0);
  const pendingJump = useRef<CategoryKey | null>(null);

  const jumpNow = (current: GridModel, key: CategoryKey) => {
    const section = current.sections.findIndex((candidate) => candidate.key === key);
    if (section < 0) return;
    grid.current?.scrollToSection(section);
    setActiveIndex(current.sections.slice(0, section).reduce((sum, { cells }) => sum + cells.length, 0));
  };

  // New results start at the top, whatever the scroll position of the previous ones.
  useEffect(() => {
    setActiveIndex(0);
    setSectionInView(0);
    grid.current?.scrollToSection(0);
  }, [deferredQuery]);

  useEffect(() => {
    const key = pendingJump.current;
    if (!model || !key || deferredQuery.trim()) return;
    pendingJump.current = null;
    jumpNow(model, key);
  });

  function jump(key: CategoryKey, searching: boolean) {
    if (searching || !model) {
      pendingJump.current = key;
      clearSearch();
    } else {
      jumpNow(model, key);
    }
  }
  return { grid, activeIndex, setActiveIndex, sectionInView, setSectionInView, jump };
}

/** The click handler of the emoji: tells the caller and stores the pick in the recent list. */
function usePick(
  onSelect: ((emoji: SelectedEmoji) => void) | undefined,
  data: EmojiData | undefined,
  imageBaseUrl: string,
  remember: (picked: RecentEmoji) => void,
) {
  return useCallback(
    (cell: GridCell) => {
      // The artwork's URL even in native mode: the editor draws stickers from it.
      const imageUrl = data ? imageUrlOf(cell.unified, data, imageBaseUrl) : null;
      onSelect?.(selectedEmoji(cell, imageUrl));
      remember({ unified: cell.entry.unified, tone: cell.tone });
    },
    [onSelect, data, imageBaseUrl, remember],
  );
}

interface PickerSearchProps {
  placeholder: string;
  autoFocus?: boolean;
  query: string;
  onQueryChange: (query: string) => void;
  /** ArrowDown moves into the results. */
  onArrowDown: () => void;
}

function PickerSearch({ placeholder, autoFocus, query, onQueryChange, onArrowDown }: PickerSearchProps) {
  const id = useId();
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    onArrowDown();
  }
  return (
    <div className="emoji-picker__search">
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <input
        id={id}
        type="search"
        className="emoji-picker__search-input"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/** Twemoji's graphics are CC-BY 4.0: the licence asks for credit where they are shown. */
function TwemojiCredit() {
  return (
    <p className="emoji-picker__credit">
      Emoji art: Twemoji,{" "}
      <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">
        CC BY 4.0
      </a>
    </p>
  );
}

interface PickerStatusProps {
  state: "loading" | "error" | "ready";
  model: GridModel | undefined;
  searching: boolean;
  texts: EmojiPickerTexts;
  onRetry: () => void;
}

/** One live region for loading, failure, the result count and the empty result (shown, not only announced). */
function PickerStatus({ state, model, searching, texts, onRetry }: PickerStatusProps) {
  const empty = state === "ready" && searching && model?.cellCount === 0;
  let message = "";
  if (state === "loading") message = "Loading emoji…";
  else if (state === "error") message = "The emoji could not be loaded.";
  else if (empty) message = texts.noResults;
  else if (searching) message = `${model?.cellCount ?? 0} emoji found`;
  const shown = state !== "ready" || empty;
  return (
    <div className={shown ? "emoji-picker__status" : "visually-hidden"}>
      <p role="status" className="emoji-picker__status-text">
        {message}
      </p>
      {state === "error" ? (
        <button type="button" className="emoji-picker__retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

function availableCategories(recent: RecentEmoji[] | null, names: Record<CategoryKey, string>) {
  const keys = (Object.keys(DEFAULT_CATEGORY_NAMES) as CategoryKey[]).filter((key) => key !== "recent" || recent?.length);
  return keys.map((key) => ({ key, label: names[key] }));
}

function toneCell(entry: GridCell["entry"], tone: SkinTone): Omit<GridCell, "index"> {
  return { entry, ...resolveTone(entry, tone) };
}

/** The grid's sections: search results alone while searching, otherwise recent (in their own tones) and categories. */
function gridSections(
  data: EmojiData,
  recent: RecentEmoji[] | null,
  tone: SkinTone,
  query: string,
  names: Record<CategoryKey, string>,
): GridSection[] {
  if (query.trim()) {
    const results = searchEmoji(data.categories.flatMap(({ emojis }) => emojis), query);
    return [{ key: "results", label: SEARCH_RESULTS_LABEL, cells: results.map((entry) => toneCell(entry, tone)) }];
  }
  const recentCells = (recent ?? []).flatMap(({ unified, tone: pickedTone }) => {
    const entry = data.byUnified.get(unified);
    return entry ? [toneCell(entry, pickedTone)] : [];
  });
  return [
    { key: "recent", label: names.recent, cells: recentCells },
    ...data.categories.map(({ key, emojis }) => ({
      key,
      label: names[key],
      cells: emojis.map((entry) => toneCell(entry, tone)),
    })),
  ];
}

function selectedEmoji(cell: GridCell, imageUrl: string | null): SelectedEmoji {
  return { unified: cell.unified, native: nativeOf(cell.unified), name: cell.entry.name, tone: cell.tone, imageUrl };
}
